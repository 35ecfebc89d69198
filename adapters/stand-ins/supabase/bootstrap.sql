-- What a hosted Supabase project already has before any migration runs, recreated for the local
-- stand-in on PGlite. Never deployed: hosted projects get all of this from Supabase itself.
-- Follows supabase/postgres init scripts and GoTrue's auth migrations (see README.md).

-- Roles belong to the whole cluster: on a PostgreSQL server another database may have made them.
-- `postgres` is who runs migrations on a hosted project, and it is not a superuser there (the
-- superuser is `supabase_admin`); on PGlite `postgres` is the superuser and already exists.
do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login nosuperuser createrole createdb bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit;
  end if;
end $$;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to postgres;
-- Hosted projects expose new objects in public to the API roles by default; migrations must
-- therefore revoke what they do not want exposed, and the same SQL behaves alike in both places.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;
-- As on a hosted project, migrations may read auth.users, reference it and put triggers on it.
grant all on schema auth to postgres;

-- The subset of GoTrue's auth.users the stand-in reads and writes (column names as GoTrue's).
create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  phone text,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  invited_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index users_email_key on auth.users (lower(email)) where email is not null;

create function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid $$;

create function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text $$;

create function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text $$;

create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb $$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- The supabase CLI records applied migrations in this table; the stand-in does the same.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);

grant all on all tables in schema auth to postgres;
grant execute on all functions in schema auth to postgres;
grant usage on schema supabase_migrations to postgres;
