import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, respondAuthError, validationFailed } from './gotrue-errors.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { readBody } from './request-body.js';
import { endSessions, sessionExists } from './sessions.js';
import type { AuthUserRecord } from './users.js';
import { findUserById, mergeUserMetadata, toUserJson } from './users.js';

interface Caller {
  readonly user: AuthUserRecord;
  readonly sessionId: string;
}

/** The Bearer access token must verify, name a live session and an existing user (GoTrue's checks). */
async function requireCaller(c: Context, ctx: AuthContext): Promise<Result<Caller, AuthFailure>> {
  const header = c.req.header('authorization') ?? '';
  const token = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (!token) return fail(authFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token'));
  const verified = await ctx.keys.verifyJwt(token);
  if (!verified.success) return fail(authFailure(403, 'bad_jwt', verified.error.message));
  const { sub, session_id: sessionId } = verified.data;
  if (!sub) return fail(authFailure(403, 'bad_jwt', 'invalid claim: missing sub claim'));
  if (!sessionId || !(await sessionExists(ctx.db, sessionId))) {
    return fail(authFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'));
  }
  const user = await findUserById(ctx.db, sub);
  if (user === null) return fail(authFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist'));
  return ok({ user, sessionId });
}

const updateBody = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  nonce: z.string().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;

export function registerUserRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/user', async (c) => {
    const caller = await requireCaller(c, ctx);
    return caller.success ? c.json(toUserJson(caller.data.user), 200) : respondAuthError(c, caller.error);
  });

  app.put('/user', async (c) => {
    const caller = await requireCaller(c, ctx);
    if (!caller.success) return respondAuthError(c, caller.error);
    const body = await readBody(c, updateBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.email || body.data.phone) {
      return respondAuthError(c, validationFailed('The local Supabase stand-in only updates user metadata (data) and the password'));
    }
    const weak = body.data.password ? passwordProblem(body.data.password) : null;
    if (weak) return respondAuthError(c, weak);
    const userId = caller.data.user.id;
    if (body.data.password) {
      await ctx.db.query('update auth.users set encrypted_password = $2 where id = $1', [userId, await hashPassword(body.data.password)]);
    }
    if (body.data.data) await mergeUserMetadata(ctx.db, userId, body.data.data, ctx.now());
    const user = await findUserById(ctx.db, userId);
    return user === null
      ? respondAuthError(c, authFailure(404, 'user_not_found', 'User not found'))
      : c.json(toUserJson(user), 200);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!(LOGOUT_SCOPES as readonly string[]).includes(scope)) {
      return respondAuthError(c, validationFailed(`Unsupported logout scope "${scope}"`));
    }
    const caller = await requireCaller(c, ctx);
    if (!caller.success) return respondAuthError(c, caller.error);
    await endSessions(ctx.db, {
      userId: caller.data.user.id,
      sessionId: caller.data.sessionId,
      scope: scope as (typeof LOGOUT_SCOPES)[number],
    });
    return c.body(null, 204);
  });
}
