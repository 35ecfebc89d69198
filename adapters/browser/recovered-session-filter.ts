import type { AuthChange, Authenticator } from '../../core/auth/index.js';

/**
 * supabase-js reports SIGNED_IN not only when someone signs in on this page but also when it
 * restores a stored session (page load, tab brought back to the front) and when another tab of the
 * app signed in (it broadcasts the session to every tab). The SIGNED_IN rule (app spec §4) would then
 * push signin_succeeded on every visit, and signup_succeeded once per open tab. This authenticator
 * passes every call through and reports as TOKEN_REFRESHED, which is what they are here, a SIGNED_IN
 * for the user already signed in on this page and a SIGNED_IN this page did not finish itself (the
 * authenticator names the method of the sign-ins it finished).
 */
export function withRecoveredSessionsFiltered(inner: Authenticator): Authenticator {
  // Who was signed in when the page started (a stored session); settled before the first change is judged.
  const initial = inner.getSession().then((r) => (r.success ? (r.data?.user.id ?? null) : null));
  let known: Promise<string | null> = initial;
  const filtered: Authenticator = Object.create(inner) as Authenticator;
  filtered.onAuthChange = (listener) => {
    let queue: Promise<void> = Promise.resolve();
    return inner.onAuthChange((change: AuthChange) => {
      // Changes are judged in order, each after the previous one updated who is known.
      queue = queue.then(async () => {
        const before = await known;
        const userId = change.event === 'SIGNED_OUT' ? null : (change.session?.user.id ?? before);
        known = Promise.resolve(userId);
        const restored = change.event === 'SIGNED_IN' && (change.method === undefined || (userId !== null && userId === before));
        listener(restored ? { ...change, event: 'TOKEN_REFRESHED' } : change);
      });
    });
  };
  return filtered;
}
