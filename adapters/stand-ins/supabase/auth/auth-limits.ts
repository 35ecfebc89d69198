import type { Result } from '../result.js';
import { fail, ok } from '../result.js';

/**
 * Requests one client address may make per window, as hosted Supabase Auth limits them per IP
 * (Auth → Rate Limits, the CLI's `[auth.rate_limit]`); a limit of 0 turns that one off.
 */
export interface AuthRateLimits {
  /** Every way to sign up or in: `POST /otp` and the Google stand-in's `/callback` (`sign_in_sign_ups`). */
  readonly signInsAndSignUps: number;
  /** `GET` and `POST /verify` (`token_verifications`). */
  readonly tokenVerifications: number;
  /** `POST /token`: refresh and PKCE exchange (`token_refresh`). */
  readonly tokenRefreshes: number;
  /** The window all three count in (Supabase's are per 5 minutes). */
  readonly windowSeconds: number;
  /**
   * E-mails the whole project may send per hour, whoever asks (GoTrue `rate_limit.email_sent`,
   * hosted "Rate limit for sending emails"); over it `/otp` is 429 `over_email_send_rate_limit`.
   * Off (0) by default, as the Supabase CLI counts it only when it delivers by SMTP.
   */
  readonly emailsSentPerHour: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInsAndSignUps: 30,
  tokenVerifications: 30,
  tokenRefreshes: 150,
  windowSeconds: 300,
  emailsSentPerHour: 0,
};

/** Hosted Supabase's and the CLI's `email_sent` with SMTP: what the stand-in counts when it delivers by SMTP. */
export const SMTP_EMAILS_SENT_PER_HOUR = 2;

/** The defaults for whatever `limits` leaves out (or sets to undefined). */
export function withDefaultRateLimits(limits: Partial<AuthRateLimits> = {}): AuthRateLimits {
  const d = DEFAULT_AUTH_RATE_LIMITS;
  return {
    signInsAndSignUps: limits.signInsAndSignUps ?? d.signInsAndSignUps,
    tokenVerifications: limits.tokenVerifications ?? d.tokenVerifications,
    tokenRefreshes: limits.tokenRefreshes ?? d.tokenRefreshes,
    windowSeconds: limits.windowSeconds ?? d.windowSeconds,
    emailsSentPerHour: limits.emailsSentPerHour ?? d.emailsSentPerHour,
  };
}

/** Wrong codes an e-mailed code survives before it is deleted. */
export const DEFAULT_OTP_MAX_ATTEMPTS = 5;

export interface AuthProtection {
  readonly rateLimits: AuthRateLimits;
  readonly otpMaxAttempts: number;
}

/** Environment variables of the local stand-in (`npm start`, `npm run supabase:local`) and what they set. */
const COUNTS = {
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: 'signInsAndSignUps',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: 'tokenVerifications',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: 'tokenRefreshes',
  AUTH_RATE_LIMIT_EMAIL_SENT: 'emailsSentPerHour',
} as const satisfies Record<string, keyof AuthRateLimits>;
const WINDOW = 'AUTH_RATE_LIMIT_WINDOW_SECONDS';
const ATTEMPTS = 'AUTH_OTP_MAX_ATTEMPTS';

function wholeNumber(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number, min: number): Result<number, string> {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return ok(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    return fail(`${name} must be a whole number from ${min} up, got "${raw}"`);
  }
  return ok(value);
}

/** The defaults, changed by whichever of the AUTH_RATE_LIMIT_* / AUTH_OTP_MAX_ATTEMPTS variables are set. */
export function authProtectionFromEnv(env: Readonly<Record<string, string | undefined>>): Result<AuthProtection, string> {
  const limits: Record<keyof AuthRateLimits, number> = { ...DEFAULT_AUTH_RATE_LIMITS };
  for (const [name, key] of Object.entries(COUNTS)) {
    const value = wholeNumber(env, name, DEFAULT_AUTH_RATE_LIMITS[key], 0);
    if (!value.success) return value;
    limits[key] = value.data;
  }
  // A limit is turned off by a count of 0; a window of 0 would make every count meaningless.
  const window = wholeNumber(env, WINDOW, DEFAULT_AUTH_RATE_LIMITS.windowSeconds, 1);
  if (!window.success) return window;
  const attempts = wholeNumber(env, ATTEMPTS, DEFAULT_OTP_MAX_ATTEMPTS, 0);
  if (!attempts.success) return attempts;
  return ok({ rateLimits: { ...limits, windowSeconds: window.data }, otpMaxAttempts: attempts.data });
}
