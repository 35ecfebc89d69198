import { z } from 'zod';
import type { AuthSession } from '../domain/auth.js';
import type { Authenticator } from '../ports/authenticator.js';
import { type Logger, parseInput, type Result } from '../../shared/index.js';
import type { AuthErrorSink } from './sign-in-attempt.js';

const inputSchema = z.object({
  callbackUrl: z.string({ error: 'callbackUrl must be text' }).min(1, { error: 'callbackUrl is required' }),
});

/**
 * The /auth/callback page: finishes a magic-link or Google sign-in from the URL it landed on.
 * The callback does not say which of the two started it, so no signup_failed is pushed here (its
 * `method` would be a guess); the failure is logged and kept as the auth error (app spec §8).
 */
export const makeCompleteRedirectSignIn =
  (deps: { authenticator: Authenticator; logger: Logger; authErrors?: AuthErrorSink }) =>
  async (input: { callbackUrl: string }): Promise<Result<AuthSession>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const completed = await deps.authenticator.completeRedirect(parsed.data.callbackUrl);
    if (!completed.success) {
      deps.logger.error('Could not complete the sign-in', { error: completed.error });
      deps.authErrors?.reportError(completed.error);
    }
    return completed;
  };
