-- The sidebar's list a page at a time: the conversations that come after a given one in the list's
-- order (the pinned ones first, the latest pinned first, then the most recently active; id breaks
-- ties), at most p_limit, as one JSON array; null when p_after is not one of the user's conversations.
-- Security invoker: a user's token sees only their own rows; the service role names the user here.
create function public.conversations_after_json(p_user_id uuid, p_after uuid, p_limit integer)
returns json
language sql stable security invoker set search_path = '' as $$
  with cursor as (
    select k.pinned_at, k.updated_at, k.created_at, k.id from public.conversations k where k.id = p_after and k.user_id = p_user_id
  ), page as (
    select c.id, c.user_id, c.title, c.created_at, c.updated_at, c.pinned_at
    from public.conversations c, cursor k
    where c.user_id = p_user_id
      and ((k.pinned_at is not null and c.pinned_at is not null
            and (c.pinned_at, c.updated_at, c.created_at, c.id) < (k.pinned_at, k.updated_at, k.created_at, k.id))
           or (k.pinned_at is not null and c.pinned_at is null)
           or (k.pinned_at is null and c.pinned_at is null and (c.updated_at, c.created_at, c.id) < (k.updated_at, k.created_at, k.id)))
    order by c.pinned_at desc nulls last, c.updated_at desc, c.created_at desc, c.id desc
    limit greatest(least(p_limit, 200), 1)
  )
  select case when exists (select 1 from cursor) then
    coalesce((select json_agg(json_build_object('id', p.id, 'user_id', p.user_id, 'title', p.title, 'created_at', p.created_at,
                                                'updated_at', p.updated_at, 'pinned_at', p.pinned_at)
                              order by p.pinned_at desc nulls last, p.updated_at desc, p.created_at desc, p.id desc) from page p), '[]'::json)
  end
$$;
revoke execute on function public.conversations_after_json(uuid, uuid, integer) from public, anon;
grant execute on function public.conversations_after_json(uuid, uuid, integer) to authenticated, service_role;
