-- A user's saved system instructions, by name: "a few" (at most 20), a name once per user.

create table public.instruction_presets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  instruction text not null check (char_length(instruction) between 1 and 8000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, name)
);
create trigger instruction_presets_touch_updated_at before update on public.instruction_presets
  for each row execute function public.touch_updated_at();

-- The limit holds whichever role writes; two inserts at once are ordered by the user's row lock.
-- Security definer: the lock on the user's row needs no grant on auth.users for the authenticated role.
create function public.limit_instruction_presets() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from auth.users where id = new.user_id for update;
  -- Saving under a name already used replaces that preset (insert … on conflict update): no new row.
  if exists (select 1 from public.instruction_presets where user_id = new.user_id and name = new.name) then
    return new;
  end if;
  if (select count(*) from public.instruction_presets where user_id = new.user_id) >= 20 then
    raise exception using errcode = 'P0001', message = 'preset_limit: at most 20 instruction presets per user';
  end if;
  return new;
end $$;
revoke execute on function public.limit_instruction_presets() from public, anon, authenticated;
create trigger instruction_presets_limit before insert on public.instruction_presets
  for each row execute function public.limit_instruction_presets();

alter table public.instruction_presets enable row level security;
revoke all on table public.instruction_presets from anon, authenticated;
grant select, insert, update, delete on table public.instruction_presets to authenticated;
grant all on table public.instruction_presets to service_role;

create policy "instruction_presets: owner reads" on public.instruction_presets for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "instruction_presets: owner inserts" on public.instruction_presets for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "instruction_presets: owner updates" on public.instruction_presets for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "instruction_presets: owner deletes" on public.instruction_presets for delete to authenticated
  using ((select auth.uid()) = user_id);
