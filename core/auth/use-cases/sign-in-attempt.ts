import type { SignInMethod } from '../domain/auth.js';
import type { AnalyticsTracker } from '../../interface/index.js';
import type { Logger, DomainError, Result } from '../../shared/index.js';

/** Where auth errors are kept for the UI (the session controller's error state, app spec §8). */
export interface AuthErrorSink {
  reportError(error: DomainError): void;
}

export interface SignInReporting {
  readonly analytics: AnalyticsTracker;
  readonly logger: Logger;
  readonly authErrors?: AuthErrorSink;
}

/** app spec §7, §8: a failed sign-in is pushed as signup_failed, logged and kept as the auth error. */
export const reportSignInFailure = (
  deps: SignInReporting,
  method: SignInMethod,
  error: DomainError,
): void => {
  // No one is signed in when a sign-in fails: the event carries no user_id (never an empty one).
  deps.analytics.track({ event: 'signup_failed', method });
  deps.logger.error('Sign-in failed', { method, error });
  deps.authErrors?.reportError(error);
};

/**
 * app spec §7: signup_initiated when a sign-in starts, signup_failed when its request fails. An
 * e-mail refused as too soon after the last one is not a failure: the code or link sent a moment
 * ago still works, and the page says so.
 */
export const attemptSignIn = async <T>(
  deps: SignInReporting,
  method: SignInMethod,
  request: () => Promise<Result<T>>,
): Promise<Result<T>> => {
  deps.analytics.track({ event: 'signup_initiated', method });
  const result = await request();
  if (!result.success) {
    if (result.error.code === 'rate_limited') deps.logger.info('A sign-in e-mail was asked for too soon', { method, error: result.error });
    else reportSignInFailure(deps, method, result.error);
  }
  return result;
};
