import type { Hono } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './auth-context.js';
import { exchangeAuthCode } from './flow-state.js';
import { authFailure, respondAuthError, validationFailed } from './gotrue-errors.js';
import { passwordGrant } from './password-routes.js';
import { readBody } from './request-body.js';
import { refreshSession, startSession } from './sessions.js';

const refreshBody = z.object({ refresh_token: z.string().optional() });
const pkceBody = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });

/** POST /token: `password` (signInWithPassword), `refresh_token` (rotating) and `pkce` (exchangeCodeForSession) grants. */
export function registerTokenRoute(app: Hono, ctx: AuthContext): void {
  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') return passwordGrant(c, ctx);
    if (grantType === 'refresh_token') {
      const body = await readBody(c, refreshBody);
      if (!body.success) return respondAuthError(c, body.error);
      if (!body.data.refresh_token) return respondAuthError(c, validationFailed('refresh_token required'));
      const refreshed = await refreshSession(ctx, body.data.refresh_token);
      return refreshed.success ? c.json(refreshed.data, 200) : respondAuthError(c, refreshed.error);
    }
    if (grantType === 'pkce') {
      const body = await readBody(c, pkceBody);
      if (!body.success) return respondAuthError(c, body.error);
      const { auth_code: authCode, code_verifier: verifier } = body.data;
      if (!authCode || !verifier) {
        return respondAuthError(c, validationFailed('invalid request: both auth code and code verifier should be non-empty'));
      }
      const outcome = await ctx.db.transaction(async (tx) => {
        const exchanged = await exchangeAuthCode(ctx, tx, authCode, verifier);
        if (!exchanged.success) return exchanged;
        return { success: true as const, data: await startSession(ctx, tx, exchanged.data.userId, exchanged.data.method) };
      });
      return outcome.success ? c.json(outcome.data, 200) : respondAuthError(c, outcome.error);
    }
    return respondAuthError(c, authFailure(400, 'unsupported_grant_type', 'unsupported_grant_type'));
  });
}
