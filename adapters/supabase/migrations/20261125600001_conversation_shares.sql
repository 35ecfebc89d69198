-- Read-only public links to a conversation (issue 19): one link per conversation at most, an
-- unguessable token, ended by deleting the row. Visitors never query this table: the app server
-- looks a token up with the service role and answers the title and messages only.

create table public.conversation_shares (
  conversation_id uuid primary key references public.conversations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{22,64}$'),
  created_at timestamptz not null default now()
);
create index conversation_shares_user on public.conversation_shares (user_id);

alter table public.conversation_shares enable row level security;
revoke all on table public.conversation_shares from anon, authenticated;
grant select, insert, delete on table public.conversation_shares to authenticated;
grant all on table public.conversation_shares to service_role;

create policy "conversation_shares: owner reads" on public.conversation_shares for select to authenticated
  using ((select auth.uid()) = user_id);
-- A link only for a conversation of one's own.
create policy "conversation_shares: owner shares own conversations" on public.conversation_shares for insert to authenticated
  with check ((select auth.uid()) = user_id and exists (
    select 1 from public.conversations c where c.id = conversation_id and c.user_id = (select auth.uid())));
create policy "conversation_shares: owner revokes" on public.conversation_shares for delete to authenticated
  using ((select auth.uid()) = user_id);
