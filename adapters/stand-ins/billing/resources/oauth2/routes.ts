import type { Context, Hono } from 'hono';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { authorizeQuery, tokenForm, tokenRequest } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { SandboxHttpError } from '../../engine/errors.js';
import { newId, newSecret } from '../../engine/ids.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { html, json } from '../../engine/respond.js';
import { parseBody, parseOr422 } from '../../engine/validation.js';
import { escapeHtml, page } from '../../pages/html.js';
import type { OAuthClientRecord, OAuthTokenRecord } from './records.js';
import { OAUTH_ACCESS_PREFIX, OAUTH_REFRESH_PREFIX, acceptOAuthTokens, liveToken } from './scopes.js';

const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 30 * 24 * 3600;
const CODE_TTL_S = 600;

/** OAuth2 errors are RFC 6749 bodies, not the provider's `{error, detail}`. */
const oauthError = (error: string, description: string, status = 400) => new SandboxHttpError(status, { error, error_description: description });

const registerBody = z.object({
  client_name: z.string().min(1),
  redirect_uris: z.array(z.url()).min(1),
  scope: z.string().min(1).default('openid profile email'),
  client_uri: z.string().nullable().optional(),
  logo_uri: z.string().nullable().optional(),
  tos_uri: z.string().nullable().optional(),
  policy_uri: z.string().nullable().optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

const consentForm = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  scope: z.string().default(''),
  state: z.string().optional(),
  organization_id: z.string().min(1),
  action: z.enum(['allow', 'deny']),
});

async function formBody(c: Context): Promise<Record<string, string>> {
  const text = await c.req.text();
  return Object.fromEntries(new URLSearchParams(text));
}

const clientPublic = (k: OAuthClientRecord) => ({
  created_at: k.created_at, modified_at: k.modified_at, client_id: k.client_id, client_name: k.client_name, client_uri: k.client_uri,
  logo_uri: k.logo_uri, tos_uri: k.tos_uri, policy_uri: k.policy_uri,
});

const orgSub = (o: OrganizationRecord) => ({ id: o.id, slug: o.slug, avatar_url: o.avatar_url });

/**
 * OAuth2: dynamic client registration, authorize (JSON for API clients, a
 * consent page for browsers), token (authorization_code, refresh_token with rotation), revoke,
 * introspect, userinfo. The subject is always an organization; its tokens then call the seller
 * routes within their scopes (`scopes.ts`).
 */
export function registerOAuth2(app: Hono, ctx: SandboxContext): void {
  const { oauthClients, oauthTokens } = ctx.db;
  acceptOAuthTokens(ctx);

  const clientById = (clientId: string | undefined) => (clientId === undefined ? undefined : oauthClients.oneByIndex('clientId', clientId));
  const authenticate = (clientId: string, secret: string): OAuthClientRecord => {
    const client = clientById(clientId);
    if (client === undefined || client.client_secret !== secret) throw oauthError('invalid_client', 'Client authentication failed.', 401);
    return client;
  };
  const nowS = () => Math.floor(ctx.clock.now().getTime() / 1000);

  /** Checks the authorize request against the registered client (RFC 6749 §4.1.2.1). */
  const checkRequest = (query: z.output<typeof authorizeQuery>) => {
    const client = clientById(query.client_id);
    if (client === undefined) throw oauthError('invalid_client', 'Unknown client_id.');
    const redirect = query.redirect_uri ?? client.redirect_uris[0] ?? '';
    if (!client.redirect_uris.includes(redirect)) throw oauthError('invalid_request', 'redirect_uri is not registered for this client.');
    const scopes = (query.scope ?? client.scope).split(' ').filter((s) => s !== '');
    const allowed = new Set(client.scope.split(' '));
    const unknown = scopes.filter((s) => !allowed.has(s));
    if (unknown.length > 0) throw oauthError('invalid_scope', `Scopes not allowed for this client: ${unknown.join(', ')}.`);
    return { client, redirect, scopes };
  };

  app.post('/v1/oauth2/register', async (c) => {
    ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, registerBody);
    const client = ctx.store.transaction(() =>
      oauthClients.put({
        id: newId(), created_at: ctx.now(), modified_at: null, client_id: newSecret('polar_ci_'), client_secret: newSecret('polar_cs_'),
        client_name: body.client_name, client_uri: body.client_uri ?? null, logo_uri: body.logo_uri ?? null, tos_uri: body.tos_uri ?? null,
        policy_uri: body.policy_uri ?? null, redirect_uris: body.redirect_uris, scope: body.scope,
      }),
    );
    return json({
      ...clientPublic(client), client_secret: client.client_secret, client_id_issued_at: Math.floor(Date.parse(client.created_at) / 1000),
      client_secret_expires_at: 0, redirect_uris: client.redirect_uris, scope: client.scope, token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
    }, 201);
  });

  app.get('/v1/oauth2/authorize', (c) => {
    const raw = Object.fromEntries(new URL(c.req.url).searchParams);
    const query = parseOr422(authorizeQuery, raw, 'query');
    const subject = ctx.auth.optional(c);
    const { client, redirect, scopes } = checkRequest(query);
    const organizations = subject?.kind === 'organization' ? [subject.organization] : [...ctx.db.organizations.values()];
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      const options = organizations.map((o) => `<option value="${escapeHtml(o.id)}">${escapeHtml(o.name)} (${escapeHtml(o.slug)})</option>`).join('');
      const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      return html(page(`Authorize ${client.client_name}`, `
<h1 id="consent-title">${escapeHtml(client.client_name)} wants access</h1>
<p>Scopes requested:</p><ul id="consent-scopes">${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="/v1/oauth2/consent">
${hidden('client_id', client.client_id)}${hidden('redirect_uri', redirect)}${hidden('scope', scopes.join(' '))}${hidden('state', query.state ?? '')}
<label for="organization_id">Organization</label><select id="organization_id" name="organization_id">${options}</select>
<button type="submit" name="action" value="allow" id="consent-allow">Allow</button>
<button type="submit" name="action" value="deny" class="secondary" id="consent-deny">Deny</button>
</form>`));
    }
    const common = { client: clientPublic(client), scopes };
    if (query.sub_type === 'user') return json({ ...common, sub_type: 'user', sub: null });
    return json({ ...common, sub_type: 'organization', sub: subject?.kind === 'organization' ? orgSub(subject.organization) : null, organizations: organizations.map(orgSub) });
  });

  /** The consent page's answer: a redirect to the client with a code (or access_denied). */
  app.post('/v1/oauth2/consent', async (c) => {
    const form = parseOr422(consentForm, await formBody(c), 'body');
    const { client, redirect, scopes } = checkRequest({ client_id: form.client_id, redirect_uri: form.redirect_uri, scope: form.scope || undefined });
    const target = new URL(redirect);
    if (form.state) target.searchParams.set('state', form.state);
    if (form.action === 'deny') {
      target.searchParams.set('error', 'access_denied');
      return c.redirect(target.toString(), 302);
    }
    if (ctx.db.organizations.get(form.organization_id) === undefined) throw oauthError('invalid_request', 'Unknown organization.');
    const code = newSecret('polar_ac_');
    ctx.store.transaction(() =>
      oauthTokens.put({
        id: newId(), kind: 'code', token: code, client_id: client.client_id, organization_id: form.organization_id, scope: scopes.join(' '),
        redirect_uri: redirect, issued_at: nowS(), expires_at: (nowS() + CODE_TTL_S) * 1000, revoked: false, pair_id: null,
      }),
    );
    target.searchParams.set('code', code);
    return c.redirect(target.toString(), 302);
  });

  const issue = async (client: OAuthClientRecord, organizationId: string, scope: string) => {
    const iat = nowS();
    const access: OAuthTokenRecord = {
      id: newId(), kind: 'access_token', token: newSecret(OAUTH_ACCESS_PREFIX), client_id: client.client_id, organization_id: organizationId,
      scope, redirect_uri: null, issued_at: iat, expires_at: (iat + ACCESS_TTL_S) * 1000, revoked: false, pair_id: null,
    };
    const refresh: OAuthTokenRecord = { ...access, id: newId(), kind: 'refresh_token', token: newSecret(OAUTH_REFRESH_PREFIX), expires_at: (iat + REFRESH_TTL_S) * 1000, pair_id: access.id };
    const idToken = await new SignJWT({ sub_type: 'organization', scope })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ctx.publicUrl).setSubject(organizationId).setAudience(client.client_id).setIssuedAt(iat).setExpirationTime(iat + ACCESS_TTL_S)
      .sign(new TextEncoder().encode(client.client_secret));
    return { access, refresh, idToken };
  };

  app.post('/v1/oauth2/token', async (c) => {
    const form = parseOr422(tokenRequest, await formBody(c), 'body');
    const client = authenticate(form.client_id, form.client_secret);
    const previous = form.grant_type === 'authorization_code' ? liveToken(ctx, form.code, 'code') : liveToken(ctx, form.refresh_token, 'refresh_token');
    if (previous === undefined || previous.client_id !== client.client_id) throw oauthError('invalid_grant', 'The grant is invalid, expired or revoked.');
    if (form.grant_type === 'authorization_code' && previous.redirect_uri !== form.redirect_uri) throw oauthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    const { access, refresh, idToken } = await issue(client, previous.organization_id, previous.scope);
    ctx.store.transaction(() => {
      // codes are single use; refresh tokens rotate (the old pair is revoked)
      oauthTokens.update(previous.id, { revoked: true });
      if (previous.pair_id !== null && oauthTokens.get(previous.pair_id) !== undefined) oauthTokens.update(previous.pair_id, { revoked: true });
      oauthTokens.put(access);
      oauthTokens.put(refresh);
    });
    return json({ access_token: access.token, token_type: 'Bearer', expires_in: ACCESS_TTL_S, refresh_token: refresh.token, scope: access.scope, id_token: idToken });
  });

  /** The hint only speeds the provider's lookup; the token is found whatever its kind (RFC 7009 §2.1). */
  const findToken = (token: string, clientId: string) => {
    const found = oauthTokens.oneByIndex('token', token);
    return found === undefined || found.kind === 'code' || found.client_id !== clientId ? undefined : found;
  };

  app.post('/v1/oauth2/revoke', async (c) => {
    const form = parseOr422(tokenForm, await formBody(c), 'body');
    const client = authenticate(form.client_id, form.client_secret);
    const found = findToken(form.token, client.client_id);
    if (found !== undefined) {
      ctx.store.transaction(() => {
        oauthTokens.update(found.id, { revoked: true });
        const partner = found.pair_id !== null ? oauthTokens.get(found.pair_id) : oauthTokens.find((t) => t.pair_id === found.id);
        if (partner !== undefined) oauthTokens.update(partner.id, { revoked: true });
      });
    }
    return json({});
  });

  /** RFC 7662: an unknown, expired or revoked token is `{"active": false}` alone, as the server answers. */
  app.post('/v1/oauth2/introspect', async (c) => {
    const form = parseOr422(tokenForm, await formBody(c), 'body');
    const client = authenticate(form.client_id, form.client_secret);
    const found = findToken(form.token, client.client_id);
    if (found === undefined || liveToken(ctx, found.token, found.kind) === undefined) return json({ active: false });
    return json({
      active: true, client_id: found.client_id, token_type: found.kind, scope: found.scope, sub_type: 'organization', sub: found.organization_id,
      aud: found.client_id, iss: ctx.publicUrl, exp: Math.floor(found.expires_at / 1000), iat: found.issued_at,
    });
  });

  app.get('/v1/oauth2/userinfo', (c) => {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization')?.trim() ?? '')?.[1]?.trim() ?? '';
    if (token.startsWith(OAUTH_ACCESS_PREFIX)) {
      const record = liveToken(ctx, token, 'access_token');
      if (record !== undefined && !record.scope.split(' ').includes('openid')) {
        throw new SandboxHttpError(403, { error: 'insufficient_scope', error_description: 'The openid scope is required.' });
      }
    }
    const org = ctx.auth.organization(c);
    return json({ sub: org.id, name: org.name });
  });
}
