import type { KeyValueStore } from '../../interface/index.js';

/** Local-storage key of where a signed-out visitor was going when sent to sign up. */
export const RETURN_TO_KEY = 'ensemble.returnTo';

/** Only a path of this site, and never back into sign-up or the auth callback. */
export const isReturnPath = (path: string): boolean =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/signup') && !path.startsWith('/auth');

/**
 * app spec §2, §4: where a signed-out visitor of a member page was going is kept across the e-mail
 * round trip (a magic link opens /auth/callback, maybe in a new tab), then taken once after sign-in.
 */
export const makeRememberReturnTo =
  (deps: { keyValueStore: KeyValueStore }) =>
  (path: string): void => {
    if (isReturnPath(path)) deps.keyValueStore.set(RETURN_TO_KEY, path);
  };

/** Where to go after sign-in: the kept path (once), else `fallback`. */
export const makeTakeReturnTo =
  (deps: { keyValueStore: KeyValueStore }) =>
  (fallback = '/chat'): string => {
    const saved = deps.keyValueStore.get(RETURN_TO_KEY);
    deps.keyValueStore.remove(RETURN_TO_KEY);
    return saved !== null && isReturnPath(saved) ? saved : fallback;
  };
