import type { Context } from 'hono';
import type { SandboxContext } from '../../engine/context.js';
import { SandboxHttpError, invalidToken } from '../../engine/errors.js';
import type { OAuthTokenRecord } from './records.js';

export const OAUTH_ACCESS_PREFIX = 'polar_at_o_';
export const OAUTH_REFRESH_PREFIX = 'polar_rt_o_';

/** Path segment under /v1 -> scope family (read and write pairs). */
const FAMILIES: Record<string, string> = {
  organizations: 'organizations', products: 'products', benefits: 'benefits', events: 'events', meters: 'meters', files: 'files',
  subscriptions: 'subscriptions', customers: 'customers', orders: 'orders', refunds: 'refunds', webhooks: 'webhooks',
  'license-keys': 'license_keys', checkouts: 'checkouts', 'checkout-links': 'checkout_links', discounts: 'discounts',
  'custom-fields': 'custom_fields', payments: 'payments', metrics: 'metrics', 'customer-meters': 'customer_meters',
  'customer-sessions': 'customer_sessions',
};

/** The scopes that allow a call: reads accept the read or the write scope, writes need the write scope. */
export function scopesFor(method: string, path: string): string[] {
  const segment = /^\/v1\/([^/]+)/.exec(path)?.[1] ?? '';
  if (segment === 'oauth2') return ['openid'];
  const family = FAMILIES[segment];
  if (family === undefined) return ['web_default'];
  return method === 'GET' || method === 'HEAD' ? [`${family}:read`, `${family}:write`] : [`${family}:write`];
}

export const insufficientScope = (): SandboxHttpError =>
  new SandboxHttpError(
    403,
    { error: 'insufficient_scope', error_description: 'The request requires higher privileges than provided by the access token.' },
    { 'www-authenticate': 'Bearer realm="polar", error="insufficient_scope"' },
  );

export function liveToken(ctx: SandboxContext, token: string, kind: OAuthTokenRecord['kind']): OAuthTokenRecord | undefined {
  const found = ctx.db.oauthTokens.oneByIndex('token', token);
  if (found === undefined || found.kind !== kind || found.revoked || found.expires_at <= ctx.clock.now().getTime()) return undefined;
  return found;
}

const bearer = (c: Context) => /^Bearer\s+(.+)$/i.exec(c.req.header('authorization')?.trim() ?? '')?.[1]?.trim() ?? null;

/**
 * Lets OAuth access tokens (`polar_at_o_`, organization subject) call the seller routes, within
 * their scopes: the engine's auth is decorated, so every module's `ctx.auth.organization(c)` checks
 * them without knowing OAuth exists.
 */
export function acceptOAuthTokens(ctx: SandboxContext): void {
  const base = { organization: ctx.auth.organization, optional: ctx.auth.optional };
  const resolve = (c: Context) => {
    const token = bearer(c);
    if (token === null || !token.startsWith(OAUTH_ACCESS_PREFIX)) return null;
    const record = liveToken(ctx, token, 'access_token');
    const organization = record === undefined ? undefined : ctx.db.organizations.get(record.organization_id);
    if (record === undefined || organization === undefined) throw invalidToken();
    const granted = new Set(record.scope.split(' '));
    if (!scopesFor(c.req.method, new URL(c.req.url).pathname).some((s) => granted.has(s))) throw insufficientScope();
    return organization;
  };
  ctx.auth.organization = (c) => resolve(c) ?? base.organization(c);
  ctx.auth.optional = (c) => {
    const organization = resolve(c);
    return organization === null ? base.optional(c) : { kind: 'organization', organization };
  };
}
