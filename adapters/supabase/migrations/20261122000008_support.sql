-- Read-only helpers for the support CLI and the server (service role only).

-- A user's recent credit history, newest first: each ledger line with the usage behind a charge.
create function public.support_recent_activity(user_id_input uuid, limit_input integer default 50)
returns table (
  ledger_id bigint, created_at timestamptz, kind text, amount integer, balance_after integer, reason text,
  reference text, model_id text, input_tokens integer, output_tokens integer
)
language sql stable security definer set search_path = '' as $$
  select l.id, l.created_at, l.kind, l.amount, l.balance_after, l.reason, l.reference,
         coalesce(l.model_id, u.model_id), u.input_tokens, u.output_tokens
  from public.credit_ledger l
  left join public.usage_events u on u.id = l.usage_id
  where l.user_id = user_id_input
  order by l.id desc
  limit least(greatest(coalesce(limit_input, 50), 1), 1000)
$$;
revoke execute on function public.support_recent_activity(uuid, integer) from public, anon, authenticated;
grant execute on function public.support_recent_activity(uuid, integer) to service_role;

-- Finds an auth user by e-mail (case-insensitive) or id, with the profile fields support needs.
create function public.support_find_user(email_input text default null, user_id_input uuid default null)
returns table (
  id uuid, email text, created_at timestamptz, last_sign_in_at timestamptz, credits integer,
  subscription_status text, billing_customer_id text, feature_flag boolean
)
language sql stable security definer set search_path = '' as $$
  select u.id, u.email::text, u.created_at, u.last_sign_in_at, p.credits, p.subscription_status,
         p.billing_customer_id, p.feature_flag
  from auth.users u
  left join public.profiles p on p.id = u.id
  where (email_input is not null or user_id_input is not null)
    and (email_input is null or lower(u.email) = lower(email_input))
    and (user_id_input is null or u.id = user_id_input)
  order by u.created_at
  limit 10
$$;
revoke execute on function public.support_find_user(text, uuid) from public, anon, authenticated;
grant execute on function public.support_find_user(text, uuid) to service_role;
