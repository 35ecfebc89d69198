import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AuthContext, Queryable } from './auth-context.js';
import type { FlowState } from './flow-state.js';
import { createFlowState, deleteFlowState, findFlowState, issueAuthCode, parsePkceChallenge } from './flow-state.js';
import { respondAuthError, validationFailed } from './gotrue-errors.js';
import { renderGoogleStandInPage } from './google-stand-in-page.js';
import { STAND_IN_ICON } from '../page-icon.js';
import { errorRedirect, implicitRedirect, resolveRedirect, withQuery } from './redirects.js';
import { normalizeEmail } from './request-body.js';
import { startSession } from './sessions.js';
import { createUser, findUserByEmail, recordSignIn, upsertIdentity } from './users.js';

/** Query parameters GoTrue consumes itself; the rest is meant for the provider. */
const RESERVED = new Set(['provider', 'redirect_to', 'code_challenge', 'code_challenge_method', 'scopes', 'skip_http_redirect', 'flow_type', 'invite_token']);
const STAND_IN_PATH = '/auth/v1/local-google';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stable, Google-like numeric subject per address, so repeated sign-ins find the same identity. */
const googleSubjectOf = (email: string) =>
  BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 16)}`).toString().padStart(21, '1');

async function liveFlowState(ctx: AuthContext, state: string | undefined): Promise<FlowState | null> {
  if (state === undefined || !UUID.test(state)) return null;
  const flow = await findFlowState(ctx.db, state);
  const fresh = flow !== null && flow.createdAt.getTime() + ctx.otpTtlSeconds * 1000 >= ctx.now();
  // A flow that already named its user (PKCE code issued) must not be completed a second time.
  return fresh && flow.providerType === 'google' && flow.userId === null ? flow : null;
}

async function knownEmails(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    'select email from auth.users where email is not null order by last_sign_in_at desc nulls last, created_at desc limit 12',
  );
  return rows.map((r) => r.email);
}

async function signInWithGoogle(ctx: AuthContext, db: Queryable, email: string, name: string): Promise<string> {
  const at = ctx.now();
  const sub = googleSubjectOf(email);
  const identityData: Record<string, unknown> = {
    iss: 'https://accounts.google.com', sub, provider_id: sub, email, email_verified: true, phone_verified: false,
    ...(name === '' ? {} : { name, full_name: name }),
  };
  const existing = await findUserByEmail(db, email);
  const userId =
    existing?.id ?? (await createUser(db, { email, provider: 'google', userMetadata: identityData, confirmed: true, at }));
  await upsertIdentity(db, { userId, provider: 'google', providerId: sub, email, data: identityData, at });
  // GoTrue refreshes user_metadata from the provider's identity data at every external sign-in.
  await recordSignIn(db, userId, at, identityData);
  return userId;
}

/** GET /authorize → stand-in page (in place of Google) → POST /callback → redirect to the app. */
export function registerOAuthRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider') ?? '';
    if (provider !== 'google') {
      return respondAuthError(c, validationFailed(`Unsupported provider: Provider ${provider} could not be found`));
    }
    const pkce = parsePkceChallenge(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
    if (!pkce.success) return respondAuthError(c, pkce.error);
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'));
    const state = await createFlowState(ctx, ctx.db, { pkce: pkce.data, providerType: 'google', redirectTo, authenticationMethod: 'oauth' });
    const page = new URL(`${ctx.apiExternalUrl}${STAND_IN_PATH}`);
    page.searchParams.set('state', state);
    const scopes = c.req.query('scopes');
    if (scopes) page.searchParams.set('scope', scopes);
    for (const [key, value] of new URL(c.req.url).searchParams) if (!RESERVED.has(key)) page.searchParams.set(key, value);
    return c.redirect(page.toString(), 302);
  });

  app.get('/local-google', async (c) => {
    const state = c.req.query('state');
    if ((await liveFlowState(ctx, state)) === null) return c.html(expiredPage(), 400);
    const providerParams = Object.fromEntries([...new URL(c.req.url).searchParams].filter(([k]) => k !== 'state'));
    return c.html(renderGoogleStandInPage({ state: state ?? '', knownEmails: await knownEmails(ctx.db), providerParams }));
  });

  const callback = async (c: Context) => {
    const form = c.req.method === 'POST' ? await c.req.parseBody() : c.req.query();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const flow = await liveFlowState(ctx, field('state'));
    if (flow === null) {
      const invalid = { error: 'invalid_request', code: 'bad_oauth_state', description: 'OAuth state is invalid or has expired' };
      return c.redirect(errorRedirect(ctx.siteUrl, invalid, false), 302);
    }
    const redirectTo = resolveRedirect(ctx, flow.redirectTo);
    const isPkce = flow.codeChallenge !== null;
    if (field('action') === 'cancel') {
      await deleteFlowState(ctx.db, flow.id);
      const cancelled = { error: 'access_denied', code: 'provider_error', description: 'Sign-in was cancelled on the local Google stand-in' };
      return c.redirect(errorRedirect(redirectTo, cancelled, isPkce), 302);
    }
    const email = normalizeEmail(field('email'));
    const name = field('name').trim().slice(0, 200);
    if (!email.success) {
      const page = renderGoogleStandInPage({ state: flow.id, knownEmails: await knownEmails(ctx.db), providerParams: {}, email: field('email'), name, error: email.error.message });
      return c.html(page, 400);
    }
    const target = await ctx.db.transaction(async (tx) => {
      const userId = await signInWithGoogle(ctx, tx, email.data, name);
      if (isPkce) return withQuery(redirectTo, { code: await issueAuthCode(ctx, tx, flow.id, userId) });
      await deleteFlowState(tx, flow.id);
      return implicitRedirect(redirectTo, await startSession(ctx, tx, userId, 'oauth'));
    });
    return c.redirect(target, 302);
  };
  app.get('/callback', callback);
  app.post('/callback', callback);
}

const expiredPage = () =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local stand-in for Google sign-in</title>' +
  `<link rel="icon" href="${STAND_IN_ICON}"></head>` +
  '<body><h1>Local stand-in for Google sign-in</h1><p>This sign-in is unknown or has expired. Start again from the app.</p></body></html>';
