import type { Context } from 'hono';

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

/**
 * Sets headers on a route's answer. Hono copies a finished answer for every `c.header` (a new
 * Response each time, stream and all); here it is copied once, with the first header, and the copy,
 * this request's own, takes the rest.
 */
export function setAnswerHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  let copied = false;
  for (const [name, value] of Object.entries(headers)) {
    if (copied) c.res.headers.set(name, value);
    else c.header(name, value);
    copied = true;
  }
}

/** The headers of every answer; the CSP only matters for HTML but costs nothing elsewhere. */
export function securityHeaders(sources: CspSources): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
