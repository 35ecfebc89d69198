import type { Context, MiddlewareHandler } from 'hono';
import { ok } from '../../../core/shared/index.js';
import { apiError } from '../http/api-error.js';
import { countAfterRoute } from '../http/rate-limit.js';
import type { AuthUser } from '../../../core/auth/index.js';
import type { AppEnv, ServerUseCases, ServerUseCaseSource } from '../http/app-env.js';
import type { TokenVerdict, TokenVerifier } from '../../../adapters/auth/token-verifier.js';

/** A check that runs beside the token's session check once the token names its user (the rate limit). */
export type Alongside = (c: Context<AppEnv>) => Promise<Response | null>;

/**
 * Every user-bound /api route: `Authorization: Bearer <Supabase access token>`. A verified token
 * becomes the request's caller, and the use cases of this request act for that caller only.
 * `alongside` (the per-user rate limit) runs once the token itself is verified, at the same time as
 * its session check with Supabase Auth: two round trips at once rather than one after the other.
 * The token's own refusal comes first, then the session's, then alongside's. Answers the refusal,
 * or null when the request may go on.
 */
export function requireUser(verify: TokenVerifier, useCases: ServerUseCaseSource): (c: Context<AppEnv>, alongside?: Alongside, options?: { sessionInWrite?: boolean }) => Promise<Response | null> {
  // Verifying a token (an HMAC on the crypto thread pool, or a call to Supabase Auth) costs more than
  // the rest of a request. A browser sends many requests with one token, so the last few hundred
  // verified tokens are remembered, each only until its own expiry: the same token string can only
  // ever carry the same claims.
  const recent = new Map<string, { user: AuthUser; validUntil: number; useCases: ServerUseCases }>();
  const remembered = (token: string) => {
    const hit = recent.get(token);
    if (!hit) return null;
    recent.delete(token);
    if (hit.validUntil <= Date.now()) return null;
    recent.set(token, hit);
    return hit;
  };
  // The caller's use cases are built once per user (the last few hundred users): a new token of a
  // known user (refreshed, another session, a session checked again after a pause) reuses them. They
  // act for the claims of that user's most recently accepted token.
  const callers = new Map<string, { user: AuthUser; useCases: ServerUseCases }>();
  const useCasesOf = (user: AuthUser): ServerUseCases => {
    const known = callers.get(user.id);
    if (known) {
      callers.delete(user.id);
      callers.set(user.id, known);
      return known.useCases;
    }
    const caller = { user, useCases: undefined as unknown as ServerUseCases };
    caller.useCases = useCases.forCaller(async () => ok(caller.user));
    callers.set(user.id, caller);
    if (callers.size > 500) callers.delete(callers.keys().next().value as string);
    return caller.useCases;
  };
  const entryFor = (user: AuthUser, validUntil: number) => ({ user, validUntil, useCases: useCasesOf(user) });
  const remember = (token: string, entry: { user: AuthUser; validUntil: number; useCases: ServerUseCases }) => {
    recent.set(token, entry);
    if (recent.size > 500) recent.delete(recent.keys().next().value as string);
  };
  const refusal = (c: Context<AppEnv>, verdict: Extract<TokenVerdict, { ok: false }>) => {
    if (verdict.reason === 'unreachable') return apiError(c, 503, 'auth_unavailable', verdict.message);
    return apiError(c, 401, verdict.reason === 'expired' ? 'token_expired' : 'invalid_token', verdict.message);
  };
  return async (c, alongside, options = {}) => {
    c.set('sessionInWrite', undefined);
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      return apiError(c, 401, 'not_authenticated', 'Sign in first: send the Supabase access token as "Authorization: Bearer <token>"');
    }
    const token = match[1];
    const known = remembered(token);
    if (known) {
      c.set('user', known.user);
      c.set('useCases', known.useCases);
      return alongside ? alongside(c) : null;
    }
    const verdict = await verify(token);
    if (!verdict.ok) return refusal(c, verdict);
    // The token's signature names the user: their rate limit may be taken while the session is checked.
    c.set('user', verdict.user);
    const limited = alongside ? alongside(c) : null;
    const session = verdict.session;
    // The caller's use cases are built while the round trips are out.
    const entry = entryFor(verdict.user, verdict.validUntil);
    const accept = (settled: Extract<TokenVerdict, { ok: true }>) => {
      const caller = callers.get(settled.user.id);
      if (caller) caller.user = settled.user;
      remember(token, settled === verdict ? entry : { ...entry, validUntil: settled.validUntil });
    };
    if (session && session.sessionId !== '' && options.sessionInWrite) {
      // The route's write checks the session in the same step: no round trip of its own here.
      const tooMany = await limited;
      if (tooMany) return tooMany;
      c.set('useCases', entry.useCases);
      c.set('sessionInWrite', {
        sessionId: session.sessionId,
        settle: (stands) => {
          const settled = session.settle(stands);
          if (!settled.ok) return refusal(c, settled);
          accept(settled);
          return null;
        },
        refusal: async () => {
          const settled = await session.check();
          if (!settled.ok) return refusal(c, settled);
          accept(settled);
          return null;
        },
      });
      return null;
    }
    const [settled, tooMany] = await Promise.all([session ? session.check() : verdict, limited]);
    if (!settled.ok) return refusal(c, settled);
    accept(settled);
    c.set('useCases', entry.useCases);
    return tooMany;
  };
}

/**
 * The gate of the user routes: the token check (`requireUser`), with the per-user rate limit taken
 * beside it (`reads` for GET and HEAD, `writes` for the rest, each in buckets of its own). The route
 * runs only once both allow it; a bucket seen roomy is counted once the answer went out instead
 * (see rateLimits). `sessionInWrite`: the route checks the caller's sign-in session in the same step
 * that writes (POST /api/chat). A request passes one gate only: one its route names itself comes
 * first, and the sub-app's gate after it lets the caller it found by.
 */
export function userGate(
  authed: ReturnType<typeof requireUser>,
  limits: { readonly reads: Alongside; readonly writes: Alongside },
  options: { readonly sessionInWrite?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  const sessionInWrite = options.sessionInWrite ?? false;
  return async (c, next) => {
    if (c.get('user') !== undefined) return next();
    try {
      const refused = await authed(c, c.req.method === 'GET' || c.req.method === 'HEAD' ? limits.reads : limits.writes, { sessionInWrite });
      if (refused) return refused;
      await next();
    } finally {
      countAfterRoute(c);
    }
  };
}
