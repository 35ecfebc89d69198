-- The visible path of a conversation as one JSON array, so the API's row cap never cuts it.
-- A hosted project answers at most "Max rows" (1000 by default, PostgREST's db-max-rows) of any read
-- or set-returning function, silently: through conversation_path a conversation past 1000 visible
-- messages lost its latest ones, and a new message was placed after the 1000th. One value is one row.
-- The rows, their columns and their order are conversation_path's (20261202400001); the app server
-- (service role) calls this one, naming its user.
create function public.conversation_path_json(p_user_id uuid, p_conversation_id uuid)
returns json
language sql stable security invoker set search_path = '' as $$
  select coalesce(json_agg(p order by p.depth, p.place), '[]'::json)
  from public.conversation_path(p_user_id, p_conversation_id) p
$$;
revoke execute on function public.conversation_path_json(uuid, uuid) from public, anon;
grant execute on function public.conversation_path_json(uuid, uuid) to authenticated, service_role;
