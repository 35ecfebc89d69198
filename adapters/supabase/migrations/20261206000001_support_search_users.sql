-- The support program's list of users (`ensemble users list`): newest sign-ups first, a page at a time
-- (keyset: created_at, then id, both descending), optionally only those whose e-mail holds the given
-- text (any case; % and _ are matched as themselves) or whose id starts with it. Service role only,
-- like support_find_user and support_list_users.
create function public.support_search_users(
  query_input text default null,
  before_created_at timestamptz default null,
  before_id uuid default null,
  limit_input integer default 100
)
returns table (
  id uuid, email text, created_at timestamptz, last_sign_in_at timestamptz, credits integer,
  subscription_status text, billing_customer_id text, subscription_id text, current_period_end timestamptz,
  cancel_at_period_end boolean
)
language sql stable security definer set search_path = '' as $$
  with wanted as (
    select nullif(btrim(query_input), '') as text
  ), pattern as (
    select text,
           '%' || replace(replace(replace(lower(text), '\', '\\'), '%', '\%'), '_', '\_') || '%' as inside,
           replace(replace(replace(lower(text), '\', '\\'), '%', '\%'), '_', '\_') || '%' as prefix
    from wanted
  )
  select u.id, u.email::text, u.created_at, u.last_sign_in_at, p.credits, p.subscription_status,
         p.billing_customer_id, p.subscription_id, p.current_period_end, p.cancel_at_period_end
  from auth.users u
  left join public.profiles p on p.id = u.id
  cross join pattern q
  where (q.text is null or lower(u.email) like q.inside or u.id::text like q.prefix)
    and (before_created_at is null
         or u.created_at < before_created_at
         or (u.created_at = before_created_at and u.id < coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
  order by u.created_at desc, u.id desc
  limit least(greatest(coalesce(limit_input, 100), 1), 1000)
$$;
revoke execute on function public.support_search_users(text, timestamptz, uuid, integer) from public, anon, authenticated;
grant execute on function public.support_search_users(text, timestamptz, uuid, integer) to service_role;
