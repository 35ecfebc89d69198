-- Credit holds: credits set aside for an answer before it starts, so that concurrent chats cannot
-- spend the same balance twice. A chat holds its minimal answer per model (hold_credits), then
-- settles the hold with the actual usage (settle_credit_hold) or drops it (release_credit_hold).
-- Service role only, like usage_events and log_usage (DESIGN.md, security).

create table public.credit_holds (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  amount integer not null check (amount > 0),
  created_at timestamptz not null default now(),
  -- A hold past this time no longer counts (a crashed server); expired rows are removed lazily.
  expires_at timestamptz not null
);
create index credit_holds_user_expiry on public.credit_holds (user_id, expires_at);

alter table public.credit_holds enable row level security;
revoke all on table public.credit_holds from public, anon, authenticated;
grant all on table public.credit_holds to service_role;

-- Admits a hold only while credits - (unexpired holds) >= amount. The profile row lock serializes
-- every hold, settle and charge of one user (log_usage takes the same lock).
create function public.hold_credits(user_id_input uuid, amount_input integer, ttl_seconds_input integer)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_balance integer;
  v_held integer;
  v_id uuid;
  v_expires_at timestamptz;
begin
  if user_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input is required';
  end if;
  if amount_input is null or amount_input <= 0 then
    raise exception using errcode = '22023', message = 'invalid_amount: amount_input must be an integer > 0';
  end if;
  if ttl_seconds_input is null or ttl_seconds_input <= 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: ttl_seconds_input must be an integer > 0';
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
  v_expires_at := now() + make_interval(secs => ttl_seconds_input);
  insert into public.credit_holds (user_id, amount, expires_at)
    values (user_id_input, amount_input, v_expires_at)
    returning id into v_id;
  return jsonb_build_object('id', v_id, 'amount', amount_input, 'expires_at', v_expires_at);
end $$;

-- Drops the hold and charges the actual usage like log_usage (same price formula, usage_events row,
-- 'usage_charge' ledger line), capped at what the user can pay: min(cost, credits - other unexpired
-- holds), never below zero; the rest is answered as shortfall. An unknown or expired hold still
-- charges (the answer was given).
create function public.settle_credit_hold(
  hold_id_input uuid, user_id_input uuid, model_input text, input_tokens_input integer, output_tokens_input integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_model public.models;
  v_balance integer;
  v_other integer;
  v_cost integer;
  v_charge integer;
  v_usage_id bigint;
begin
  if hold_id_input is null or user_id_input is null or model_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: hold_id_input, user_id_input and model_input are required';
  end if;
  if input_tokens_input is null or output_tokens_input is null or input_tokens_input < 0 or output_tokens_input < 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: token counts must be integers >= 0';
  end if;
  select * into v_model from public.models where id = model_input;
  if not found then
    raise exception using errcode = 'P0001', message = format('unknown_model: %s', model_input);
  end if;
  v_cost := ceil((input_tokens_input::numeric * v_model.input_credits_per_1k
                  + output_tokens_input::numeric * v_model.output_credits_per_1k) / 1000)::integer;
  select credits into v_balance from public.profiles where id = user_id_input for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('unknown_user: no profile for %s', user_id_input);
  end if;
  delete from public.credit_holds
    where user_id = user_id_input and (id = hold_id_input or expires_at <= now());
  select coalesce(sum(amount), 0)::integer into v_other from public.credit_holds where user_id = user_id_input;
  v_charge := greatest(0, least(v_cost, v_balance - v_other));
  v_balance := v_balance - v_charge;
  update public.profiles set credits = v_balance where id = user_id_input;
  insert into public.usage_events (user_id, model_id, input_tokens, output_tokens, credits_charged)
    values (user_id_input, model_input, input_tokens_input, output_tokens_input, v_charge)
    returning id into v_usage_id;
  insert into public.credit_ledger (user_id, kind, amount, balance_after, reason, reference, model_id, usage_id)
    values (user_id_input, 'usage_charge', -v_charge, v_balance,
            format('%s: %s input + %s output tokens', model_input, input_tokens_input, output_tokens_input)
              || case when v_cost > v_charge then format(' (%s short)', v_cost - v_charge) else '' end,
            'usage:' || v_usage_id::text, model_input, v_usage_id);
  return jsonb_build_object('charged', v_charge, 'balance', v_balance, 'shortfall', v_cost - v_charge, 'usage_id', v_usage_id);
end $$;

-- Drops a hold uncharged (model error, nothing shown, abort before any token). Idempotent: answers
-- whether an unexpired hold was dropped.
create function public.release_credit_hold(hold_id_input uuid, user_id_input uuid)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_released boolean;
begin
  if hold_id_input is null or user_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: hold_id_input and user_id_input are required';
  end if;
  with dropped as (
    delete from public.credit_holds
      where user_id = user_id_input and (id = hold_id_input or expires_at <= now())
      returning id, expires_at
  )
  select coalesce(bool_or(id = hold_id_input and expires_at > now()), false) into v_released from dropped;
  return v_released;
end $$;

revoke execute on function public.hold_credits(uuid, integer, integer) from public, anon, authenticated;
revoke execute on function public.settle_credit_hold(uuid, uuid, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.release_credit_hold(uuid, uuid) from public, anon, authenticated;
grant execute on function public.hold_credits(uuid, integer, integer) to service_role;
grant execute on function public.settle_credit_hold(uuid, uuid, text, integer, integer) to service_role;
grant execute on function public.release_credit_hold(uuid, uuid) to service_role;
