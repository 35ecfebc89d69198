-- A billing webhook is claimed and applied in one transaction (issue 14): a crash between the two
-- can no longer leave a claimed but unapplied paid order. The provider's retry then applies it once.
create function public.apply_billing_webhook(p_webhook_id text, p_event_type text, p_effect jsonb) returns text
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := (p_effect->>'user_id')::uuid;
begin
  insert into public.webhook_inbox (webhook_id, event_type) values (p_webhook_id, p_event_type)
    on conflict (webhook_id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  -- A user deleted since paying: kept as handled, nothing to change.
  if not exists (select 1 from public.profiles where id = v_user) then
    return 'no_user';
  end if;
  if p_effect->>'kind' = 'subscription_state' then
    update public.profiles set
      subscription_status = p_effect->>'status',
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
revoke execute on function public.apply_billing_webhook(text, text, jsonb) from public, anon, authenticated;
grant execute on function public.apply_billing_webhook(text, text, jsonb) to service_role;
