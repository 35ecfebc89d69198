-- What the models receive of a conversation's history, kept with its settings: the whole of it (null,
-- the default), the last N messages ({"mode": "recent", "messages": N}), or a summary of older messages
-- and the last N ({"mode": "summary", "messages": N}), N from 2 to 200 (core/chat/domain/context-window.ts,
-- contextPolicySchema). Covered by the owner policies of conversations; the app server (service role)
-- names the user in every query.

alter table public.conversations add column context_policy jsonb
  check (context_policy is null or (
    jsonb_typeof(context_policy) = 'object'
    and context_policy ->> 'mode' in ('all', 'recent', 'summary')
    and (context_policy - 'mode' - 'messages') = '{}'::jsonb
    and case
      when not context_policy ? 'messages' then true
      when jsonb_typeof(context_policy -> 'messages') <> 'number' then false
      else (context_policy ->> 'messages')::numeric between 2 and 200 and (context_policy ->> 'messages')::numeric % 1 = 0
    end));

-- start_conversation_turn (20261201000001) with the context setting: a new chat's arrives with its
-- first message (p_context_policy), settings given with a message replace it, and the answer's
-- settings carry it, still in one round trip.
drop function public.start_conversation_turn_in_session(uuid, uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid);
drop function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid);
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
  p_instance_id uuid default null,
  p_context_policy jsonb default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_conversation public.conversations;
  v_turn uuid;
  v_history jsonb;
  v_parent uuid;
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
    insert into public.conversations (user_id, title, instruction, model_settings, context_policy)
      values (p_user_id, p_title, coalesce(p_instruction, ''), coalesce(p_model_settings, '{}'::jsonb), p_context_policy)
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
      set instruction = coalesce(p_instruction, instruction), model_settings = coalesce(p_model_settings, model_settings),
        -- Settings given replace the context setting too (null: the default, the whole history).
        context_policy = case when p_model_settings is null then context_policy else p_context_policy end
      where id = v_conversation.id and user_id = p_user_id
      returning * into v_conversation;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'conversation_id', p.conversation_id, 'role', p.role, 'content', p.content, 'model_id', p.model_id,
      'model_ids', p.model_ids, 'merged_from', p.merged_from, 'input_tokens', p.input_tokens,
      'output_tokens', p.output_tokens, 'created_at', p.created_at, 'parent_id', p.parent_id, 'column_index', p.column_index)
      order by p.depth, p.place), '[]'::jsonb),
    (array_agg(p.id order by p.depth desc) filter (where p.column_index is null))[1]
    into v_history, v_parent
    from public.conversation_path(p_user_id, v_conversation.id) p;
  insert into public.messages (conversation_id, user_id, role, content, model_id, model_ids, parent_id)
    values (v_conversation.id, p_user_id, 'user', p_content, p_model_id, p_model_ids, v_parent)
    returning jsonb_build_object(
      'id', id, 'conversation_id', conversation_id, 'role', role, 'content', content, 'model_id', model_id,
      'model_ids', model_ids, 'merged_from', merged_from, 'input_tokens', input_tokens, 'output_tokens', output_tokens,
      'created_at', created_at, 'parent_id', parent_id, 'column_index', column_index)
    into v_message;
  return jsonb_build_object(
    'conversation', jsonb_build_object('id', v_conversation.id, 'user_id', v_conversation.user_id, 'title', v_conversation.title,
      'created_at', v_conversation.created_at, 'updated_at', v_conversation.updated_at),
    'settings', jsonb_build_object('instruction', v_conversation.instruction, 'models', v_conversation.model_settings,
      'context', v_conversation.context_policy),
    'turn_id', v_turn, 'history', v_history, 'message', v_message, 'holds', v_holds);
end $$;
revoke execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid, jsonb) to service_role;

-- start_conversation_turn_in_session (20261130100001) with the context setting.
create function public.start_conversation_turn_in_session(
  p_session_id uuid,
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
  p_instance_id uuid default null,
  p_context_policy jsonb default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
begin
  if p_session_id is null or not public.sign_in_session_stands(p_user_id, p_session_id) then
    raise exception using errcode = 'P0001', message = 'session_ended: this sign-in session has ended (signed out); sign in again';
  end if;
  return public.start_conversation_turn(p_user_id, p_conversation_id, p_title, p_content, p_model_id, p_model_ids, p_ttl_seconds,
    p_instruction, p_model_settings, p_holds, p_hold_ttl_seconds, p_instance_id, p_context_policy);
end $$;
revoke execute on function public.start_conversation_turn_in_session(uuid, uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.start_conversation_turn_in_session(uuid, uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid, jsonb) to service_role;
