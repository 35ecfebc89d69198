import { createHash, randomInt } from 'node:crypto';
import type { Result } from '../../../../core/shared/index.js';
import { fail, ok } from '../../../../core/shared/index.js';
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
  const { rows } = await db.query<{ user_id: string; flow_state_id: string | null; created_at: Date }>(
    'delete from auth.one_time_tokens where token_hash = $1 returning user_id, flow_state_id, created_at',
    [hash],
  );
  const row = rows[0];
  if (row === undefined) return fail(otpExpired());
  if (row.created_at.getTime() + ctx.otpTtlSeconds * 1000 < ctx.now()) return fail(otpExpired());
  return ok({ userId: row.user_id, flowStateId: row.flow_state_id });
}
