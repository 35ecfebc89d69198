import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { AuthUser } from '../../core/auth/index.js';

export type TokenVerdict =
  | {
      readonly ok: true;
      readonly user: AuthUser;
      /** Unix ms after which the verdict must not be reused. */
      readonly validUntil: number;
      /** The sign-in session the token belongs to (Supabase's `session_id` claim), when known. */
      readonly sessionId?: string | null;
      /**
       * Set while the token's session is still to be checked (see sessionCheckedVerifier): the token
       * itself is verified (signature, expiry, role), so `user` is who it names. Until the session is
       * known to stand, a request may only spend that user's own budget (the rate limit). `check()`
       * asks Supabase Auth and answers the final verdict; `settle(stands)` takes instead what a write
       * made in that session found (the database checked the session in the same step).
       */
      readonly session?: PendingSession;
    }
  | { readonly ok: false; readonly reason: 'missing' | 'expired' | 'invalid' | 'unreachable'; readonly message: string };

export interface PendingSession {
  readonly sessionId: string;
  check(): Promise<TokenVerdict>;
  settle(stands: boolean): TokenVerdict;
}

/** Turns a Supabase access token into its user, or says why not. */
export type TokenVerifier = (token: string) => Promise<TokenVerdict>;

/** The final verdict: the session's once it has been checked. */
export const settledVerdict = async (verdict: TokenVerdict): Promise<TokenVerdict> => (verdict.ok && verdict.session ? verdict.session.check() : verdict);

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.string(),
  email: z.string().nullish(),
  iat: z.number().optional(),
  exp: z.number(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  session_id: z.string().optional(),
});

const invalid = (message = 'The access token is not valid'): TokenVerdict => ({ ok: false, reason: 'invalid', message });

/**
 * Verifies HS256 access tokens with the project's JWT secret, as Supabase Auth signs them (and the
 * local stand-in does). Only `authenticated` users pass: the anon and service-role keys are JWTs too.
 */
export function jwtSecretVerifier(secret: string): TokenVerifier {
  // Imported once: given the raw secret, jose imports it again for every token (4x the HMAC's cost).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // A key that cannot be imported refuses every token (below), without an unhandled rejection here.
  key.catch(() => undefined);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success || claims.data.role !== 'authenticated') return invalid('The token is not a signed-in user\'s access token');
      const c = claims.data;
      return {
        ok: true,
        validUntil: c.exp * 1000,
        sessionId: c.session_id ?? null,
        user: {
          id: c.sub,
          email: c.email ?? null,
          userMetadata: c.user_metadata ?? {},
          appMetadata: c.app_metadata ?? {},
          createdAt: new Date((c.iat ?? 0) * 1000).toISOString(),
        },
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'The access token has expired; sign in again' };
      return invalid();
    }
  };
}

const userSchema = z.object({
  id: z.string().min(1),
  email: z.string().nullish(),
  created_at: z.string().optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
});

/**
 * For projects whose tokens the server cannot verify itself (asymmetric signing keys, no secret
 * configured): asks Supabase Auth `GET /auth/v1/user`. Answers are cached briefly per token, so a
 * chat's follow-up calls do not each cost a round trip.
 */
export function authServerVerifier(options: { supabaseUrl: string; anonKey: string; cacheMs?: number; fetch?: typeof fetch }): TokenVerifier {
  const cache = new Map<string, { verdict: TokenVerdict; until: number }>();
  const cacheMs = options.cacheMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;
  return async (token) => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.verdict;
    let response: Response;
    try {
      response = await doFetch(`${options.supabaseUrl}/auth/v1/user`, { headers: { apikey: options.anonKey, authorization: `Bearer ${token}` } });
    } catch {
      return { ok: false, reason: 'unreachable', message: 'The sign-in service cannot be reached; try again' };
    }
    if (response.status === 401 || response.status === 403) return invalid('The access token is not valid or has expired; sign in again');
    if (!response.ok) return { ok: false, reason: 'unreachable', message: 'The sign-in service is unavailable; try again' };
    const parsed = userSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return invalid();
    const u = parsed.data;
    const verdict: TokenVerdict = {
      ok: true,
      validUntil: now + cacheMs,
      user: { id: u.id, email: u.email ?? null, userMetadata: u.user_metadata ?? {}, appMetadata: u.app_metadata ?? {}, createdAt: u.created_at ?? '' },
    };
    if (cache.size > 10_000) cache.clear();
    cache.set(token, { verdict, until: now + cacheMs });
    return verdict;
  };
}
