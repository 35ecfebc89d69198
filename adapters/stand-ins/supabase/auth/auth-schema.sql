-- Tables the local Auth stand-in keeps beside auth.users (which the db bootstrap creates).
-- Applied at every start, so every statement is idempotent. Times come from the stand-in's clock
-- (passed as parameters) so tests can expire codes without waiting.

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  provider text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  email text,
  last_sign_in_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  amr_method text not null,
  authenticated_at timestamptz not null,
  created_at timestamptz not null,
  refreshed_at timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
-- GoTrue's time box of a session (never set by the stand-in); the schema's functions read it.
alter table auth.sessions add column if not exists not_after timestamptz;

-- Rotation keeps used tokens (revoked = true) so a replayed one is told apart from an unknown one.
create table if not exists auth.refresh_tokens (
  token text primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- A PKCE sign-in in progress, or an OAuth sign-in waiting for the provider page (state).
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code uuid unique,
  code_challenge text,
  code_challenge_method text,
  provider_type text not null,
  redirect_to text,
  authentication_method text not null,
  created_at timestamptz not null,
  auth_code_issued_at timestamptz
);

-- One e-mail carries one code and one link; token_hash = hex(sha224(email || code)) as in GoTrue.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  relates_to text not null,
  flow_state_id uuid references auth.flow_state (id) on delete cascade,
  created_at timestamptz not null
);
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (relates_to);
-- Wrong codes tried against this one (not a GoTrue column): the stand-in deletes a code at its limit.
alter table auth.one_time_tokens add column if not exists failed_attempts integer not null default 0;

-- Only the stand-in (superuser) touches these; API roles must not read sessions or codes.
do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on auth.identities, auth.sessions, auth.refresh_tokens, '
        || 'auth.flow_state, auth.one_time_tokens from %I', r);
    end if;
  end loop;
end $$;

-- As on a hosted project, the role that runs migrations (and owns their security-definer
-- functions) may read who is signed in.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') then
    grant usage on schema auth to postgres;
    grant select on auth.sessions to postgres;
  end if;
end $$;
