import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { fromAuth, fromRest } from '../../../adapters/supabase/supabase-errors.js';

// Pure mapping rules; the integration tests beside this file show the same codes coming from the stand-in.
describe('PostgREST errors map to domain errors by SQLSTATE / PGRST code and status', () => {
  it.each([
    ['42501', 401, 'permission denied for table profiles', 'not_authenticated'],
    ['42501', 403, 'new row violates row-level security policy for table "messages"', 'forbidden'],
    ['PGRST301', 401, 'JWSError', 'not_authenticated'],
    ['PGRST303', 401, 'JWT expired', 'not_authenticated'],
    ['PGRST116', 406, 'Cannot coerce the result to a single JSON object', 'not_found'],
    ['23503', 409, 'insert or update on table "prompt_favorites" violates foreign key constraint', 'not_found'],
    ['P0002', 404, 'message_not_found: no such message in this conversation', 'not_found'],
    ['23505', 409, 'duplicate key value violates unique constraint', 'conflict'],
    ['23505', 409, 'reference_conflict: reference r already belongs to another user', 'conflict'],
    ['P0001', 400, 'insufficient_credits: balance 1, charge 9', 'insufficient_credits'],
    ['P0001', 400, 'unknown_model: nope', 'not_found'],
    ['22023', 400, 'invalid_amount: a grant must be a positive number of credits', 'validation'],
    ['23514', 400, 'new row violates check constraint', 'validation'],
    ['22P02', 400, 'invalid input syntax for type uuid: "x"', 'validation'],
    ['PGRST100', 400, '"failed to parse filter"', 'validation'],
    ['PGRST205', 404, "Could not find the table 'public.x' in the schema cache", 'unexpected'],
    ['XX000', 500, 'internal error', 'unexpected'],
    ['', 0, 'TypeError: fetch failed', 'network'],
  ] as const)('%s (HTTP %i) "%s" → %s', (code, status, message, expected) => {
    const error = fromRest('Doing it', { code, message, details: 'facts', hint: null }, status);
    expect(error).toEqual({ code: expected, message: `Doing it: ${message}`, details: { code, status, details: 'facts' } });
  });

  it('a code chosen by the caller wins over the table', () => {
    expect(fromRest('x', { code: '42501', message: 'm' }, 403, 'not_found').code).toBe('not_found');
  });
});

describe('Auth errors map by GoTrue code, then by kind', () => {
  it.each([
    [new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'), 'validation'],
    [new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled'), 'forbidden'],
    [new AuthApiError('For security purposes, you can only request this after 59 seconds.', 429, 'over_email_send_rate_limit'), 'rate_limited'],
    [new AuthApiError('Session from session_id claim in JWT does not exist', 403, 'session_not_found'), 'not_authenticated'],
    [new AuthApiError('Invalid Refresh Token: Already Used', 400, 'refresh_token_already_used'), 'not_authenticated'],
    [new AuthApiError('code challenge does not match previously saved code verifier', 400, 'bad_code_verifier'), 'validation'],
    [new AuthApiError('Database error saving new user', 500, 'unexpected_failure'), 'unexpected'],
    [new AuthRetryableFetchError('fetch failed', 0), 'network'],
  ])('%s → %s', (error, expected) => {
    const mapped = fromAuth('Signing in', error);
    expect(mapped).toMatchObject({ code: expected, message: `Signing in: ${error.message}` });
    expect(mapped.details).toMatchObject({ code: error.code ?? error.name });
  });

  it('a rate limit says how many seconds to wait when GoTrue does', () => {
    const limited = fromAuth('Sending', new AuthApiError('For security purposes, you can only request this after 42 seconds.', 429, 'over_email_send_rate_limit'));
    expect(limited.details).toMatchObject({ retryAfterSeconds: 42 });
    const unsaid = fromAuth('Sending', new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit'));
    expect(unsaid.code).toBe('rate_limited');
    expect(unsaid.details?.['retryAfterSeconds']).toBeUndefined();
  });

  it('a missing session is the spec\'s "No authenticated user"', () => {
    expect(fromAuth('x', new AuthSessionMissingError())).toEqual({
      code: 'not_authenticated',
      message: 'No authenticated user',
      details: { code: 'session_missing' },
    });
  });

  it('something that is not an AuthError is unexpected, with its message', () => {
    expect(fromAuth('Signing out', new Error('boom'))).toEqual({ code: 'unexpected', message: 'Signing out: boom', details: { code: null } });
  });
});
