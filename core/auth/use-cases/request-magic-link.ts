import { z } from 'zod';
import { authCallbackUrl, emailSchema } from '../domain/sign-in.js';
import type { Authenticator } from '../ports/authenticator.js';
import { parseInput, type Result } from '../../shared/index.js';
import { attemptSignIn, type SignInReporting } from './sign-in-attempt.js';

const inputSchema = z.object({ email: emailSchema });

/** app spec §7: signInWithOtp with `emailRedirectTo = origin + /auth/callback`. */
export const makeRequestMagicLink =
  (deps: SignInReporting & { authenticator: Authenticator; origin: string }) =>
  async (input: { email: string }): Promise<Result<void>> => {
    const parsed = parseInput(inputSchema, input);
    if (!parsed.success) return parsed;
    const { email } = parsed.data;
    return attemptSignIn(deps, 'magic_link', () =>
      deps.authenticator.sendMagicLink({ email, emailRedirectTo: authCallbackUrl(deps.origin) }),
    );
  };
