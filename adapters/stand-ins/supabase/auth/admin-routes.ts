import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import type { AuthContext } from './auth-context.js';
import { isoAt } from './auth-context.js';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, respondAuthError, validationFailed } from './gotrue-errors.js';
import { issueEmailToken } from './one-time-tokens.js';
import { createEmailUser } from './password-routes.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { resolveRedirect } from './redirects.js';
import { normalizeEmail, readBody } from './request-body.js';
import { findUserByEmail, findUserById, toUserJson } from './users.js';

const metadata = z.record(z.string(), z.unknown());
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PER_PAGE = 50;

const createBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
});

const updateBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
});

const deleteBody = z.object({ should_soft_delete: z.boolean().optional() });

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
const linkBody = z.object({
  type: z.string(),
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.nullish(),
  redirect_to: z.string().optional(),
});

/** GoTrue's admin check: a JWT of this install whose role is service_role (the service key) or supabase_admin. */
async function requireAdmin(c: Context, ctx: AuthContext): Promise<AuthFailure | null> {
  const token = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  if (!token) return authFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await ctx.keys.verifyJwt(token);
  if (!verified.success) return authFailure(403, 'bad_jwt', verified.error.message);
  return ADMIN_ROLES.has(verified.data.role) ? null : authFailure(403, 'not_admin', 'User not allowed');
}

const userNotFound = () => authFailure(404, 'user_not_found', 'User not found');
const emailExists = () => authFailure(422, 'email_exists', 'A user with this email address has already been registered');
const phoneRefused = () => authFailure(400, 'phone_provider_disabled', 'The local Supabase stand-in manages users by e-mail only');

function positive(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw === '') return fallback;
  return /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * GoTrue's `/admin` user management for a service-role caller (auth.admin.* in supabase-js): create, list with
 * paging (`X-Total-Count` and `Link` headers), get, update, delete, and generate_link (no e-mail is sent).
 */
export function registerAdminRoutes(app: Hono, ctx: AuthContext): void {
  app.use('/admin/*', async (c, next) => {
    const refused = await requireAdmin(c, ctx);
    if (refused) return respondAuthError(c, refused);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = positive(c.req.query('page'), 1);
    const perPage = positive(c.req.query('per_page'), DEFAULT_PER_PAGE);
    if (page === null || perPage === null) return respondAuthError(c, validationFailed('Bad Pagination Parameters'));
    const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0;
    const { rows } = await ctx.db.query<{ id: string }>(
      'select id from auth.users order by created_at desc, id limit $1 offset $2', [perPage, (page - 1) * perPage]);
    const users = [];
    for (const row of rows) {
      const user = await findUserById(ctx.db, row.id);
      if (user) users.push(toUserJson(user));
    }
    const last = Math.max(1, Math.ceil(total / perPage));
    const links = [
      ...(page < last ? [`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []),
      `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`,
    ];
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ aud: 'authenticated', users }, 200);
  });

  app.post('/admin/users', async (c) => {
    const body = await readBody(c, createBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.phone) return respondAuthError(c, phoneRefused());
    if (!body.data.email) return respondAuthError(c, validationFailed('Unable to validate email address: invalid format'));
    const email = normalizeEmail(body.data.email);
    if (!email.success) return respondAuthError(c, email.error);
    const password = body.data.password ?? null;
    const weak = password === null ? null : passwordProblem(password);
    if (weak) return respondAuthError(c, weak);
    const created = await ctx.db.transaction(async (tx): Promise<Result<string, AuthFailure>> => {
      if ((await findUserByEmail(tx, email.data)) !== null) return fail(emailExists());
      return ok(await createEmailUser(ctx, tx, {
        email: email.data, password, userMetadata: body.data.user_metadata ?? {}, appMetadata: body.data.app_metadata ?? {},
        confirmed: body.data.email_confirm === true,
      }));
    });
    if (!created.success) return respondAuthError(c, created.error);
    const user = await findUserById(ctx.db, created.data);
    return user ? c.json(toUserJson(user), 200) : respondAuthError(c, userNotFound());
  });

  app.get('/admin/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return respondAuthError(c, authFailure(404, 'user_not_found', 'user_id must be an UUID'));
    const user = await findUserById(ctx.db, id);
    return user ? c.json(toUserJson(user), 200) : respondAuthError(c, userNotFound());
  });

  app.put('/admin/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return respondAuthError(c, authFailure(404, 'user_not_found', 'user_id must be an UUID'));
    const body = await readBody(c, updateBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.phone) return respondAuthError(c, phoneRefused());
    if (body.data.email !== undefined) return respondAuthError(c, validationFailed('The local Supabase stand-in does not change a user\'s e-mail address'));
    const weak = body.data.password === undefined ? null : passwordProblem(body.data.password);
    if (weak) return respondAuthError(c, weak);
    if ((await findUserById(ctx.db, id)) === null) return respondAuthError(c, userNotFound());
    const at = isoAt(ctx.now());
    await ctx.db.transaction(async (tx) => {
      if (body.data.password !== undefined) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, await hashPassword(body.data.password)]);
      if (body.data.email_confirm === true) await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1', [id, at]);
      // GoTrue merges both metadata objects key by key.
      if (body.data.user_metadata) await tx.query('update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb where id = $1', [id, body.data.user_metadata]);
      if (body.data.app_metadata) await tx.query('update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb where id = $1', [id, body.data.app_metadata]);
      await tx.query('update auth.users set updated_at = $2 where id = $1', [id, at]);
    });
    const user = await findUserById(ctx.db, id);
    return user ? c.json(toUserJson(user), 200) : respondAuthError(c, userNotFound());
  });

  app.delete('/admin/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return respondAuthError(c, authFailure(404, 'user_not_found', 'user_id must be an UUID'));
    const body = await readBody(c, deleteBody);
    if (!body.success) return respondAuthError(c, body.error);
    if (body.data.should_soft_delete) return respondAuthError(c, validationFailed('The local Supabase stand-in deletes users for good only (no soft delete)'));
    const user = await findUserById(ctx.db, id);
    if (user === null) return respondAuthError(c, userNotFound());
    await ctx.db.query('delete from auth.users where id = $1', [id]);
    return c.json(toUserJson(user), 200);
  });

  app.post('/admin/generate_link', async (c) => {
    const body = await readBody(c, linkBody);
    if (!body.success) return respondAuthError(c, body.error);
    const type = body.data.type;
    if (!(LINK_TYPES as readonly string[]).includes(type)) return respondAuthError(c, validationFailed(`Invalid email action link type requested: ${type}`));
    if (type === 'email_change_current' || type === 'email_change_new') {
      return respondAuthError(c, validationFailed(`The local Supabase stand-in does not generate ${type} links`));
    }
    const email = normalizeEmail(body.data.email ?? '');
    if (!email.success) return respondAuthError(c, email.error);
    if (type === 'signup') {
      if (!body.data.password) return respondAuthError(c, validationFailed('Signup requires a valid password'));
      const weak = passwordProblem(body.data.password);
      if (weak) return respondAuthError(c, weak);
    }
    const redirectTo = resolveRedirect(ctx, c.req.query('redirect_to') ?? body.data.redirect_to);
    const outcome = await ctx.db.transaction(async (tx): Promise<Result<{ userId: string; hash: string; code: string }, AuthFailure>> => {
      const existing = await findUserByEmail(tx, email.data);
      let userId: string;
      if (type === 'signup' || type === 'invite') {
        if (existing !== null) return fail(emailExists());
        userId = await createEmailUser(ctx, tx, {
          email: email.data, password: type === 'signup' ? (body.data.password ?? null) : null, userMetadata: body.data.data ?? {}, confirmed: false,
        });
        if (type === 'invite') await tx.query('update auth.users set invited_at = $2 where id = $1', [userId, isoAt(ctx.now())]);
      } else {
        if (existing === null) return fail(authFailure(404, 'user_not_found', 'User with this email not found'));
        userId = existing.id;
      }
      const issued = await issueEmailToken(ctx, tx, { userId, email: email.data, flowStateId: null });
      return ok({ userId, hash: issued.linkToken, code: issued.code });
    });
    if (!outcome.success) return respondAuthError(c, outcome.error);
    const user = await findUserById(ctx.db, outcome.data.userId);
    if (user === null) return respondAuthError(c, userNotFound());
    const link = new URL(`${ctx.apiExternalUrl}/auth/v1/verify`);
    link.searchParams.set('token', outcome.data.hash);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', redirectTo);
    return c.json({
      ...toUserJson(user),
      action_link: link.toString(),
      email_otp: outcome.data.code,
      hashed_token: outcome.data.hash,
      verification_type: type,
      redirect_to: redirectTo,
    }, 200);
  });
}
