-- A conversation's files and votes, each as one JSON array, so the API's row cap never cuts them.
-- A hosted project answers at most "Max rows" (1000 by default, PostgREST's db-max-rows) of a read,
-- silently: a conversation of more than 1000 messages with files lost the files of the rest from what
-- the models were sent, and one of more than 1000 votes (two choices a turn) lost the latest from the
-- page. One value is one row, as conversation_path_json (20261204700001) reads the visible path.
-- Security invoker: a user's token sees only their own rows; the service role names the user here.

-- The files of every message of the conversation that has some, every branch, in the order written.
create function public.conversation_attachments_json(p_user_id uuid, p_conversation_id uuid)
returns json
language sql stable security invoker set search_path = '' as $$
  select coalesce(json_agg(json_build_object('id', m.id, 'attachments', m.attachments) order by m.seq), '[]'::json)
  from public.messages m
  where m.user_id = p_user_id
    and m.conversation_id = p_conversation_id
    and m.attachments is not null
$$;
revoke execute on function public.conversation_attachments_json(uuid, uuid) from public, anon;
grant execute on function public.conversation_attachments_json(uuid, uuid) to authenticated, service_role;

-- The choices made on the conversation's turns, the oldest first.
create function public.conversation_votes_json(p_user_id uuid, p_conversation_id uuid)
returns json
language sql stable security invoker set search_path = '' as $$
  select coalesce(json_agg(json_build_object(
    'conversation_id', v.conversation_id, 'message_id', v.message_id, 'kind', v.kind, 'winner_model_id', v.winner_model_id,
    'blind', v.blind, 'models', v.models, 'created_at', v.created_at
  ) order by v.created_at, v.id), '[]'::json)
  from public.compare_votes v
  where v.user_id = p_user_id
    and v.conversation_id = p_conversation_id
$$;
revoke execute on function public.conversation_votes_json(uuid, uuid) from public, anon;
grant execute on function public.conversation_votes_json(uuid, uuid) to authenticated, service_role;
