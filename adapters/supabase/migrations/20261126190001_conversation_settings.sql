-- Instructions and settings per conversation, merged answers, and what each model lets a user set.

-- The system instruction ('' for none) and each model's temperature and maximum answer length, by
-- model id: {"<model id>": {"temperature": 0.7, "maxOutputTokens": 800}}. Covered by the owner
-- policies of conversations; the app server (service role) names the user in every query.
alter table public.conversations
  add column instruction text not null default '' check (char_length(instruction) <= 8000),
  add column model_settings jsonb not null default '{}'::jsonb
    check (jsonb_typeof(model_settings) = 'object' and pg_column_size(model_settings) <= 16384);

-- A merged answer of a side-by-side turn remembers the models whose answers it fused.
alter table public.messages add column merged_from text[]
  check (merged_from is null or (role = 'assistant' and cardinality(merged_from) between 2 and 6 and array_position(merged_from, null) is null));

-- Reasoning models take no temperature; every model has a longest answer.
alter table public.models
  add column supports_temperature boolean not null default true,
  add column max_output_tokens integer not null default 4096 check (max_output_tokens between 1 and 1000000);
update public.models set max_output_tokens = case id
    when 'gpt-4o-mini' then 16384 when 'gpt-4o' then 16384 when 'gpt-4.1' then 32768
    when 'claude-haiku-4-5' then 64000 when 'claude-sonnet-4-5' then 64000
    when 'gemini-2.5-flash' then 65536 when 'gemini-2.5-pro' then 65536
    else max_output_tokens end;

-- start_conversation_turn again, with the settings: a new chat's arrive with its first message
-- (p_instruction and p_model_settings, both null to keep what is stored), and the answer carries
-- the conversation's settings and the merged_from of its history, still in one round trip.
drop function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer);
create function public.start_conversation_turn(
  p_user_id uuid,
  p_conversation_id uuid,
  p_title text,
  p_content text,
  p_model_id text,
  p_model_ids text[],
  p_ttl_seconds integer,
  p_instruction text default null,
  p_model_settings jsonb default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_conversation public.conversations;
  v_turn uuid;
  v_history jsonb;
  v_message jsonb;
begin
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
  v_turn := public.claim_conversation_turn(p_user_id, v_conversation.id, p_ttl_seconds);
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
    'turn_id', v_turn, 'history', v_history, 'message', v_message);
end $$;
revoke execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb) from public, anon, authenticated;
grant execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer, text, jsonb) to service_role;
