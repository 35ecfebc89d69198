-- Pinned conversations: a user pins a conversation to the top of their list. pinned_at is when (null:
-- not pinned); the list answers the pinned ones first, the latest pinned first, then the others the
-- most recently active first. Pinning is not activity: it leaves updated_at as it was.

alter table public.conversations add column pinned_at timestamptz;
create index conversations_user_pinned on public.conversations (user_id, pinned_at desc) where pinned_at is not null;

-- updated_at moves on every change of a conversation but a change of its pin alone.
create function public.touch_conversation_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.pinned_at is distinct from old.pinned_at
     and (to_jsonb(new) - 'pinned_at' - 'updated_at') = (to_jsonb(old) - 'pinned_at' - 'updated_at') then
    return new;
  end if;
  new.updated_at := now();
  return new;
end $$;
revoke execute on function public.touch_conversation_updated_at() from public, anon, authenticated;
drop trigger conversations_touch_updated_at on public.conversations;
create trigger conversations_touch_updated_at before update on public.conversations
  for each row execute function public.touch_conversation_updated_at();

-- Pins (p_pinned true; a pinned one keeps its time) or unpins the user's conversation; answers the
-- conversation as JSON, or null when it is not the user's. Security invoker: a user's token reaches only
-- their own rows; the service role names the user here.
create function public.pin_conversation(p_user_id uuid, p_conversation_id uuid, p_pinned boolean) returns json
language sql security invoker set search_path = '' as $$
  update public.conversations
    set pinned_at = case when p_pinned then coalesce(pinned_at, now()) else null end
    where id = p_conversation_id and user_id = p_user_id
    returning json_build_object('id', id, 'user_id', user_id, 'title', title, 'created_at', created_at, 'updated_at', updated_at, 'pinned_at', pinned_at)
$$;
revoke execute on function public.pin_conversation(uuid, uuid, boolean) from public, anon;
grant execute on function public.pin_conversation(uuid, uuid, boolean) to authenticated, service_role;

-- The search of titles and messages answers the pin too, and the pinned matches first.
create or replace function public.conversations_matching_json(p_user_id uuid, p_text text, p_limit integer)
returns json
language sql stable security invoker set search_path = '' as $$
  with pattern as (
    select '%' || replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_') || '%' as value
  ), found as (
    select c.id, c.user_id, c.title, c.created_at, c.updated_at, c.pinned_at
    from public.conversations c, pattern p
    where c.user_id = p_user_id
      and (c.title ilike p.value
           or exists (select 1 from public.messages m
                      where m.conversation_id = c.id and m.user_id = p_user_id and m.content ilike p.value))
    order by c.pinned_at desc nulls last, c.updated_at desc, c.created_at desc
    limit greatest(least(p_limit, 200), 1)
  )
  select coalesce(json_agg(json_build_object('id', f.id, 'user_id', f.user_id, 'title', f.title, 'created_at', f.created_at,
                                             'updated_at', f.updated_at, 'pinned_at', f.pinned_at)
                  order by f.pinned_at desc nulls last, f.updated_at desc, f.created_at desc), '[]'::json)
  from found f
$$;
