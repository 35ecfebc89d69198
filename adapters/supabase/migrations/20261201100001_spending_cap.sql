-- A monthly spending cap that each user sets for themselves, in credits per calendar month (UTC).
-- What counts as spent this month: the credits charged since the month began (usage_events) plus
-- what running answers hold now. take_credit_hold, the one step every hold takes (both forms of
-- hold_credits, and start_conversation_turn through them), refuses a hold that would pass the cap,
-- under the same profile row lock as the balance check, so concurrent sends cannot pass it together.
--
-- The refusal is SQLSTATE PT402 (the REST API answers 402) with the message
-- "spending_cap_reached: cap C, spent S, required R". It is not P0001 on purpose:
-- start_conversation_turn reads a P0001 inside its holds as a short balance.

create table public.spending_caps (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  monthly_credit_cap integer not null check (monthly_credit_cap > 0 and monthly_credit_cap <= 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger spending_caps_touch_updated_at before update on public.spending_caps
  for each row execute function public.touch_updated_at();

alter table public.spending_caps enable row level security;
revoke all on table public.spending_caps from anon, authenticated;
grant select, insert, update, delete on table public.spending_caps to authenticated;
grant all on table public.spending_caps to service_role;
create policy "spending_caps: owner reads" on public.spending_caps for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "spending_caps: owner inserts" on public.spending_caps for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "spending_caps: owner updates" on public.spending_caps for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "spending_caps: owner deletes" on public.spending_caps for delete to authenticated
  using ((select auth.uid()) = user_id);

-- This month's charges of one user are read on every hold of a user with a cap.
create index usage_events_user_time on public.usage_events (user_id, created_at);

-- The credits charged to the user since the current calendar month began (UTC).
create function public.credits_charged_this_month(p_user_id uuid)
returns integer
language sql stable security invoker set search_path = '' as $$
  select coalesce(sum(credits_charged), 0)::integer from public.usage_events
    where user_id = p_user_id and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc';
$$;

-- take_credit_hold as in 20261129100001, plus the cap: after the balance check, with the user's
-- holds pruned and their profile row locked, a hold is refused when charged this month + held +
-- amount > the cap.
create or replace function public.take_credit_hold(p_user_id uuid, p_amount integer, p_ttl_seconds integer, p_instance_id uuid)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_balance integer;
  v_held integer;
  v_cap integer;
  v_spent integer;
  v_id uuid;
  v_lease timestamptz;
  v_instance uuid;
  v_deadline timestamptz;
  v_expires_at timestamptz;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception using errcode = '22023', message = 'invalid_amount: amount_input must be an integer > 0';
  end if;
  if p_ttl_seconds is null or p_ttl_seconds <= 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: ttl_seconds_input must be an integer > 0';
  end if;
  if p_instance_id is not null then
    select lease_until into v_lease from public.server_instances where id = p_instance_id and lease_until > now() for key share;
    if found then
      v_instance := p_instance_id;
    end if;
  end if;
  v_balance := public.lock_credits(p_user_id);
  v_held := public.prune_credit_holds(p_user_id);
  if v_balance - v_held < p_amount then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, held %s, required %s', v_balance, v_held, p_amount),
      hint = 'Wait for the running answers to end, subscribe, or wait for the next credit grant.';
  end if;
  select monthly_credit_cap into v_cap from public.spending_caps where user_id = p_user_id;
  if v_cap is not null then
    v_spent := public.credits_charged_this_month(p_user_id) + v_held;
    if v_spent + p_amount > v_cap then
      raise exception using errcode = 'PT402',
        message = format('spending_cap_reached: cap %s, spent %s, required %s', v_cap, v_spent, p_amount),
        hint = 'Raise or remove the monthly spending cap in the account, or wait for the next month.';
    end if;
  end if;
  v_deadline := now() + make_interval(secs => p_ttl_seconds);
  v_expires_at := case when v_instance is null then v_deadline else least(v_deadline, v_lease) end;
  insert into public.credit_holds (user_id, amount, expires_at, instance_id, deadline)
    values (p_user_id, p_amount, v_expires_at, v_instance, case when p_instance_id is null then null else v_deadline end)
    returning id into v_id;
  return jsonb_build_object('id', v_id, 'amount', p_amount, 'expires_at', v_expires_at);
end $$;

-- The user's cap and what they spent this month (charged plus held now): {cap, spent}. The server
-- reads it for the signed-in caller, by their id. Unexpired holds only; nothing is written.
create function public.spending_cap_status(user_id_input uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if user_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input is required';
  end if;
  return jsonb_build_object(
    'cap', (select monthly_credit_cap from public.spending_caps where user_id = user_id_input),
    'spent', public.credits_charged_this_month(user_id_input)
      + (select coalesce(sum(amount), 0)::integer from public.credit_holds where user_id = user_id_input and expires_at > now()));
end $$;

revoke execute on function public.credits_charged_this_month(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.take_credit_hold(uuid, integer, integer, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.spending_cap_status(uuid) from public, anon, authenticated;
grant execute on function public.spending_cap_status(uuid) to service_role;
