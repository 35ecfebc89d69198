import { z } from 'zod';
import { emailSchema } from '../domain/sign-in.js';
import type { Authenticator } from '../ports/authenticator.js';
import { type Logger, parseInput, type Result } from '../../shared/index.js';

const inputSchema = z.object({ email: emailSchema });

/**
 * "Send a new code" on the code step: the sign-in that started with requestEmailCode goes on, so
 * nothing is pushed (no second signup_initiated), and a refusal is not a failed sign-up: the code
 * already sent still works. The auth server allows one e-mail per address a minute; its refusal
 * is `rate_limited` with `details.retryAfterSeconds` when it said how long to wait.
 */
export const makeResendEmailCode =
  (deps: { authenticator: Authenticator; logger: Logger }) =>
  async (input: { email: string }): Promise<Result<void>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const sent = await deps.authenticator.sendEmailCode({ email: parsed.data.email, shouldCreateUser: true });
    if (!sent.success) {
      if (sent.error.code === 'rate_limited') deps.logger.info('A new sign-in code was asked for too soon', { error: sent.error });
      else deps.logger.warn('Could not send a new sign-in code', { error: sent.error });
    }
    return sent;
  };
