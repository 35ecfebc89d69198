-- A chat message in one round trip, with its credit holds; conversation turns tied to the server
-- that runs them.
--
-- 1. Turns follow their server's instance lease, as credit holds do (20261125714001): a turn taken
--    by a registered instance expires with the lease its heartbeat renews (and at the latest after
--    its own ttl), and goes when the instance is ended (a restart under the same name, a clean
--    stop). A crashed server leaves its conversations busy for one lease, not for 15 minutes.
-- 2. start_conversation_turn takes the holds of a new chat's answers in the same transaction: all
--    or none, and a refusal writes nothing.

alter table public.conversation_turns
  add column instance_id uuid references public.server_instances (id) on delete cascade,
  add column deadline timestamptz;
create index conversation_turns_instance on public.conversation_turns (instance_id);

-- The turn id, or: P0001 conversation_busy while another unexpired turn runs, P0002 for a
-- conversation that is not the user's. With a live instance, the turn expires with its lease.
drop function public.claim_conversation_turn(uuid, uuid, integer);
create function public.claim_conversation_turn(p_user_id uuid, p_conversation_id uuid, p_ttl_seconds integer, p_instance_id uuid default null)
returns uuid
language plpgsql security invoker set search_path = '' as $$
declare
  v_turn uuid;
  v_deadline timestamptz;
  v_lease timestamptz;
  v_instance uuid;
begin
  if p_ttl_seconds is null or p_ttl_seconds < 1 or p_ttl_seconds > 3600 then
    raise exception using errcode = '22023', message = 'p_ttl_seconds must be between 1 and 3600';
  end if;
  v_deadline := now() + make_interval(secs => p_ttl_seconds);
  -- An instance taken for dead is still the one asking: its turn then lasts its ttl (as its holds do).
  if p_instance_id is not null then
    select lease_until into v_lease from public.server_instances where id = p_instance_id and lease_until > now() for key share;
    if found then
      v_instance := p_instance_id;
    end if;
  end if;
  begin
    insert into public.conversation_turns (conversation_id, user_id, turn_id, expires_at, instance_id, deadline)
      values (p_conversation_id, p_user_id, gen_random_uuid(),
        case when v_instance is null then v_deadline else least(v_deadline, v_lease) end, v_instance, v_deadline)
      on conflict (conversation_id) do update
        set turn_id = excluded.turn_id, expires_at = excluded.expires_at, instance_id = excluded.instance_id, deadline = excluded.deadline
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
revoke execute on function public.claim_conversation_turn(uuid, uuid, integer, uuid) from public, anon, authenticated;
grant execute on function public.claim_conversation_turn(uuid, uuid, integer, uuid) to service_role;

-- The heartbeat extends the instance's turns with its holds.
create or replace function public.renew_server_instance(p_id uuid, p_lease_seconds integer)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_until timestamptz := now() + make_interval(secs => p_lease_seconds);
begin
  if p_id is null or p_lease_seconds is null or p_lease_seconds < 1 or p_lease_seconds > 3600 then
    raise exception using errcode = '22023', message = 'invalid_argument: an id and a lease of 1..3600 seconds are required';
  end if;
  update public.server_instances set lease_until = v_until where id = p_id;
  if not found then
    return false;
  end if;
  update public.credit_holds set expires_at = least(deadline, v_until)
    where instance_id = p_id and deadline is not null and expires_at > now();
  update public.conversation_turns set expires_at = least(deadline, v_until)
    where instance_id = p_id and deadline is not null and expires_at > now();
  return true;
end $$;

-- start_conversation_turn, as in 20261126190001, plus: p_holds ([{"model_id", "amount"}]) held
-- first, each as hold_credits holds it (tied to p_instance_id when given), answered as
-- {"holds": {"<model id>": "<hold id>"}}; a refusal is P0001 "insufficient_credits: balance B, held
-- H, required R" for the whole chat (H: what other running answers hold) and writes nothing.
drop function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb);
create function public.start_conversation_turn(
  p_user_id uuid,
  p_conversation_id uuid,
  p_title text,
  p_content text,
  p_model_id text,
  p_model_ids text[],
  p_ttl_seconds integer,
  p_instruction text default null,
  p_model_settings jsonb default null,
  p_holds jsonb default null,
  p_hold_ttl_seconds integer default null,
  p_instance_id uuid default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_conversation public.conversations;
  v_turn uuid;
  v_history jsonb;
  v_message jsonb;
  v_holds jsonb := '{}'::jsonb;
  v_hold record;
  v_taken jsonb;
  v_balance integer;
  v_held integer;
  v_required integer;
begin
  if p_holds is not null and jsonb_typeof(p_holds) <> 'array' then
    raise exception using errcode = '22023', message = 'invalid_argument: p_holds must be an array of {model_id, amount}';
  end if;
  if p_holds is not null and jsonb_array_length(p_holds) > 0 then
    if p_hold_ttl_seconds is null then
      raise exception using errcode = '22023', message = 'invalid_argument: p_hold_ttl_seconds is required with p_holds';
    end if;
    begin
      for v_hold in select x.model_id, x.amount from jsonb_to_recordset(p_holds) as x(model_id text, amount integer) loop
        if p_instance_id is null then
          v_taken := public.hold_credits(p_user_id, v_hold.amount, p_hold_ttl_seconds);
        else
          v_taken := public.hold_credits(p_user_id, v_hold.amount, p_hold_ttl_seconds, p_instance_id);
        end if;
        v_holds := v_holds || jsonb_build_object(v_hold.model_id, v_taken ->> 'id');
      end loop;
    exception when sqlstate 'P0001' then
      -- This block's holds are undone; what is held now is what other running answers hold.
      select credits into v_balance from public.profiles where id = p_user_id;
      select coalesce(sum(amount), 0)::integer into v_held from public.credit_holds where user_id = p_user_id and expires_at > now();
      select coalesce(sum(x.amount), 0)::integer into v_required from jsonb_to_recordset(p_holds) as x(amount integer);
      raise exception using errcode = 'P0001',
        message = format('insufficient_credits: balance %s, held %s, required %s', v_balance, v_held, v_required);
    end;
  end if;
  if p_conversation_id is null then
    insert into public.conversations (user_id, title, instruction, model_settings)
      values (p_user_id, p_title, coalesce(p_instruction, ''), coalesce(p_model_settings, '{}'::jsonb))
      returning * into v_conversation;
  else
    select * into v_conversation from public.conversations where id = p_conversation_id and user_id = p_user_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'not_found: no such conversation';
    end if;
  end if;
  v_turn := public.claim_conversation_turn(p_user_id, v_conversation.id, p_ttl_seconds, p_instance_id);
  if p_conversation_id is not null and (p_instruction is not null or p_model_settings is not null) then
    update public.conversations
      set instruction = coalesce(p_instruction, instruction), model_settings = coalesce(p_model_settings, model_settings)
      where id = v_conversation.id and user_id = p_user_id
      returning * into v_conversation;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'conversation_id', m.conversation_id, 'role', m.role, 'content', m.content, 'model_id', m.model_id,
      'model_ids', m.model_ids, 'merged_from', m.merged_from, 'input_tokens', m.input_tokens,
      'output_tokens', m.output_tokens, 'created_at', m.created_at)
      order by m.seq), '[]'::jsonb)
    into v_history
    from public.messages m where m.conversation_id = v_conversation.id and m.user_id = p_user_id;
  insert into public.messages (conversation_id, user_id, role, content, model_id, model_ids)
    values (v_conversation.id, p_user_id, 'user', p_content, p_model_id, p_model_ids)
    returning jsonb_build_object(
      'id', id, 'conversation_id', conversation_id, 'role', role, 'content', content, 'model_id', model_id,
      'model_ids', model_ids, 'merged_from', merged_from, 'input_tokens', input_tokens, 'output_tokens', output_tokens,
      'created_at', created_at)
    into v_message;
  return jsonb_build_object(
    'conversation', jsonb_build_object('id', v_conversation.id, 'user_id', v_conversation.user_id, 'title', v_conversation.title,
      'created_at', v_conversation.created_at, 'updated_at', v_conversation.updated_at),
    'settings', jsonb_build_object('instruction', v_conversation.instruction, 'models', v_conversation.model_settings),
    'turn_id', v_turn, 'history', v_history, 'message', v_message, 'holds', v_holds);
end $$;
revoke execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid) from public, anon, authenticated;
grant execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid) to service_role;
