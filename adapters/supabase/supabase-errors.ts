import { isAuthError, isAuthRetryableFetchError, isAuthSessionMissingError } from '@supabase/supabase-js';
import type { z } from 'zod';
import { fail, ok, type Result, domainError, NO_AUTHENTICATED_USER, type DomainError, type DomainErrorCode } from '../../core/shared/index.js';

/** What postgrest-js hands back as `error`, plus the response status it reports beside it. */
export interface RestFailure {
  readonly code?: string;
  readonly message: string;
  readonly details?: string | null;
  readonly hint?: string | null;
}

/** PostgREST's "not exactly one row" answer to `.single()`: an absent value at this edge (app spec §8). */
export const isRowNotFound = (error: RestFailure | null): boolean => error?.code === 'PGRST116';

/** Postgres refused the anon role: PostgREST answers 401 only when nobody is signed in. */
export const isAnonymousRefusal = (error: RestFailure | null, status: number): boolean =>
  error?.code === '42501' && status === 401;

/** Functions of ours raise `P0001` with a `<reason>: <facts>` message; the reason picks the domain code. */
const RAISED_REASONS: Readonly<Record<string, DomainErrorCode>> = {
  insufficient_credits: 'insufficient_credits',
  spending_cap_reached: 'spending_cap_reached',
  unknown_model: 'not_found',
  unknown_user: 'not_found',
  message_not_found: 'not_found',
  invalid_kind: 'validation',
  invalid_amount: 'validation',
  invalid_argument: 'validation',
  reference_conflict: 'conflict',
};

const VALIDATION_SQLSTATES = new Set(['22P02', '22023', '22001', '22003', '22007', '22008', '23502', '23514']);
const VALIDATION_POSTGREST = new Set(['PGRST100', 'PGRST102', 'PGRST103', 'PGRST204']);

function restCode(error: RestFailure, status: number): DomainErrorCode {
  const code = error.code ?? '';
  const reason = /^([a-z_]+):/.exec(error.message)?.[1];
  if (reason !== undefined && RAISED_REASONS[reason] !== undefined) return RAISED_REASONS[reason];
  if (status === 0) return 'network';
  if (code === '42501') return status === 401 ? 'not_authenticated' : 'forbidden';
  if (/^PGRST30\d$/.test(code)) return 'not_authenticated';
  if (code === 'PGRST116' || code === 'P0002' || code === '23503') return 'not_found';
  if (code === '23505') return 'conflict';
  if (VALIDATION_SQLSTATES.has(code) || VALIDATION_POSTGREST.has(code) || code === 'P0001') return 'validation';
  if (status === 429) return 'rate_limited';
  return 'unexpected';
}

/**
 * Maps a PostgREST error (or postgrest-js's own fetch failure, status 0) to a domain error: the
 * message says what was being done and what the server said; details keep the foreign code.
 */
export function fromRest(action: string, error: RestFailure, status: number, code?: DomainErrorCode): DomainError {
  return domainError(code ?? restCode(error, status), `${action}: ${error.message}`, {
    code: error.code ?? null,
    status,
    ...(error.details ? { details: error.details } : {}),
    ...(error.hint ? { hint: error.hint } : {}),
  });
}

/** GoTrue error codes (`x-sb-error-code`) and the domain code each one means for the app. */
const AUTH_CODES: Readonly<Record<string, DomainErrorCode>> = {
  otp_expired: 'validation',
  validation_failed: 'validation',
  email_address_invalid: 'validation',
  bad_code_verifier: 'validation',
  flow_state_not_found: 'validation',
  flow_state_expired: 'validation',
  otp_disabled: 'forbidden',
  signup_disabled: 'forbidden',
  user_banned: 'forbidden',
  over_email_send_rate_limit: 'rate_limited',
  over_request_rate_limit: 'rate_limited',
  no_authorization: 'not_authenticated',
  bad_jwt: 'not_authenticated',
  session_not_found: 'not_authenticated',
  session_expired: 'not_authenticated',
  refresh_token_not_found: 'not_authenticated',
  refresh_token_already_used: 'not_authenticated',
  user_not_found: 'not_authenticated',
};

/** Maps whatever auth-js answered as `error` (an AuthError, or anything it threw) to a domain error. */
export function fromAuth(action: string, error: unknown): DomainError {
  if (isAuthSessionMissingError(error)) return domainError('not_authenticated', NO_AUTHENTICATED_USER, { code: 'session_missing' });
  if (!isAuthError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return domainError('unexpected', `${action}: ${message}`, { code: null });
  }
  const details = { code: error.code ?? error.name, status: error.status ?? null };
  if (isAuthRetryableFetchError(error)) return domainError('network', `${action}: ${error.message}`, details);
  const mapped = (error.code && AUTH_CODES[error.code]) || (error.status === 429 ? 'rate_limited' : undefined);
  if (mapped === 'rate_limited') {
    // GoTrue says how long to wait only in its message ("… only request this after 42 seconds.").
    const seconds = /after (\d+) seconds?/i.exec(error.message)?.[1];
    if (seconds !== undefined) return domainError('rate_limited', `${action}: ${error.message}`, { ...details, retryAfterSeconds: Number(seconds) });
  }
  // Errors raised by auth-js itself (bad callback URL, missing PKCE verifier...) carry no server code.
  const fallback: DomainErrorCode = error.status === undefined || error.status === 400 ? 'validation' : 'unexpected';
  return domainError(mapped ?? fallback, `${action}: ${error.message}`, details);
}

/** A row the server answered does not have the shape this adapter was written for (schema drift). */
export function parseRow<T>(action: string, schema: z.ZodType<T>, value: unknown): Result<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; ');
  return fail(domainError('unexpected', `${action}: the server answered an unexpected shape (${where})`, { code: 'unexpected_shape' }));
}
