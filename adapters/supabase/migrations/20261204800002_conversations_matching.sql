-- The user's conversations whose title or any message contains a text (ignoring case), the most
-- recently active first, at most p_limit, as one JSON array. The app read the matching messages
-- themselves (at most 1000, the latest first, which is also a hosted API's "Max rows") and kept their
-- conversations: a conversation saying the text in more than 1000 messages hid every other one.
-- Here each conversation is tested once, and the answer is one row whatever the row cap.
-- p_text is taken literally: %, _ and \ match themselves. Security invoker: a user's token sees only
-- their own rows; the service role names the user here.
create function public.conversations_matching_json(p_user_id uuid, p_text text, p_limit integer)
returns json
language sql stable security invoker set search_path = '' as $$
  with pattern as (
    select '%' || replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%' as value
  ), found as (
    select c.id, c.user_id, c.title, c.created_at, c.updated_at
    from public.conversations c, pattern p
    where c.user_id = p_user_id
      and (c.title ilike p.value
           or exists (select 1 from public.messages m
                      where m.conversation_id = c.id and m.user_id = p_user_id and m.content ilike p.value))
    order by c.updated_at desc, c.created_at desc
    limit greatest(least(p_limit, 200), 1)
  )
  select coalesce(json_agg(json_build_object('id', f.id, 'user_id', f.user_id, 'title', f.title, 'created_at', f.created_at, 'updated_at', f.updated_at)
                  order by f.updated_at desc, f.created_at desc), '[]'::json)
  from found f
$$;
revoke execute on function public.conversations_matching_json(uuid, text, integer) from public, anon;
grant execute on function public.conversations_matching_json(uuid, text, integer) to authenticated, service_role;
