-- Subscription events in order (issue 14): the provider retries for hours, so an older event can
-- arrive after a newer one. The profile keeps the time of the event that set its state, and an
-- older one is recorded as handled ('stale') without changing anything: a revoked subscription is
-- never revived by a late `active`.
alter table public.profiles add column subscription_state_at timestamptz;

create or replace function public.apply_billing_webhook(p_webhook_id text, p_event_type text, p_effect jsonb) returns text
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := (p_effect->>'user_id')::uuid;
  v_at timestamptz;
  v_state_at timestamptz;
begin
  insert into public.webhook_inbox (webhook_id, event_type) values (p_webhook_id, p_event_type)
    on conflict (webhook_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  -- The row lock orders concurrent events of one user.
  select subscription_state_at into v_state_at from public.profiles where id = v_user for update;
  if not found then
    return 'no_user';
  end if;
  if p_effect->>'kind' = 'subscription_state' then
    v_at := (p_effect->>'occurred_at')::timestamptz;
    if v_at is null then
      raise exception using errcode = '22023', message = 'invalid_effect: a subscription state needs occurred_at';
    end if;
    if v_state_at is not null and v_state_at > v_at then
      return 'stale';
    end if;
    update public.profiles set
      subscription_status = p_effect->>'status',
      subscription_state_at = v_at,
      billing_customer_id = case when p_effect ? 'billing_customer_id' then p_effect->>'billing_customer_id' else billing_customer_id end,
      subscription_id = case when p_effect ? 'subscription_id' then p_effect->>'subscription_id' else subscription_id end,
      current_period_end = case when p_effect ? 'current_period_end' then (p_effect->>'current_period_end')::timestamptz else current_period_end end,
      cancel_at_period_end = case when p_effect ? 'cancel_at_period_end' then (p_effect->>'cancel_at_period_end')::boolean else cancel_at_period_end end
    where id = v_user;
  elsif p_effect->>'kind' = 'credit_grant' then
    perform public.grant_credits(v_user, (p_effect->>'amount')::integer, 'subscription_grant', p_effect->>'reason', p_effect->>'reference');
  else
    raise exception using errcode = '22023', message = format('invalid_effect: %s', p_effect->>'kind');
  end if;
  return 'applied';
end $$;
