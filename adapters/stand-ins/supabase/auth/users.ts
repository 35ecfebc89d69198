import type { Queryable } from './auth-context.js';
import { isoAt } from './auth-context.js';

type Metadata = Record<string, unknown>;

interface UserRow {
  id: string;
  email: string | null;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  invited_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  provider: string;
  user_id: string;
  identity_data: Metadata;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface AuthUserRecord {
  readonly id: string;
  readonly email: string | null;
  readonly emailConfirmedAt: Date | null;
  readonly lastSignInAt: Date | null;
  readonly invitedAt: Date | null;
  readonly appMetadata: Metadata;
  readonly userMetadata: Metadata;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly isAnonymous: boolean;
  readonly identities: readonly IdentityRow[];
}

const USER_COLUMNS = `id, email, email_confirmed_at, last_sign_in_at, invited_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, is_anonymous`;

async function withIdentities(db: Queryable, row: UserRow | undefined): Promise<AuthUserRecord | null> {
  if (row === undefined) return null;
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, provider',
    [row.id],
  );
  return {
    id: row.id,
    email: row.email,
    emailConfirmedAt: row.email_confirmed_at,
    lastSignInAt: row.last_sign_in_at,
    invitedAt: row.invited_at,
    appMetadata: row.raw_app_meta_data ?? {},
    userMetadata: row.raw_user_meta_data ?? {},
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isAnonymous: row.is_anonymous ?? false,
    identities: rows,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<AuthUserRecord | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return withIdentities(db, rows[0]);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<AuthUserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) order by created_at limit 1`,
    [email],
  );
  return withIdentities(db, rows[0]);
}

export interface NewUser {
  readonly email: string;
  readonly provider: 'email' | 'google';
  readonly userMetadata: Metadata;
  readonly confirmed: boolean;
  readonly at: number;
}

/** Inserting into auth.users fires the schema's profile trigger, as a real sign-up does. */
export async function createUser(db: Queryable, user: NewUser): Promise<string> {
  const at = isoAt(user.at);
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at, is_anonymous)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $5, false) returning id`,
    [
      user.email,
      user.confirmed ? at : null,
      { provider: user.provider, providers: [user.provider] },
      user.userMetadata,
      at,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into auth.users returned no id');
  return id;
}

/** Adds or refreshes a provider identity and records it in app_metadata.providers. */
export async function upsertIdentity(
  db: Queryable,
  identity: { userId: string; provider: string; providerId: string; email: string; data: Metadata; at: number },
): Promise<void> {
  const at = isoAt(identity.at);
  await db.query(
    `insert into auth.identities (provider_id, provider, user_id, identity_data, email, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6, $6)
     on conflict (provider_id, provider) do update
       set identity_data = excluded.identity_data, last_sign_in_at = excluded.last_sign_in_at,
           updated_at = excluded.updated_at`,
    [identity.providerId, identity.provider, identity.userId, identity.data, identity.email, at],
  );
  await db.query(
    `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
       (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from (
          select jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb)) as p
          union select $2) providers))
     where id = $1`,
    [identity.userId, identity.provider],
  );
}

/** A successful sign-in confirms the address (the link or code proved it) and stamps the time. */
export async function recordSignIn(
  db: Queryable,
  userId: string,
  at: number,
  userMetadataPatch: Metadata = {},
): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), last_sign_in_at = $2,
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = $2
     where id = $1`,
    [userId, isoAt(at), userMetadataPatch],
  );
}

/** GoTrue's shallow merge: keys in `data` replace, `null` removes. */
export async function mergeUserMetadata(db: Queryable, userId: string, data: Metadata, at: number): Promise<void> {
  const removed = Object.keys(data).filter((key) => data[key] === null);
  const kept = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
  await db.query(
    `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = $4 where id = $1`,
    [userId, kept, removed, isoAt(at)],
  );
}

const iso = (d: Date | null) => (d === null ? undefined : d.toISOString());

/** The User object GoTrue answers (omitempty fields left out when unset). */
export function toUserJson(user: AuthUserRecord): Record<string, unknown> {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmed_at: iso(user.emailConfirmedAt),
    invited_at: iso(user.invitedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: user.identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: i.created_at.toISOString(),
      updated_at: i.updated_at.toISOString(),
      email: i.email ?? '',
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: user.isAnonymous,
  };
}
