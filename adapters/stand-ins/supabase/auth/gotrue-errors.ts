import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** An expected Auth failure, answered in GoTrue's error shape. */
export interface AuthFailure {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly message: string;
  /** Further keys of GoTrue's error body (e.g. `weak_password: {reasons}`). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

export const authFailure = (
  status: ContentfulStatusCode, code: string, message: string, extra?: Readonly<Record<string, unknown>>,
): AuthFailure => ({ status, code, message, ...(extra ? { extra } : {}) });

export const otpExpired = (): AuthFailure => authFailure(403, 'otp_expired', 'Token has expired or is invalid');
/** GoTrue's answer when a client address is over one of its per-IP request limits. */
export const overRequestRateLimit = (): AuthFailure => authFailure(429, 'over_request_rate_limit', 'Request rate limit reached');
export const validationFailed = (message: string): AuthFailure => authFailure(400, 'validation_failed', message);

/**
 * GoTrue answers `{code: "<error_code>", message}` when the client announced API version
 * 2024-01-01 (auth-js always does), else the legacy `{code: <status>, error_code, msg}`.
 */
export function respondAuthError(c: Context, failure: AuthFailure): Response {
  c.header('x-sb-error-code', failure.code);
  const requested = c.req.header(API_VERSION_HEADER);
  if (requested !== undefined && requested >= API_VERSION_2024) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: failure.code, message: failure.message, ...failure.extra }, failure.status);
  }
  return c.json({ code: failure.status, error_code: failure.code, msg: failure.message, ...failure.extra }, failure.status);
}
