import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext, Queryable } from './auth-context.js';
import { isoAt } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, respondAuthError, validationFailed } from './gotrue-errors.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { normalizeEmail, readBody } from './request-body.js';
import type { SessionJson } from './sessions.js';
import { startSession } from './sessions.js';
import { createUser, findUserByEmail, mergeUserMetadata, recordSignIn, upsertIdentity } from './users.js';

const metadata = z.record(z.string(), z.unknown());

const signUpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

const passwordGrantBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
});

export interface NewEmailUser {
  readonly email: string;
  /** Already checked with passwordProblem; null for a user without one (invited, or signing in by code). */
  readonly password: string | null;
  readonly userMetadata: Record<string, unknown>;
  readonly appMetadata?: Record<string, unknown>;
  readonly confirmed: boolean;
}

/** GoTrue's e-mail sign-up: the user, its `email` identity, and `sub`/`email`/verified flags in user_metadata. */
export async function createEmailUser(ctx: AuthContext, db: Queryable, user: NewEmailUser): Promise<string> {
  const at = ctx.now();
  const identityData = { email: user.email, email_verified: user.confirmed, phone_verified: false };
  const id = await createUser(db, {
    email: user.email, provider: 'email', userMetadata: { ...user.userMetadata, ...identityData }, confirmed: user.confirmed, at,
  });
  await mergeUserMetadata(db, id, { sub: id }, at);
  await upsertIdentity(db, { userId: id, provider: 'email', providerId: id, email: user.email, data: { ...identityData, sub: id }, at });
  if (user.password !== null) {
    await db.query('update auth.users set encrypted_password = $2 where id = $1', [id, await hashPassword(user.password)]);
  }
  if (user.appMetadata && Object.keys(user.appMetadata).length > 0) {
    await db.query('update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb where id = $1', [id, user.appMetadata]);
  }
  return id;
}

const phoneDisabled = (): AuthFailure => authFailure(400, 'phone_provider_disabled', 'Phone signups are disabled');

/**
 * POST /signup (auth.signUp with a password). The stand-in autoconfirms (`mailer_autoconfirm`, as the CLI), so
 * the answer is a session, and an address already registered is 422 `user_already_exists`.
 */
export function registerPasswordRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/signup', async (c) => {
    const body = await readBody(c, signUpBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.phone) return respondAuthError(c, phoneDisabled());
    if (!body.data.email) return respondAuthError(c, validationFailed('To signup, please provide your email'));
    if (!body.data.password) return respondAuthError(c, validationFailed('Signup requires a valid password'));
    const email = normalizeEmail(body.data.email);
    if (!email.success) return respondAuthError(c, email.error);
    const weak = passwordProblem(body.data.password);
    if (weak) return respondAuthError(c, weak);
    const password = body.data.password;
    const outcome = await ctx.db.transaction(async (tx): Promise<Result<SessionJson, AuthFailure>> => {
      if ((await findUserByEmail(tx, email.data)) !== null) return fail(authFailure(422, 'user_already_exists', 'User already registered'));
      const userId = await createEmailUser(ctx, tx, { email: email.data, password, userMetadata: body.data.data ?? {}, confirmed: true });
      await recordSignIn(tx, userId, ctx.now());
      return ok(await startSession(ctx, tx, userId, 'password'));
    });
    return outcome.success ? c.json(outcome.data, 200) : respondAuthError(c, outcome.error);
  });
}

/** POST /token?grant_type=password (auth.signInWithPassword): one answer for an unknown address and a wrong password. */
export async function passwordGrant(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readBody(c, passwordGrantBody);
  if (!body.success) return respondAuthError(c, body.error);
  if (body.data.phone) return respondAuthError(c, authFailure(400, 'phone_provider_disabled', 'Phone logins are disabled'));
  if (!body.data.email) return respondAuthError(c, validationFailed('missing email or phone'));
  const invalid = authFailure(400, 'invalid_credentials', 'Invalid login credentials');
  const email = normalizeEmail(body.data.email);
  if (!email.success || !body.data.password) return respondAuthError(c, invalid);
  const password = body.data.password;
  const outcome = await ctx.db.transaction(async (tx): Promise<Result<SessionJson, AuthFailure>> => {
    const { rows } = await tx.query<{ id: string; encrypted_password: string | null; email_confirmed_at: Date | null; banned_until: Date | null }>(
      'select id, encrypted_password, email_confirmed_at, banned_until from auth.users where lower(email) = $1 and deleted_at is null',
      [email.data],
    );
    const user = rows[0];
    if (!user || !(await verifyPassword(password, user.encrypted_password))) return fail(invalid);
    if (user.banned_until !== null && user.banned_until.getTime() > ctx.now()) return fail(authFailure(400, 'user_banned', 'User is banned'));
    if (user.email_confirmed_at === null) return fail(authFailure(400, 'email_not_confirmed', 'Email not confirmed'));
    await tx.query('update auth.users set last_sign_in_at = $2 where id = $1', [user.id, isoAt(ctx.now())]);
    return ok(await startSession(ctx, tx, user.id, 'password'));
  });
  return outcome.success ? c.json(outcome.data, 200) : respondAuthError(c, outcome.error);
}
