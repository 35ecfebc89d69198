-- A chat message's sign-in session is checked in the same step that writes it.
--
-- The app server refuses a token whose session has ended (signed out) by asking Supabase Auth about
-- it at most every few seconds per session. For a chat message that question is one more round trip
-- before the first token; instead the server may pass the token's session to
-- start_conversation_turn_in_session, which writes nothing unless that session of the user still
-- stands (as Supabase Auth would answer), and writes everything in the same transaction otherwise.

-- Whether a user's sign-in session stands: a row in auth.sessions (sign-out deletes it) whose
-- time box, if any, has not passed. Run as the owner (auth.sessions is not for API roles).
create function public.sign_in_session_stands(p_user_id uuid, p_session_id uuid)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.id = p_session_id and s.user_id = p_user_id and (s.not_after is null or s.not_after > now())
  );
end $$;
revoke execute on function public.sign_in_session_stands(uuid, uuid) from public, anon, authenticated;
grant execute on function public.sign_in_session_stands(uuid, uuid) to service_role;

-- start_conversation_turn (20261127100001) in a session: P0001 "session_ended: …" and nothing written
-- when the session is gone; otherwise exactly what start_conversation_turn does and answers.
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
  p_instance_id uuid default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
begin
  if p_session_id is null or not public.sign_in_session_stands(p_user_id, p_session_id) then
    raise exception using errcode = 'P0001', message = 'session_ended: this sign-in session has ended (signed out); sign in again';
  end if;
  return public.start_conversation_turn(p_user_id, p_conversation_id, p_title, p_content, p_model_id, p_model_ids, p_ttl_seconds,
    p_instruction, p_model_settings, p_holds, p_hold_ttl_seconds, p_instance_id);
end $$;
revoke execute on function public.start_conversation_turn_in_session(uuid, uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid) from public, anon, authenticated;
grant execute on function public.start_conversation_turn_in_session(uuid, uuid, uuid, text, text, text, text[], integer, text, jsonb, jsonb, integer, uuid) to service_role;
