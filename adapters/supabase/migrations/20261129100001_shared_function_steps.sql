-- One definition of each step that several functions take, and those functions redefined to take it
-- from there. Nothing a caller sees changes: same arguments, answers, errors and grants.
--
--   usage_credit_cost(model, input, output)   the price of a model's usage (log_usage, settle_credit_hold)
--   lock_credits(user)                        the user's balance, their profile row locked (every charge and hold)
--   prune_credit_holds(user, hold)            drops expired holds (and one settled), answers what the rest hold
--   book_usage_charge(…)                      the balance, the usage_events row, the 'usage_charge' ledger line
--   take_credit_hold(user, amount, ttl, inst) admits and inserts a hold (both forms of hold_credits)
--   apply_subscription_state(webhook, user, effect)  a billing webhook's subscription state (apply_billing_webhook)
--
-- The steps are internal: no API role may execute them (the service role only apply_subscription_state,
-- which apply_billing_webhook runs as its caller). The public functions that call the others are
-- security definer and run them as their owner.

-- ceil((input_tokens * input_price + output_tokens * output_price) / 1000): one rounding, up, on the
-- sum. Refuses negative or missing token counts and an unknown model.
create function public.usage_credit_cost(p_model_id text, p_input_tokens integer, p_output_tokens integer)
returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  v_model public.models;
begin
  if p_input_tokens is null or p_output_tokens is null or p_input_tokens < 0 or p_output_tokens < 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: token counts must be integers >= 0';
  end if;
  select * into v_model from public.models where id = p_model_id;
  if not found then
    raise exception using errcode = 'P0001', message = format('unknown_model: %s', p_model_id);
  end if;
  return ceil((p_input_tokens::numeric * v_model.input_credits_per_1k
               + p_output_tokens::numeric * v_model.output_credits_per_1k) / 1000)::integer;
end $$;

-- The row lock makes every charge and hold of one user queue up: the balance never goes below zero.
create function public.lock_credits(p_user_id uuid)
returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  v_balance integer;
begin
  select credits into v_balance from public.profiles where id = p_user_id for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('unknown_user: no profile for %s', p_user_id);
  end if;
  return v_balance;
end $$;

-- Drops the user's expired holds, and p_hold_id when given (a hold being settled); answers what the
-- remaining holds hold. Run after lock_credits.
create function public.prune_credit_holds(p_user_id uuid, p_hold_id uuid default null)
returns integer
language plpgsql security invoker set search_path = '' as $$
begin
  delete from public.credit_holds where user_id = p_user_id and (id = p_hold_id or expires_at <= now());
  return (select coalesce(sum(amount), 0)::integer from public.credit_holds where user_id = p_user_id);
end $$;

-- Books a charge the caller decided, on the balance lock_credits answered: the new balance, a
-- usage_events row and a 'usage_charge' ledger line (reference usage:<id>) whose reason ends with
-- p_note. Answers {charged, balance, usage_id}.
create function public.book_usage_charge(
  p_user_id uuid, p_model_id text, p_input_tokens integer, p_output_tokens integer,
  p_balance integer, p_charge integer, p_note text default ''
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_balance integer := p_balance - p_charge;
  v_usage_id bigint;
begin
  update public.profiles set credits = v_balance where id = p_user_id;
  insert into public.usage_events (user_id, model_id, input_tokens, output_tokens, credits_charged)
    values (p_user_id, p_model_id, p_input_tokens, p_output_tokens, p_charge)
    returning id into v_usage_id;
  insert into public.credit_ledger (user_id, kind, amount, balance_after, reason, reference, model_id, usage_id)
    values (p_user_id, 'usage_charge', -p_charge, v_balance,
            format('%s: %s input + %s output tokens', p_model_id, p_input_tokens, p_output_tokens) || p_note,
            'usage:' || v_usage_id::text, p_model_id, v_usage_id);
  return jsonb_build_object('charged', p_charge, 'balance', v_balance, 'usage_id', v_usage_id);
end $$;

-- Admits a hold only while credits - (unexpired holds) >= amount. With a live instance the hold is
-- tied to it: it expires with the instance's lease (renewed by its heartbeat) and at the latest
-- after its ttl (`deadline`); the instance row is locked (key share) so it cannot be ended between
-- the check and the insert. An instance taken for dead (its lease lapsed, or removed) is still the
-- one asking: the hold is then not tied to it and lasts its ttl. Without an instance, likewise (and
-- no deadline is kept).
create function public.take_credit_hold(p_user_id uuid, p_amount integer, p_ttl_seconds integer, p_instance_id uuid)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_balance integer;
  v_held integer;
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
  v_deadline := now() + make_interval(secs => p_ttl_seconds);
  v_expires_at := case when v_instance is null then v_deadline else least(v_deadline, v_lease) end;
  insert into public.credit_holds (user_id, amount, expires_at, instance_id, deadline)
    values (p_user_id, p_amount, v_expires_at, v_instance, case when p_instance_id is null then null else v_deadline end)
    returning id into v_id;
  return jsonb_build_object('id', v_id, 'amount', p_amount, 'expires_at', v_expires_at);
end $$;

-- A subscription state, for a user whose profile row the caller has locked. 'stale' (recorded as
-- handled, nothing changed) when older than the state the profile has, or of the same time and of an
-- older change of the subscription (never changed since it was created counts as oldest; a tie on
-- both applies). 'other_subscription' when the state is not active, for a subscription other than
-- the user's active one, and not `confirmed`: the webhook is unclaimed again (not handled), so the
-- server asks the billing provider and applies what it says. Otherwise 'applied'.
create function public.apply_subscription_state(p_webhook_id text, p_user_id uuid, p_effect jsonb)
returns text
language plpgsql security invoker set search_path = '' as $$
declare
  v_at timestamptz;
  v_modified timestamptz;
  v_state_at timestamptz;
  v_state_modified timestamptz;
  v_subscription text;
  v_status text;
begin
  select subscription_state_at, subscription_modified_at, subscription_id, subscription_status
    into v_state_at, v_state_modified, v_subscription, v_status
    from public.profiles where id = p_user_id;
  v_at := (p_effect->>'occurred_at')::timestamptz;
  if v_at is null then
    raise exception using errcode = '22023', message = 'invalid_effect: a subscription state needs occurred_at';
  end if;
  v_modified := (p_effect->>'modified_at')::timestamptz;
  if v_state_at is not null and (v_state_at > v_at or (v_state_at = v_at
       and coalesce(v_state_modified, '-infinity'::timestamptz) > coalesce(v_modified, '-infinity'::timestamptz))) then
    return 'stale';
  end if;
  if v_status = 'active' and v_subscription is not null and p_effect ? 'subscription_id'
     and p_effect->>'subscription_id' is distinct from v_subscription
     and p_effect->>'status' is distinct from 'active'
     and coalesce((p_effect->>'confirmed')::boolean, false) = false then
    delete from public.webhook_inbox where webhook_id = p_webhook_id;
    return 'other_subscription';
  end if;
  update public.profiles set
    subscription_status = p_effect->>'status',
    subscription_state_at = v_at,
    subscription_modified_at = v_modified,
    billing_customer_id = case when p_effect ? 'billing_customer_id' then p_effect->>'billing_customer_id' else billing_customer_id end,
    subscription_id = case when p_effect ? 'subscription_id' then p_effect->>'subscription_id' else subscription_id end,
    current_period_end = case when p_effect ? 'current_period_end' then (p_effect->>'current_period_end')::timestamptz else current_period_end end,
    cancel_at_period_end = case when p_effect ? 'cancel_at_period_end' then (p_effect->>'cancel_at_period_end')::boolean else cancel_at_period_end end
  where id = p_user_id;
  return 'applied';
end $$;

revoke execute on function public.usage_credit_cost(text, integer, integer) from public, anon, authenticated, service_role;
revoke execute on function public.lock_credits(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.prune_credit_holds(uuid, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.book_usage_charge(uuid, text, integer, integer, integer, integer, text) from public, anon, authenticated, service_role;
revoke execute on function public.take_credit_hold(uuid, integer, integer, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.apply_subscription_state(text, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.apply_subscription_state(text, uuid, jsonb) to service_role;

-- The callers. `create or replace` keeps each function's grants.

create or replace function public.log_usage(
  user_id_input uuid, model_input text, input_tokens_input integer, output_tokens_input integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_charge integer;
  v_balance integer;
begin
  if user_id_input is null or model_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input and model_input are required';
  end if;
  v_charge := public.usage_credit_cost(model_input, input_tokens_input, output_tokens_input);
  v_balance := public.lock_credits(user_id_input);
  if v_balance < v_charge then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, charge %s', v_balance, v_charge),
      detail = format('model %s, %s input and %s output tokens', model_input, input_tokens_input, output_tokens_input),
      hint = 'Subscribe or wait for the next credit grant.';
  end if;
  return public.book_usage_charge(user_id_input, model_input, input_tokens_input, output_tokens_input, v_balance, v_charge);
end $$;

-- Charged at most what the user can pay: min(cost, credits - other unexpired holds), never below zero;
-- the rest is answered as shortfall and noted in the ledger reason.
create or replace function public.settle_credit_hold(
  hold_id_input uuid, user_id_input uuid, model_input text, input_tokens_input integer, output_tokens_input integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_cost integer;
  v_balance integer;
  v_charge integer;
begin
  if hold_id_input is null or user_id_input is null or model_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: hold_id_input, user_id_input and model_input are required';
  end if;
  v_cost := public.usage_credit_cost(model_input, input_tokens_input, output_tokens_input);
  v_balance := public.lock_credits(user_id_input);
  v_charge := greatest(0, least(v_cost, v_balance - public.prune_credit_holds(user_id_input, hold_id_input)));
  return public.book_usage_charge(user_id_input, model_input, input_tokens_input, output_tokens_input, v_balance, v_charge,
      case when v_cost > v_charge then format(' (%s short)', v_cost - v_charge) else '' end)
    || jsonb_build_object('shortfall', v_cost - v_charge);
end $$;

create or replace function public.hold_credits(user_id_input uuid, amount_input integer, ttl_seconds_input integer)
returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  if user_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input is required';
  end if;
  return public.take_credit_hold(user_id_input, amount_input, ttl_seconds_input, null);
end $$;

create or replace function public.hold_credits(user_id_input uuid, amount_input integer, ttl_seconds_input integer, instance_id_input uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  if user_id_input is null or instance_id_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input and instance_id_input are required';
  end if;
  return public.take_credit_hold(user_id_input, amount_input, ttl_seconds_input, instance_id_input);
end $$;

create or replace function public.apply_billing_webhook(p_webhook_id text, p_event_type text, p_effect jsonb) returns text
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := (p_effect->>'user_id')::uuid;
begin
  insert into public.webhook_inbox (webhook_id, event_type) values (p_webhook_id, p_event_type)
    on conflict (webhook_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  -- The row lock orders concurrent events of one user.
  perform 1 from public.profiles where id = v_user for update;
  if not found then
    return 'no_user';
  end if;
  if p_effect->>'kind' = 'subscription_state' then
    return public.apply_subscription_state(p_webhook_id, v_user, p_effect);
  elsif p_effect->>'kind' = 'credit_grant' then
    perform public.grant_credits(v_user, (p_effect->>'amount')::integer, 'subscription_grant', p_effect->>'reason', p_effect->>'reference');
  else
    raise exception using errcode = '22023', message = format('invalid_effect: %s', p_effect->>'kind');
  end if;
  return 'applied';
end $$;
