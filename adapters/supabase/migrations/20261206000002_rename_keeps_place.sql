-- A new title is not activity: renaming a conversation (the user's, or the server naming a new one)
-- keeps its updated_at, so the sidebar's recent list, ordered by activity, does not move it to the top.
-- Pinning kept it already (20261205000001); a message still touches it (touch_conversation_on_message
-- sets updated_at itself, which this trigger keeps).
create or replace function public.touch_conversation_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (to_jsonb(new) - 'pinned_at' - 'title' - 'updated_at') = (to_jsonb(old) - 'pinned_at' - 'title' - 'updated_at') then
    return new;
  end if;
  new.updated_at := now();
  return new;
end $$;
revoke execute on function public.touch_conversation_updated_at() from public, anon, authenticated;
