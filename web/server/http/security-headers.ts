import type { MiddlewareHandler } from 'hono';

export interface CspSources {
  readonly supabaseUrl: string | null;
  /** Set only when a tag manager is configured. */
  readonly tagManager: boolean;
  readonly supportWidgetSrc: string | null;
}

const GTM = 'https://www.googletagmanager.com';
/**
 * What a tag manager container commonly loads and reports to (Google's CSP guidance for Tag Manager
 * with Google Analytics 4): scripts from any googletagmanager host, beacons to google-analytics and
 * analytics.google.com. Only sent when a tag manager is configured.
 */
const GTM_SCRIPTS = [GTM, 'https://*.googletagmanager.com'];
const GTM_BEACONS = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** The Content-Security-Policy: the app itself, its Supabase project, and third parties only when configured. */
export function contentSecurityPolicy(sources: CspSources): string {
  const widget = sources.supportWidgetSrc ? new URL(sources.supportWidgetSrc).origin : null;
  const extra = (...hosts: (string | null | false)[]) => hosts.filter((h): h is string => typeof h === 'string' && h !== '');
  const supabase = sources.supabaseUrl ? new URL(sources.supabaseUrl).origin : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(sources.tagManager ? GTM_SCRIPTS : []), ...extra(widget)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(sources.tagManager ? GTM_BEACONS : []), ...extra(widget)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(supabase, supabase?.replace(/^http/, 'ws') ?? null), ...(sources.tagManager ? GTM_BEACONS : []), ...extra(widget)],
    'frame-src': extra(sources.tagManager && GTM, widget).length > 0 ? extra(sources.tagManager && GTM, widget) : ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers on every answer; the CSP only matters for HTML but costs nothing elsewhere. */
export function securityHeaders(sources: CspSources): MiddlewareHandler {
  const csp = contentSecurityPolicy(sources);
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
