import { z } from 'zod';
import { emailSchema } from '../domain/sign-in.js';
import type { Authenticator } from '../ports/authenticator.js';
import { parseInput, type Result } from '../../shared/index.js';
import { attemptSignIn, type SignInReporting } from './sign-in-attempt.js';

const inputSchema = z.object({ email: emailSchema });

/** app spec §7: signInWithOtp for a one-time code, creating the user when new. */
export const makeRequestEmailCode =
  (deps: SignInReporting & { authenticator: Authenticator }) =>
  async (input: { email: string }): Promise<Result<void>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const { email } = parsed.data;
    return attemptSignIn(deps, 'email_code', () => deps.authenticator.sendEmailCode({ email, shouldCreateUser: true }));
  };
