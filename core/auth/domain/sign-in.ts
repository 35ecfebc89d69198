import { z } from 'zod';
import type { SignInMethod } from './auth.js';

/** app spec §2: magic links and Google both come back to this route of the current origin. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

export const authCallbackUrl = (origin: string): string => `${origin.replace(/\/+$/, '')}${AUTH_CALLBACK_PATH}`;

/** app spec §7: Google is asked for offline access and always shows the account chooser. */
export const GOOGLE_QUERY_PARAMS: Readonly<Record<string, string>> = Object.freeze({
  access_type: 'offline',
  prompt: 'select_account',
});

/**
 * GoTrue sends one sign-in e-mail per address a minute (its default, and the local stand-in's):
 * the page counts down instead of asking sooner and being refused.
 */
export const EMAIL_RESEND_INTERVAL_SECONDS = 60;

export const INVALID_EMAIL = 'Invalid email';
export const INVALID_CODE = 'The code must be 6 to 10 digits';

/** app spec §5: the one message an unusable address gets, whatever is wrong with it. */
export const emailSchema = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .pipe(z.email({ error: INVALID_EMAIL }));

/** GoTrue sends `otp_length` digits (6 by default, configurable up to 10). */
export const emailCodeSchema = z
  .string({ error: INVALID_CODE })
  .trim()
  .regex(/^\d{6,10}$/, { error: INVALID_CODE });

/**
 * The analytics `method` of signup_succeeded / signin_succeeded, in the vocabulary of
 * signup_initiated: how this sign-in was made. The tab that finished it knows (the authenticator
 * reports it with the SIGNED_IN change); otherwise the provider tells Google apart, and an e-mail
 * sign-in whose kind is unknown counts as the magic link, the only e-mail sign-in that can finish
 * outside the tab that asked for it.
 */
export const signInMethodOf = (reported: SignInMethod | undefined, provider: string | undefined): SignInMethod => {
  if (reported) return reported;
  return provider === 'google' ? 'google' : 'magic_link';
};

export type { SignInMethod };
