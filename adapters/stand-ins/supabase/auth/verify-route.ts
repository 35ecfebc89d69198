import type { Hono } from 'hono';
import { z } from 'zod';
import type { AuthContext, Queryable } from './auth-context.js';
import { deleteFlowState, issueAuthCode } from './flow-state.js';
import { otpExpired, respondAuthError, validationFailed } from './gotrue-errors.js';
import { PKCE_PREFIX, consumeEmailToken, countWrongCode, tokenHashOf } from './one-time-tokens.js';
import { errorRedirect, implicitRedirect, resolveRedirect, withQuery } from './redirects.js';
import { normalizeEmail, readBody } from './request-body.js';
import { startSession } from './sessions.js';
import { recordSignIn } from './users.js';

/** E-mail verification types the stand-in serves (invite and recovery links come from /admin/generate_link); all sign the user in. */
const EMAIL_TYPES = ['email', 'magiclink', 'signup', 'invite', 'recovery'] as const;
const UNSUPPORTED_TYPE = 'Unsupported verification type';
/** GoTrue's other verification types: the stand-in never issues their tokens, so none is ever valid (as hosted, 403). */
const NEVER_ISSUED_TYPES = ['email_change', 'sms', 'phone_change'];

const verifyBody = z.object({
  type: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
});

async function signIn(ctx: AuthContext, db: Queryable, userId: string) {
  await recordSignIn(db, userId, ctx.now(), { email_verified: true });
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** POST /verify (verifyOtp) answers a session; GET /verify is the e-mailed link and answers a 303. */
export function registerVerifyRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/verify', async (c) => {
    const body = await readBody(c, verifyBody);
    if (!body.success) return respondAuthError(c, body.error);
    const { type, token, token_hash: tokenHash } = body.data;
    if (NEVER_ISSUED_TYPES.includes(type)) return respondAuthError(c, otpExpired());
    if (!(EMAIL_TYPES as readonly string[]).includes(type)) return respondAuthError(c, validationFailed(UNSUPPORTED_TYPE));
    let hash: string;
    // The address whose code a typed token is tried against (a token hash names no address).
    let typedFor: string | null = null;
    if (tokenHash) {
      hash = tokenHash;
    } else if (token) {
      if (!body.data.email) return respondAuthError(c, validationFailed('Only an email address or phone number should be provided on verify'));
      const email = normalizeEmail(body.data.email);
      if (!email.success) return respondAuthError(c, email.error);
      hash = tokenHashOf(email.data, token.trim());
      typedFor = email.data;
    } else {
      return respondAuthError(c, validationFailed('Verify requires either a token or a token hash'));
    }
    const outcome = await ctx.db.transaction(async (tx) => {
      const consumed = await consumeEmailToken(ctx, tx, hash);
      if (!consumed.success) {
        if (typedFor !== null) await countWrongCode(ctx, tx, typedFor);
        return consumed;
      }
      if (consumed.data.flowStateId !== null) await deleteFlowState(tx, consumed.data.flowStateId);
      await signIn(ctx, tx, consumed.data.userId);
      return { success: true as const, data: await startSession(ctx, tx, consumed.data.userId, 'otp') };
    });
    if (!outcome.success) return respondAuthError(c, outcome.error);
    return c.json(outcome.data, 200);
  });

  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const type = c.req.query('type') ?? '';
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'));
    const isPkce = token.startsWith(PKCE_PREFIX);
    if (token === '' || !(EMAIL_TYPES as readonly string[]).includes(type)) {
      const description = token === '' ? 'Verify requires a token' : UNSUPPORTED_TYPE;
      return c.redirect(errorRedirect(redirectTo, { error: 'invalid_request', code: 'validation_failed', description }, isPkce), 303);
    }
    const outcome = await ctx.db.transaction(async (tx) => {
      const consumed = await consumeEmailToken(ctx, tx, token);
      if (!consumed.success) return null;
      await signIn(ctx, tx, consumed.data.userId);
      if (consumed.data.flowStateId !== null) {
        const code = await issueAuthCode(ctx, tx, consumed.data.flowStateId, consumed.data.userId);
        return withQuery(redirectTo, { code });
      }
      return implicitRedirect(redirectTo, await startSession(ctx, tx, consumed.data.userId, 'magiclink'), type);
    });
    if (outcome === null) {
      const expired = { error: 'access_denied', code: 'otp_expired', description: 'Email link is invalid or has expired' };
      return c.redirect(errorRedirect(redirectTo, expired, isPkce), 303);
    }
    return c.redirect(outcome, 303);
  });
}
