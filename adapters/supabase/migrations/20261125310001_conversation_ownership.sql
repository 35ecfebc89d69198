-- Every message sits in a conversation of its own user, whichever role writes it (issue 13). The
-- app server writes with the service role, which row-level security does not see, so the rule is a
-- constraint: a message's (conversation_id, user_id) must be a conversation's (id, user_id).

alter table public.conversations add constraint conversations_id_user_id_key unique (id, user_id);
alter table public.messages add constraint messages_conversation_owner_fkey
  foreign key (conversation_id, user_id) references public.conversations (id, user_id) on delete cascade;

-- A message can never move to a conversation its user does not own, nor change owner.
drop policy "messages: owner updates" on public.messages;
create policy "messages: owner updates" on public.messages for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id and exists (
    select 1 from public.conversations c where c.id = conversation_id and c.user_id = (select auth.uid())));

-- A user message remembers the models it was sent to, in order: the columns of a side-by-side turn.
alter table public.messages add column model_ids text[]
  check (model_ids is null or (cardinality(model_ids) between 1 and 6 and array_position(model_ids, null) is null));

-- Regenerate / edit-last: removes the given message and every later one, in the given user's
-- conversation only. The authenticated role may act only for itself; the service role names the user.
drop function public.truncate_conversation_from(uuid, uuid);
create function public.truncate_conversation_from(p_conversation_id uuid, p_message_id uuid, p_user_id uuid) returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  v_seq bigint;
  v_count integer;
begin
  if (select auth.uid()) is not null and (select auth.uid()) <> p_user_id then
    raise exception using errcode = 'P0002', message = 'not_found: no such message in this conversation';
  end if;
  select seq into v_seq from public.messages
    where id = p_message_id and conversation_id = p_conversation_id and user_id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'not_found: no such message in this conversation';
  end if;
  delete from public.messages where conversation_id = p_conversation_id and user_id = p_user_id and seq >= v_seq;
  get diagnostics v_count = row_count;
  return v_count;
end $$;
revoke execute on function public.truncate_conversation_from(uuid, uuid, uuid) from public, anon;
grant execute on function public.truncate_conversation_from(uuid, uuid, uuid) to authenticated, service_role;

-- One turn at a time per conversation: send, regenerate and edit-last claim the conversation while
-- their answers run, across every app server instance. A turn left by a crashed server expires.
create table public.conversation_turns (
  conversation_id uuid primary key,
  user_id uuid not null,
  turn_id uuid not null,
  expires_at timestamptz not null,
  foreign key (conversation_id, user_id) references public.conversations (id, user_id) on delete cascade
);
alter table public.conversation_turns enable row level security;
revoke all on table public.conversation_turns from anon, authenticated;
grant all on table public.conversation_turns to service_role;

-- The turn id, or: P0001 conversation_busy while another unexpired turn runs, P0002 for a
-- conversation that is not the user's. One statement, so two servers cannot both win.
create function public.claim_conversation_turn(p_user_id uuid, p_conversation_id uuid, p_ttl_seconds integer) returns uuid
language plpgsql security invoker set search_path = '' as $$
declare
  v_turn uuid;
begin
  if p_ttl_seconds is null or p_ttl_seconds < 1 or p_ttl_seconds > 3600 then
    raise exception using errcode = '22023', message = 'p_ttl_seconds must be between 1 and 3600';
  end if;
  begin
    insert into public.conversation_turns (conversation_id, user_id, turn_id, expires_at)
      values (p_conversation_id, p_user_id, gen_random_uuid(), now() + make_interval(secs => p_ttl_seconds))
      on conflict (conversation_id) do update
        set turn_id = excluded.turn_id, expires_at = excluded.expires_at
        where public.conversation_turns.expires_at < now() and public.conversation_turns.user_id = excluded.user_id
      returning turn_id into v_turn;
  exception when foreign_key_violation then
    raise exception using errcode = 'P0002', message = 'not_found: no such conversation';
  end;
  if v_turn is null then
    raise exception using errcode = 'P0001', message = 'conversation_busy: another answer of this conversation is still running';
  end if;
  return v_turn;
end $$;

create function public.release_conversation_turn(p_user_id uuid, p_conversation_id uuid, p_turn_id uuid) returns boolean
language sql security invoker set search_path = '' as $$
  with gone as (
    delete from public.conversation_turns
    where conversation_id = p_conversation_id and user_id = p_user_id and turn_id = p_turn_id
    returning 1
  )
  select exists (select 1 from gone);
$$;

revoke execute on function public.claim_conversation_turn(uuid, uuid, integer) from public, anon, authenticated;
revoke execute on function public.release_conversation_turn(uuid, uuid, uuid) from public, anon, authenticated;
grant execute on function public.claim_conversation_turn(uuid, uuid, integer) to service_role;
grant execute on function public.release_conversation_turn(uuid, uuid, uuid) to service_role;
