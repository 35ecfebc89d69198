import type { TokenVerdict, TokenVerifier } from './token-verifier.js';

type SessionState = 'active' | 'ended' | 'unreachable';

/**
 * Asks Supabase Auth whether the token's session still stands: `GET /auth/v1/user` answers 401 / 403
 * (`session_not_found`) once the user signed out (POST /auth/v1/logout) or the session was revoked.
 */
export function authServerSessionState(options: { supabaseUrl: string; anonKey: string; fetch?: typeof fetch }): (token: string) => Promise<SessionState> {
  const doFetch = options.fetch ?? fetch;
  return async (token) => {
    try {
      const response = await doFetch(`${options.supabaseUrl}/auth/v1/user`, {
        headers: { apikey: options.anonKey, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      if (response.ok) return 'active';
      return response.status === 401 || response.status === 403 ? 'ended' : 'unreachable';
    } catch {
      return 'unreachable';
    }
  };
}

/**
 * A verifier that also ends with the session: the token is verified locally (signature, expiry,
 * role), then its session is checked with Supabase Auth at most every `cacheMs` per session, so a
 * token whose user signed out is refused within `cacheMs` of sign-out (an access token alone would
 * stay valid until it expires, an hour). Concurrent requests of one session share one check; an
 * ended session is remembered as ended. A session checked within `cacheMs` answers at once; else the
 * verdict comes as soon as the token is verified, with the check still running (`session`, the final
 * verdict), so the request's rate limit can be taken meanwhile.
 */
export function sessionCheckedVerifier(local: TokenVerifier, sessionState: (token: string) => Promise<SessionState>, options: { cacheMs: number; now?: () => number }): TokenVerifier {
  const now = options.now ?? Date.now;
  const checked = new Map<string, { state: 'active' | 'ended'; at: number }>();
  const running = new Map<string, Promise<SessionState>>();
  const remembered = (key: string) => {
    const hit = checked.get(key);
    return hit && (hit.state === 'ended' || now() < hit.at + options.cacheMs) ? hit : null;
  };
  const stateOf = async (key: string, token: string): Promise<{ state: SessionState; at: number }> => {
    let pending = running.get(key);
    if (!pending) {
      pending = sessionState(token).finally(() => running.delete(key));
      running.set(key, pending);
    }
    const state = await pending;
    const at = now();
    if (state !== 'unreachable') {
      if (checked.size > 10_000) checked.clear();
      checked.set(key, { state, at });
    }
    return { state, at };
  };
  const final = (verdict: Extract<TokenVerdict, { ok: true }>, { state, at }: { state: SessionState; at: number }): TokenVerdict => {
    if (state === 'unreachable') return { ok: false, reason: 'unreachable', message: 'The sign-in service cannot be reached to check the session; try again' };
    if (state === 'ended') return { ok: false, reason: 'invalid', message: 'This session has ended (signed out); sign in again' };
    return { ...verdict, validUntil: Math.min(verdict.validUntil, at + options.cacheMs) };
  };
  return async (token) => {
    const verdict = await local(token);
    if (!verdict.ok) return verdict;
    const key = verdict.sessionId ?? token;
    const hit = remembered(key);
    if (hit) return final(verdict, hit);
    let asked: Promise<TokenVerdict> | null = null;
    const settle = (stands: boolean): TokenVerdict => {
      const at = now();
      const state = stands ? 'active' : 'ended';
      if (checked.size > 10_000) checked.clear();
      checked.set(key, { state, at });
      return final(verdict, { state, at });
    };
    // Asked only when the request needs it: a write that checks the session itself settles it.
    const check = () => (asked ??= stateOf(key, token).then((state) => final(verdict, state)));
    return { ...verdict, session: { sessionId: verdict.sessionId ?? '', check, settle } };
  };
}
