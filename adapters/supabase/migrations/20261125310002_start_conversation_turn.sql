-- A chat message in one round trip (issue 13, the first-token budget): creates the conversation when
-- none is named, claims its turn, reads the history the models will see, and saves the user message.
-- Errors: P0001 conversation_busy, P0002 not_found (a conversation that is not the user's).
create function public.start_conversation_turn(
  p_user_id uuid,
  p_conversation_id uuid,
  p_title text,
  p_content text,
  p_model_id text,
  p_model_ids text[],
  p_ttl_seconds integer
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_conversation public.conversations;
  v_turn uuid;
  v_history jsonb;
  v_message jsonb;
begin
  if p_conversation_id is null then
    insert into public.conversations (user_id, title) values (p_user_id, p_title) returning * into v_conversation;
  else
    select * into v_conversation from public.conversations where id = p_conversation_id and user_id = p_user_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'not_found: no such conversation';
    end if;
  end if;
  v_turn := public.claim_conversation_turn(p_user_id, v_conversation.id, p_ttl_seconds);
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'conversation_id', m.conversation_id, 'role', m.role, 'content', m.content, 'model_id', m.model_id,
      'model_ids', m.model_ids, 'input_tokens', m.input_tokens, 'output_tokens', m.output_tokens, 'created_at', m.created_at)
      order by m.seq), '[]'::jsonb)
    into v_history
    from public.messages m where m.conversation_id = v_conversation.id and m.user_id = p_user_id;
  insert into public.messages (conversation_id, user_id, role, content, model_id, model_ids)
    values (v_conversation.id, p_user_id, 'user', p_content, p_model_id, p_model_ids)
    returning jsonb_build_object(
      'id', id, 'conversation_id', conversation_id, 'role', role, 'content', content, 'model_id', model_id,
      'model_ids', model_ids, 'input_tokens', input_tokens, 'output_tokens', output_tokens, 'created_at', created_at)
    into v_message;
  return jsonb_build_object(
    'conversation', jsonb_build_object('id', v_conversation.id, 'user_id', v_conversation.user_id, 'title', v_conversation.title,
      'created_at', v_conversation.created_at, 'updated_at', v_conversation.updated_at),
    'turn_id', v_turn, 'history', v_history, 'message', v_message);
end $$;
revoke execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer) from public, anon, authenticated;
grant execute on function public.start_conversation_turn(uuid, uuid, text, text, text, text[], integer) to service_role;
