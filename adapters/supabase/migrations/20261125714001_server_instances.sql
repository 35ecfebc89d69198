-- Credit holds tied to the server that took them. Each app server registers an instance with a
-- lease it renews every few seconds; a hold it takes counts only while that lease runs (and never
-- past its own ttl). A crashed server stops renewing, so its holds stop counting within one lease
-- (seconds), not after the 15-minute ttl; a server restarted under the same name ends its previous
-- incarnation at once, and that incarnation's holds go with it.
-- Service role only, like the holds themselves.

create table public.server_instances (
  id uuid primary key,
  -- Stable across restarts of one server (host and port, or INSTANCE_NAME).
  name text not null check (length(name) between 1 and 200),
  started_at timestamptz not null default now(),
  lease_until timestamptz not null
);
create index server_instances_name on public.server_instances (name);
alter table public.server_instances enable row level security;
revoke all on table public.server_instances from public, anon, authenticated;
grant all on table public.server_instances to service_role;

alter table public.credit_holds
  add column instance_id uuid references public.server_instances (id) on delete cascade,
  -- The hold's own ttl; `expires_at` follows the instance's lease up to this.
  add column deadline timestamptz;
create index credit_holds_instance on public.credit_holds (instance_id);

-- Registers (or re-registers) an instance. Ends the earlier instances of the same name (a restart)
-- and any whose lease lapsed; their holds are dropped with them. Answers what was given back.
create function public.register_server_instance(p_id uuid, p_name text, p_lease_seconds integer)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_holds integer;
  v_credits integer;
  v_instances integer;
begin
  if p_id is null or p_name is null or p_lease_seconds is null or p_lease_seconds < 1 or p_lease_seconds > 3600 then
    raise exception using errcode = '22023', message = 'invalid_argument: an id, a name and a lease of 1..3600 seconds are required';
  end if;
  select count(*)::integer, coalesce(sum(h.amount), 0)::integer into v_holds, v_credits
    from public.credit_holds h join public.server_instances i on i.id = h.instance_id
    where i.id <> p_id and (i.name = p_name or i.lease_until < now()) and h.expires_at > now();
  with ended as (
    delete from public.server_instances where id <> p_id and (name = p_name or lease_until < now()) returning 1
  )
  select count(*)::integer into v_instances from ended;
  insert into public.server_instances (id, name, lease_until)
    values (p_id, p_name, now() + make_interval(secs => p_lease_seconds))
    on conflict (id) do update set lease_until = excluded.lease_until, name = excluded.name;
  return jsonb_build_object('ended_instances', v_instances, 'released_holds', v_holds, 'released_credits', v_credits);
end $$;

-- The heartbeat: extends the lease and the expiry of the instance's holds. False when the instance
-- is gone (it was taken for dead): the server then registers again.
create function public.renew_server_instance(p_id uuid, p_lease_seconds integer)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_until timestamptz := now() + make_interval(secs => p_lease_seconds);
begin
  if p_id is null or p_lease_seconds is null or p_lease_seconds < 1 or p_lease_seconds > 3600 then
    raise exception using errcode = '22023', message = 'invalid_argument: an id and a lease of 1..3600 seconds are required';
  end if;
  update public.server_instances set lease_until = v_until where id = p_id;
  if not found then
    return false;
  end if;
  update public.credit_holds set expires_at = least(deadline, v_until)
    where instance_id = p_id and deadline is not null and expires_at > now();
  return true;
end $$;

-- A server that stops on purpose ends its instance (and whatever holds are still open).
create function public.end_server_instance(p_id uuid)
returns boolean
language sql security definer set search_path = '' as $$
  with ended as (delete from public.server_instances where id = p_id returning 1)
  select exists (select 1 from ended);
$$;

-- hold_credits for a registered instance: the hold expires with the instance's lease (renewed by
-- its heartbeat) and at the latest after ttl_seconds_input. Same admission rule as hold_credits.
-- The instance row is locked (key share) so it cannot be ended between the check and the insert.
create function public.hold_credits(user_id_input uuid, amount_input integer, ttl_seconds_input integer, instance_id_input uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_balance integer;
  v_held integer;
  v_id uuid;
  v_lease timestamptz;
  v_deadline timestamptz;
  v_expires_at timestamptz;
  v_instance uuid := instance_id_input;
begin
  if user_id_input is null or instance_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input and instance_id_input are required';
  end if;
  if amount_input is null or amount_input <= 0 then
    raise exception using errcode = '22023', message = 'invalid_amount: amount_input must be an integer > 0';
  end if;
  if ttl_seconds_input is null or ttl_seconds_input <= 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: ttl_seconds_input must be an integer > 0';
  end if;
  -- An instance taken for dead (its lease lapsed, or removed) is still the one asking: the hold is
  -- then not tied to it and lasts its ttl, until its heartbeat registers it again.
  select lease_until into v_lease from public.server_instances where id = instance_id_input and lease_until > now() for key share;
  if not found then
    v_instance := null;
  end if;
  select credits into v_balance from public.profiles where id = user_id_input for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('unknown_user: no profile for %s', user_id_input);
  end if;
  delete from public.credit_holds where user_id = user_id_input and expires_at <= now();
  select coalesce(sum(amount), 0)::integer into v_held from public.credit_holds where user_id = user_id_input;
  if v_balance - v_held < amount_input then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, held %s, required %s', v_balance, v_held, amount_input),
      hint = 'Wait for the running answers to end, subscribe, or wait for the next credit grant.';
  end if;
  v_deadline := now() + make_interval(secs => ttl_seconds_input);
  v_expires_at := case when v_instance is null then v_deadline else least(v_deadline, v_lease) end;
  insert into public.credit_holds (user_id, amount, expires_at, instance_id, deadline)
    values (user_id_input, amount_input, v_expires_at, v_instance, v_deadline)
    returning id into v_id;
  return jsonb_build_object('id', v_id, 'amount', amount_input, 'expires_at', v_expires_at);
end $$;

revoke execute on function public.register_server_instance(uuid, text, integer) from public, anon, authenticated;
revoke execute on function public.renew_server_instance(uuid, integer) from public, anon, authenticated;
revoke execute on function public.end_server_instance(uuid) from public, anon, authenticated;
revoke execute on function public.hold_credits(uuid, integer, integer, uuid) from public, anon, authenticated;
grant execute on function public.register_server_instance(uuid, text, integer) to service_role;
grant execute on function public.renew_server_instance(uuid, integer) to service_role;
grant execute on function public.end_server_instance(uuid) to service_role;
grant execute on function public.hold_credits(uuid, integer, integer, uuid) to service_role;
