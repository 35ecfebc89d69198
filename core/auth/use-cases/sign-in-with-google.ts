import { GOOGLE_QUERY_PARAMS, authCallbackUrl } from '../domain/sign-in.js';
import type { Authenticator } from '../ports/authenticator.js';
import type { Result } from '../../shared/index.js';
import { attemptSignIn, type SignInReporting } from './sign-in-attempt.js';

/** app spec §7: signInWithOAuth google, back to origin + /auth/callback, offline + account chooser. */
export const makeSignInWithGoogle =
  (deps: SignInReporting & { authenticator: Authenticator; origin: string }) =>
  async (): Promise<Result<{ url: string }>> =>
    attemptSignIn(deps, 'google', () =>
      deps.authenticator.signInWithOAuth({
        provider: 'google',
        redirectTo: authCallbackUrl(deps.origin),
        queryParams: GOOGLE_QUERY_PARAMS,
      }),
    );
