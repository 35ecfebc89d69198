/**
 * Where a signed-out visitor was going when the guard sent them to /signup, kept across the e-mail
 * round trip (a magic link opens /auth/callback, maybe in a new tab). Only same-site paths count.
 */
const KEY = 'ensemble.returnTo';

export function rememberReturnTo(path: string): void {
  try {
    if (isSafePath(path)) window.localStorage.setItem(KEY, path);
  } catch {
    // Without storage the visitor lands on /chat after sign-in.
  }
}

export function takeReturnTo(fallback = '/chat'): string {
  try {
    const saved = window.localStorage.getItem(KEY);
    window.localStorage.removeItem(KEY);
    return saved !== null && isSafePath(saved) ? saved : fallback;
  } catch {
    return fallback;
  }
}

const isSafePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/signup') && !path.startsWith('/auth');
