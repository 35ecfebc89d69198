-- Conversations and their messages, one owner each.

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null default '' check (char_length(title) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index conversations_user_recent on public.conversations (user_id, updated_at desc);
create trigger conversations_touch_updated_at before update on public.conversations
  for each row execute function public.touch_updated_at();

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  -- Insertion order; timestamps of one transaction are equal, so they cannot order a conversation.
  seq bigint generated always as identity,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  role text not null check (role in ('user', 'assistant', 'system')),
  content text not null check (char_length(content) <= 200000),
  -- No foreign key: a message keeps its model id after the model leaves the catalogue.
  model_id text check (model_id is null or char_length(model_id) <= 100),
  input_tokens integer check (input_tokens >= 0),
  output_tokens integer check (output_tokens >= 0),
  created_at timestamptz not null default now()
);
create index messages_conversation_order on public.messages (conversation_id, seq);
create index messages_user on public.messages (user_id);

alter table public.conversations enable row level security;
alter table public.messages enable row level security;
revoke all on table public.conversations, public.messages from anon, authenticated;
grant select, insert, update, delete on table public.conversations, public.messages to authenticated;
grant all on table public.conversations, public.messages to service_role;

create policy "conversations: owner reads" on public.conversations for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "conversations: owner inserts" on public.conversations for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "conversations: owner updates" on public.conversations for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "conversations: owner deletes" on public.conversations for delete to authenticated
  using ((select auth.uid()) = user_id);

create policy "messages: owner reads" on public.messages for select to authenticated
  using ((select auth.uid()) = user_id);
-- A message may only go into a conversation the same user owns.
create policy "messages: owner inserts" on public.messages for insert to authenticated
  with check ((select auth.uid()) = user_id and exists (
    select 1 from public.conversations c where c.id = conversation_id and c.user_id = (select auth.uid())));
create policy "messages: owner updates" on public.messages for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "messages: owner deletes" on public.messages for delete to authenticated
  using ((select auth.uid()) = user_id);

-- A new message moves its conversation to the top of the list.
create function public.touch_conversation_on_message() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  update public.conversations set updated_at = now() where id = new.conversation_id;
  return new;
end $$;
revoke execute on function public.touch_conversation_on_message() from public, anon, authenticated;
create trigger messages_touch_conversation after insert on public.messages
  for each row execute function public.touch_conversation_on_message();

-- Regenerate / edit-last: removes the given message and every later one of the conversation.
create function public.truncate_conversation_from(p_conversation_id uuid, p_message_id uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  v_seq bigint;
  v_count integer;
begin
  select seq into v_seq from public.messages where id = p_message_id and conversation_id = p_conversation_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'message_not_found: no such message in this conversation';
  end if;
  delete from public.messages where conversation_id = p_conversation_id and seq >= v_seq;
  get diagnostics v_count = row_count;
  return v_count;
end $$;
revoke execute on function public.truncate_conversation_from(uuid, uuid) from public, anon;
grant execute on function public.truncate_conversation_from(uuid, uuid) to authenticated, service_role;
