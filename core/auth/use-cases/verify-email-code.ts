import { z } from 'zod';
import type { AuthSession } from '../domain/auth.js';
import { emailCodeSchema, emailSchema } from '../domain/sign-in.js';
import type { Authenticator } from '../ports/authenticator.js';
import { parseInput, type Result } from '../../shared/index.js';
import { reportSignInFailure, type SignInReporting } from './sign-in-attempt.js';

const inputSchema = z.object({ email: emailSchema, code: emailCodeSchema });

/**
 * app spec §7: verifyOtp `{email, token, type: 'email'}`. The sign-in started when the code was
 * requested, so only a failure is pushed here; success is the SIGNED_IN rule's business.
 */
export const makeVerifyEmailCode =
  (deps: SignInReporting & { authenticator: Authenticator }) =>
  async (input: { email: string; code: string }): Promise<Result<AuthSession>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const { email, code } = parsed.data;
    const verified = await deps.authenticator.verifyEmailCode({ email, token: code, type: 'email' });
    if (!verified.success) reportSignInFailure(deps, 'email_code', verified.error);
    return verified;
  };
