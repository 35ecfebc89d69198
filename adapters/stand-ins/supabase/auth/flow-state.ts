import { createHash, randomUUID } from 'node:crypto';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext, Queryable } from './auth-context.js';
import { isoAt } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, validationFailed } from './gotrue-errors.js';

export interface PkceChallenge {
  readonly codeChallenge: string;
  readonly method: 's256' | 'plain';
}

/** Both PKCE parameters or neither; GoTrue compares the method case-insensitively. */
export function parsePkceChallenge(
  challenge: string | null | undefined,
  method: string | null | undefined,
): Result<PkceChallenge | null, AuthFailure> {
  const hasChallenge = challenge !== null && challenge !== undefined && challenge !== '';
  const hasMethod = method !== null && method !== undefined && method !== '';
  if (!hasChallenge && !hasMethod) return ok(null);
  if (!hasChallenge || !hasMethod) {
    return fail(validationFailed('PKCE flow requires code_challenge_method and code_challenge'));
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    return fail(validationFailed(`code challenge method not supported: ${method}`));
  }
  if (challenge.length < 43 || challenge.length > 128) {
    return fail(validationFailed('code challenge has to be between 43 and 128 characters'));
  }
  return ok({ codeChallenge: challenge, method: normalized });
}

export interface FlowState {
  readonly id: string;
  readonly userId: string | null;
  readonly codeChallenge: string | null;
  readonly codeChallengeMethod: string | null;
  readonly providerType: string;
  readonly redirectTo: string | null;
  readonly authenticationMethod: string;
  readonly createdAt: Date;
}

export async function createFlowState(
  ctx: AuthContext,
  db: Queryable,
  input: { pkce: PkceChallenge | null; providerType: string; redirectTo: string; authenticationMethod: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.flow_state (id, code_challenge, code_challenge_method, provider_type, redirect_to,
       authentication_method, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      input.pkce?.codeChallenge ?? null,
      input.pkce?.method ?? null,
      input.providerType,
      input.redirectTo,
      input.authenticationMethod,
      isoAt(ctx.now()),
    ],
  );
  return id;
}

export async function findFlowState(db: Queryable, id: string): Promise<FlowState | null> {
  const { rows } = await db.query<{
    id: string; user_id: string | null; code_challenge: string | null; code_challenge_method: string | null;
    provider_type: string; redirect_to: string | null; authentication_method: string; created_at: Date;
  }>('select * from auth.flow_state where id = $1', [id]);
  const row = rows[0];
  if (row === undefined) return null;
  return {
    id: row.id,
    userId: row.user_id,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    providerType: row.provider_type,
    redirectTo: row.redirect_to,
    authenticationMethod: row.authentication_method,
    createdAt: row.created_at,
  };
}

export async function deleteFlowState(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.flow_state where id = $1', [id]);
}

/** The user proved who they are; the browser gets this code to trade with its verifier. */
export async function issueAuthCode(ctx: AuthContext, db: Queryable, flowStateId: string, userId: string): Promise<string> {
  const authCode = randomUUID();
  await db.query('update auth.flow_state set user_id = $2, auth_code = $3, auth_code_issued_at = $4 where id = $1', [
    flowStateId,
    userId,
    authCode,
    isoAt(ctx.now()),
  ]);
  return authCode;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /token?grant_type=pkce: the code works once, within the flow-state lifetime, with the right verifier. */
export async function exchangeAuthCode(
  ctx: AuthContext,
  db: Queryable,
  authCode: string,
  verifier: string,
): Promise<Result<{ userId: string; method: string }, AuthFailure>> {
  const notFound = authFailure(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (!UUID.test(authCode)) return fail(notFound);
  const { rows } = await db.query<{
    user_id: string | null; code_challenge: string | null; code_challenge_method: string | null;
    authentication_method: string; auth_code_issued_at: Date | null;
  }>('delete from auth.flow_state where auth_code = $1 returning *', [authCode]);
  const row = rows[0];
  if (row === undefined || row.user_id === null || row.code_challenge === null) return fail(notFound);
  const issuedAt = row.auth_code_issued_at?.getTime() ?? 0;
  if (issuedAt + ctx.flowStateTtlSeconds * 1000 < ctx.now()) {
    return fail(authFailure(422, 'flow_state_expired', 'invalid flow state, flow state has expired'));
  }
  const computed =
    row.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  if (computed !== row.code_challenge) {
    return fail(authFailure(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'));
  }
  return ok({ userId: row.user_id, method: row.authentication_method });
}
