import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env.js';

export interface CspSources {
  readonly supabaseUrl: string | null;
  /** Set only when a tag manager is configured. */
  readonly tagManager: boolean;
  readonly supportWidgetSrc: string | null;
}

type CspDirectives = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

const GTM = 'https://www.googletagmanager.com';
/**
 * What a tag manager container commonly loads and reports to (Google's CSP guidance for Tag Manager
 * with Google Analytics 4): scripts from any googletagmanager host, beacons to google-analytics and
 * analytics.google.com. Only sent when a tag manager is configured.
 */
const GTM_SCRIPTS = [GTM, 'https://*.googletagmanager.com'];
const GTM_BEACONS = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** The Content-Security-Policy's directives: the app itself, its Supabase project, and third parties only when configured. */
function cspDirectives(sources: CspSources): CspDirectives {
  const widget = sources.supportWidgetSrc ? new URL(sources.supportWidgetSrc).origin : null;
  const extra = (...hosts: (string | null | false)[]) => hosts.filter((h): h is string => typeof h === 'string' && h !== '');
  const supabase = sources.supabaseUrl ? new URL(sources.supabaseUrl).origin : null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(sources.tagManager ? GTM_SCRIPTS : []), ...extra(widget)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(sources.tagManager ? GTM_BEACONS : []), ...extra(widget)],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extra(supabase, supabase?.replace(/^http/, 'ws') ?? null), ...(sources.tagManager ? GTM_BEACONS : []), ...extra(widget)],
    frameSrc: extra(sources.tagManager && GTM, widget).length > 0 ? extra(sources.tagManager && GTM, widget) : ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** The Content-Security-Policy header's value (as `securityHeaders` sends it). */
export function contentSecurityPolicy(sources: CspSources): string {
  return Object.entries(cspDirectives(sources))
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${[values].flat().join(' ')}`)
    .join('; ');
}

/**
 * The headers of every answer, set by Hono's secureHeaders once the route answered (a refusal, an
 * error and a streamed chat included): the CSP (it only matters for HTML but costs nothing
 * elsewhere), nosniff, the referrer policy, no framing, a same-origin opener. Hono's other defaults
 * (HSTS, CORP, Origin-Agent-Cluster and the legacy ones) are left off: the app never sent them.
 */
export function securityHeaders(sources: CspSources): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: cspDirectives(sources),
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}
