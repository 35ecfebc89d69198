import { randomBytes, randomUUID } from 'node:crypto';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext, Queryable } from './auth-context.js';
import { isoAt } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure } from './gotrue-errors.js';
import type { AuthUserRecord } from './users.js';
import { findUserById, toUserJson } from './users.js';

/** GoTrue's session JSON (`tokens.AccessTokenResponse`). */
export interface SessionJson {
  readonly access_token: string;
  readonly token_type: 'bearer';
  readonly expires_in: number;
  readonly expires_at: number;
  readonly refresh_token: string;
  readonly user: Record<string, unknown>;
}

interface SessionRow {
  id: string;
  amr_method: string;
  authenticated_at: Date;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

async function signFor(ctx: AuthContext, user: AuthUserRecord, session: SessionRow, refreshToken: string) {
  const signed = await ctx.keys.signAccessToken(
    { id: user.id, email: user.email, appMetadata: user.appMetadata, userMetadata: user.userMetadata },
    { id: session.id, method: session.amr_method, authenticatedAt: Math.floor(session.authenticated_at.getTime() / 1000) },
  );
  return {
    access_token: signed.accessToken,
    token_type: 'bearer' as const,
    expires_in: signed.expiresIn,
    expires_at: signed.expiresAt,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
}

/** Starts a session for a user who just proved who they are (`method` becomes the JWT amr). */
export async function startSession(
  ctx: AuthContext,
  db: Queryable,
  userId: string,
  method: string,
): Promise<SessionJson> {
  const at = ctx.now();
  const session: SessionRow = { id: randomUUID(), amr_method: method, authenticated_at: new Date(at) };
  await db.query(
    'insert into auth.sessions (id, user_id, amr_method, authenticated_at, created_at) values ($1, $2, $3, $4, $4)',
    [session.id, userId, method, isoAt(at)],
  );
  const refreshToken = newRefreshToken();
  await db.query(
    'insert into auth.refresh_tokens (token, session_id, user_id, created_at) values ($1, $2, $3, $4)',
    [refreshToken, session.id, userId, isoAt(at)],
  );
  const user = await findUserById(db, userId);
  if (user === null) throw new Error(`user ${userId} vanished while starting a session`);
  return signFor(ctx, user, session, refreshToken);
}

interface RefreshRow {
  token: string;
  session_id: string;
  user_id: string;
  revoked: boolean;
}

interface ActiveTokenRow {
  token: string;
  parent: string | null;
  created_at: Date;
}

const alreadyUsed = () => authFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
const sessionNotFound = () => authFailure(400, 'session_not_found', 'Session not found');

/**
 * The grace answer for a used token: its child must be the session's active token and the token
 * must have been used (revoked, i.e. its child created) no longer than the reuse interval ago.
 * Answers the active token, or null when the reuse is to be treated as theft.
 */
async function graceToken(ctx: AuthContext, tx: Queryable, row: RefreshRow): Promise<string | null> {
  if (ctx.refreshTokenReuseIntervalSeconds <= 0) return null;
  const { rows } = await tx.query<ActiveTokenRow>(
    `select token, parent, created_at from auth.refresh_tokens
      where session_id = $1 and revoked = false order by created_at desc limit 1`,
    [row.session_id],
  );
  const active = rows[0];
  if (active === undefined || active.parent !== row.token) return null;
  // The child was created in the same transaction that revoked its parent: its birth is the revocation time.
  const usedAt = new Date(active.created_at).getTime();
  return ctx.now() - usedAt <= ctx.refreshTokenReuseIntervalSeconds * 1000 ? active.token : null;
}

/**
 * Rotation: refreshing with the session's current token revokes it and issues its child. A used token
 * is accepted again only inside the reuse interval (GoTrue `security_refresh_token_reuse_interval`)
 * and only while its child is still the active token: the answer is then built on that active token,
 * so two tabs refreshing at once end up holding the same token. Any other replay is treated as
 * theft: the whole session (every token, and `GET /user` for its access tokens) ends and the
 * answer is 400 `refresh_token_already_used`.
 */
export async function refreshSession(ctx: AuthContext, token: string): Promise<Result<SessionJson, AuthFailure>> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow>(
      'select token, session_id, user_id, revoked from auth.refresh_tokens where token = $1 for update',
      [token],
    );
    const row = rows[0];
    if (row === undefined) {
      return fail(authFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'));
    }
    const sessions = await tx.query<SessionRow>(
      'select id, amr_method, authenticated_at from auth.sessions where id = $1 for update',
      [row.session_id],
    );
    const session = sessions.rows[0];
    if (session === undefined) return fail(sessionNotFound());
    const at = isoAt(ctx.now());
    let issued: string;
    if (row.revoked) {
      const active = await graceToken(ctx, tx, row);
      if (active === null) {
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return fail(alreadyUsed());
      }
      issued = active;
    } else {
      issued = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true where token = $1', [token]);
      await tx.query(
        'insert into auth.refresh_tokens (token, session_id, user_id, parent, created_at) values ($1, $2, $3, $4, $5)',
        [issued, session.id, row.user_id, token, at],
      );
    }
    await tx.query('update auth.sessions set refreshed_at = $2 where id = $1', [session.id, at]);
    const user = await findUserById(tx, row.user_id);
    if (user === null) return fail(sessionNotFound());
    return ok(await signFor(ctx, user, session, issued));
  });
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** POST /logout scopes: `global` ends every session of the user, `local` this one, `others` the rest. */
export async function endSessions(
  db: Queryable,
  input: { userId: string; sessionId: string; scope: 'global' | 'local' | 'others' },
): Promise<void> {
  if (input.scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [input.userId]);
    return;
  }
  const operator = input.scope === 'local' ? '=' : '<>';
  await db.query(`delete from auth.sessions where user_id = $1 and id ${operator} $2`, [input.userId, input.sessionId]);
}
