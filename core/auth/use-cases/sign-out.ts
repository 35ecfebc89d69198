import type { Authenticator } from '../ports/authenticator.js';
import type { Logger, Result } from '../../shared/index.js';
import type { AuthErrorSink } from './sign-in-attempt.js';

/** app spec §7 Auth signOut; the session controller clears session and user on SIGNED_OUT. */
export const makeSignOut =
  (deps: { authenticator: Authenticator; logger: Logger; authErrors?: AuthErrorSink }) =>
  async (): Promise<Result<void>> => {
    const signedOut = await deps.authenticator.signOut();
    if (!signedOut.success) {
      deps.logger.error('Could not sign out', { error: signedOut.error });
      deps.authErrors?.reportError(signedOut.error);
    }
    return signedOut;
  };
