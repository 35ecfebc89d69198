-- The onboarding questionnaire, stored names of app spec §3.

create table public.user_profiling (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text check (char_length(role) <= 200),
  role_other text check (char_length(role_other) <= 500),
  company_size text check (char_length(company_size) <= 100),
  work_outputs text[] not null default '{}' check (cardinality(work_outputs) <= 50),
  work_output_other text check (char_length(work_output_other) <= 500),
  ensemble_use text check (char_length(ensemble_use) <= 200),
  ensemble_use_other text check (char_length(ensemble_use_other) <= 500),
  completed boolean not null default false,
  current_step integer not null default 0 check (current_step between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger user_profiling_touch_updated_at before update on public.user_profiling
  for each row execute function public.touch_updated_at();

alter table public.user_profiling enable row level security;
revoke all on table public.user_profiling from anon, authenticated;
grant select, insert, update on table public.user_profiling to authenticated;
grant all on table public.user_profiling to service_role;
create policy "user_profiling: owner reads" on public.user_profiling for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "user_profiling: owner inserts" on public.user_profiling for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "user_profiling: owner updates" on public.user_profiling for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

-- Security invoker, so row-level security applies as well; the explicit check gives a clear message.
create function public.upsert_user_profiling(
  p_user_id uuid, p_role text, p_role_other text, p_company_size text, p_work_outputs text[],
  p_work_output_other text, p_ensemble_use text, p_ensemble_use_other text, p_completed boolean,
  p_current_step integer
) returns public.user_profiling
language plpgsql security invoker set search_path = '' as $$
declare
  v_row public.user_profiling;
begin
  if p_user_id is null or (p_user_id is distinct from auth.uid() and (auth.jwt() ->> 'role') is distinct from 'service_role') then
    raise exception using errcode = '42501', message = 'upsert_user_profiling may only write the caller''s own row';
  end if;
  insert into public.user_profiling as up (user_id, role, role_other, company_size, work_outputs, work_output_other,
                                           ensemble_use, ensemble_use_other, completed, current_step)
    values (p_user_id, p_role, p_role_other, p_company_size, coalesce(p_work_outputs, '{}'), p_work_output_other,
            p_ensemble_use, p_ensemble_use_other, coalesce(p_completed, false), coalesce(p_current_step, 0))
  on conflict (user_id) do update set
    role = excluded.role, role_other = excluded.role_other, company_size = excluded.company_size,
    work_outputs = excluded.work_outputs, work_output_other = excluded.work_output_other,
    ensemble_use = excluded.ensemble_use, ensemble_use_other = excluded.ensemble_use_other,
    completed = excluded.completed, current_step = excluded.current_step
  returning * into v_row;
  return v_row;
end $$;
revoke execute on function public.upsert_user_profiling(uuid, text, text, text, text[], text, text, text, boolean, integer)
  from public, anon;
grant execute on function public.upsert_user_profiling(uuid, text, text, text, text[], text, text, text, boolean, integer)
  to authenticated, service_role;
