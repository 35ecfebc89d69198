import type { Hono } from 'hono';
import { z } from 'zod';
import type { AuthContext, Queryable } from './auth-context.js';
import { createFlowState, parsePkceChallenge } from './flow-state.js';
import { authFailure, respondAuthError, validationFailed } from './gotrue-errors.js';
import { issueEmailToken } from './one-time-tokens.js';
import { resolveRedirect } from './redirects.js';
import { SlidingWindowLimiter } from './request-rate-limit.js';
import { normalizeEmail, readBody } from './request-body.js';
import { composeSignInEmail } from './sign-in-email.js';
import { createUser, findUserByEmail, mergeUserMetadata, upsertIdentity } from './users.js';

const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  create_user: z.boolean().optional(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/**
 * POST /otp: signInWithOtp. Unknown addresses are signed up first (unless create_user is false),
 * then one e-mail carries the magic link and the code. The stand-in autoconfirms, like the CLI.
 */
export function registerOtpRoute(app: Hono, ctx: AuthContext): void {
  const lastSentAt = new Map<string, number>();
  // One count for the whole project, whichever address or client asks.
  const projectEmails = ctx.emailsSentPerHour > 0 ? new SlidingWindowLimiter(ctx.emailsSentPerHour, 3600 * 1000, ctx.now) : null;

  app.post('/otp', async (c) => {
    const body = await readBody(c, otpBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.phone) return respondAuthError(c, authFailure(400, 'phone_provider_disabled', 'Unsupported phone provider'));
    if (!body.data.email) return respondAuthError(c, validationFailed('You must provide either an email or phone number.'));
    const email = normalizeEmail(body.data.email);
    if (!email.success) return respondAuthError(c, email.error);
    const pkce = parsePkceChallenge(body.data.code_challenge, body.data.code_challenge_method);
    if (!pkce.success) return respondAuthError(c, pkce.error);

    const previous = lastSentAt.get(email.data);
    const waitMs = previous === undefined ? 0 : previous + ctx.emailMinIntervalSeconds * 1000 - ctx.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return respondAuthError(
        c,
        authFailure(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
      );
    }

    // Counted before anything is written, and given back when no e-mail goes out after all.
    const counted = projectEmails?.take(PROJECT);
    if (counted && !counted.success) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(counted.error.retryAfterMs / 1000))));
      return respondAuthError(c, authFailure(429, 'over_email_send_rate_limit', 'email rate limit exceeded'));
    }
    const refund = () => projectEmails?.giveBack(PROJECT);

    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to'));
    const issued = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email.data);
      if (existing === null && body.data.create_user === false) return null;
      const userId = existing?.id ?? (await signUpByEmail(ctx, tx, email.data, body.data.data ?? {}));
      const flowStateId =
        pkce.data === null
          ? null
          : await createFlowState(ctx, tx, { pkce: pkce.data, providerType: 'magiclink', redirectTo, authenticationMethod: 'magiclink' });
      return issueEmailToken(ctx, tx, { userId, email: email.data, flowStateId });
    });
    if (issued === null) {
      refund();
      return respondAuthError(c, authFailure(422, 'otp_disabled', 'Signups not allowed for otp'));
    }

    const link = new URL(`${ctx.apiExternalUrl}/auth/v1/verify`);
    link.searchParams.set('token', issued.linkToken);
    link.searchParams.set('type', 'magiclink');
    link.searchParams.set('redirect_to', redirectTo);
    try {
      await ctx.mailbox.send(await composeSignInEmail({ to: email.data, link: link.toString(), code: issued.code }));
    } catch (error) {
      refund();
      throw error;
    }
    lastSentAt.set(email.data, ctx.now());
    return c.json({}, 200);
  });
}

/** The key of the project-wide e-mail count. */
const PROJECT = 'project';

/** GoTrue's sign-up: identity data (sub, email, verified flags) is copied into user_metadata. */
async function signUpByEmail(
  ctx: AuthContext,
  db: Queryable,
  email: string,
  data: Record<string, unknown>,
): Promise<string> {
  const at = ctx.now();
  const identityData = { email, email_verified: false, phone_verified: false };
  const id = await createUser(db, {
    email,
    provider: 'email',
    userMetadata: { ...data, ...identityData },
    confirmed: false,
    at,
  });
  await mergeUserMetadata(db, id, { sub: id }, at);
  await upsertIdentity(db, { userId: id, provider: 'email', providerId: id, email, data: { ...identityData, sub: id }, at });
  return id;
}
