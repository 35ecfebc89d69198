import { createHash, randomInt } from 'node:crypto';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext, Queryable } from './auth-context.js';
import { isoAt } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { otpExpired } from './gotrue-errors.js';

const OTP_LENGTH = 6;
/** Links of a PKCE sign-in carry this prefix, which is how GET /verify tells the flows apart. */
export const PKCE_PREFIX = 'pkce_';

/** GoTrue's token hash: hex(SHA-224(email + otp)). */
export const tokenHashOf = (email: string, code: string): string =>
  createHash('sha224').update(email.toLowerCase() + code).digest('hex');

export interface IssuedEmailToken {
  readonly code: string;
  /** What the e-mailed link carries (`pkce_` + hash in a PKCE flow). */
  readonly linkToken: string;
}

/** A new code replaces any unused one for the same address, as GoTrue keeps one per user. */
export async function issueEmailToken(
  ctx: AuthContext,
  db: Queryable,
  input: { userId: string; email: string; flowStateId: string | null },
): Promise<IssuedEmailToken> {
  const email = input.email.toLowerCase();
  await db.query(`delete from auth.one_time_tokens where relates_to = $1 and token_type = 'magiclink'`, [email]);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const hash = tokenHashOf(email, code);
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id, created_at)
     values ($1, 'magiclink', $2, $3, $4, $5)`,
    [input.userId, hash, email, input.flowStateId, isoAt(ctx.now())],
  );
  return { code, linkToken: input.flowStateId === null ? hash : PKCE_PREFIX + hash };
}

export interface ConsumedToken {
  readonly userId: string;
  readonly flowStateId: string | null;
}

/**
 * Codes are single-use: the row is deleted as it is read, so a second use (or a race of two)
 * finds nothing. Unknown, used and expired codes all get the same answer, as in GoTrue.
 */
export async function consumeEmailToken(
  ctx: AuthContext,
  db: Queryable,
  tokenHash: string,
): Promise<Result<ConsumedToken, AuthFailure>> {
  const hash = tokenHash.startsWith(PKCE_PREFIX) ? tokenHash.slice(PKCE_PREFIX.length) : tokenHash;
  const { rows } = await db.query<{ user_id: string; flow_state_id: string | null; created_at: Date; failed_attempts: number }>(
    'delete from auth.one_time_tokens where token_hash = $1 returning user_id, flow_state_id, created_at, failed_attempts',
    [hash],
  );
  const row = rows[0];
  if (row === undefined) return fail(otpExpired());
  if (row.created_at.getTime() + ctx.otpTtlSeconds * 1000 < ctx.now()) return fail(otpExpired());
  // A code at its limit is deleted by the guess that reached it; this catches one a lower limit caught up with.
  if (ctx.otpMaxAttempts > 0 && row.failed_attempts >= ctx.otpMaxAttempts) return fail(otpExpired());
  return ok({ userId: row.user_id, flowStateId: row.flow_state_id });
}

/**
 * A wrong code typed for an address counts against the code outstanding for it, and the guess that
 * reaches the limit deletes that code: a six-digit code can then be guessed `otpMaxAttempts` times
 * per e-mail, and every new e-mail is held back by the e-mail and sign-in limits. The count is one
 * UPDATE ... RETURNING, so parallel guesses queue on the row and each sees the ones before it; a
 * guess that waited for the deleting one finds no row at all.
 */
export async function countWrongCode(ctx: AuthContext, db: Queryable, email: string): Promise<void> {
  if (ctx.otpMaxAttempts <= 0) return;
  const { rows } = await db.query<{ id: string; failed_attempts: number }>(
    `update auth.one_time_tokens set failed_attempts = failed_attempts + 1
     where relates_to = $1 and token_type = 'magiclink' returning id, failed_attempts`,
    [email.toLowerCase()],
  );
  for (const row of rows) {
    if (row.failed_attempts >= ctx.otpMaxAttempts) await db.query('delete from auth.one_time_tokens where id = $1', [row.id]);
  }
}
