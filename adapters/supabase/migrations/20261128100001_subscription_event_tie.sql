-- Subscription events of the same time: the provider stamps events to the second or less, so two
-- changes of a subscription (canceled, then revoked) can carry one timestamp and arrive in either
-- order. The profile keeps, beside the event's time, the subscription's own `modified_at` as the
-- event carried it, and of two events of the same time the one with the later `modified_at` wins;
-- the earlier is recorded as handled ('stale') and changes nothing.
alter table public.profiles add column subscription_modified_at timestamptz;

create or replace function public.apply_billing_webhook(p_webhook_id text, p_event_type text, p_effect jsonb) returns text
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := (p_effect->>'user_id')::uuid;
  v_at timestamptz;
  v_state_at timestamptz;
  v_modified timestamptz;
  v_state_modified timestamptz;
  v_subscription text;
  v_status text;
begin
  insert into public.webhook_inbox (webhook_id, event_type) values (p_webhook_id, p_event_type)
    on conflict (webhook_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  -- The row lock orders concurrent events of one user.
  select subscription_state_at, subscription_modified_at, subscription_id, subscription_status
    into v_state_at, v_state_modified, v_subscription, v_status
    from public.profiles where id = v_user for update;
  if not found then
    return 'no_user';
  end if;
  if p_effect->>'kind' = 'subscription_state' then
    v_at := (p_effect->>'occurred_at')::timestamptz;
    if v_at is null then
      raise exception using errcode = '22023', message = 'invalid_effect: a subscription state needs occurred_at';
    end if;
    v_modified := (p_effect->>'modified_at')::timestamptz;
    -- Older, or of the same time and of an older change of the subscription (never changed since it
    -- was created counts as oldest); a tie on both applies, as it arrives.
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
    where id = v_user;
  elsif p_effect->>'kind' = 'credit_grant' then
    perform public.grant_credits(v_user, (p_effect->>'amount')::integer, 'subscription_grant', p_effect->>'reason', p_effect->>'reference');
  else
    raise exception using errcode = '22023', message = format('invalid_effect: %s', p_effect->>'kind');
  end if;
  return 'applied';
end $$;
