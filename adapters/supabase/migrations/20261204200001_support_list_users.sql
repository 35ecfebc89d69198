-- The support program's export of users: every auth user with the profile fields support reads, a
-- page at a time in sign-up order (keyset: created_at, then id), or only the users named by id
-- (the usage report labels its rows with their e-mail). Service role only, like support_find_user.
create function public.support_list_users(
  after_created_at timestamptz default null,
  after_id uuid default null,
  limit_input integer default 100,
  ids_input uuid[] default null
)
returns table (
  id uuid, email text, created_at timestamptz, last_sign_in_at timestamptz, credits integer,
  subscription_status text, billing_customer_id text, subscription_id text, current_period_end timestamptz,
  cancel_at_period_end boolean
)
language sql stable security definer set search_path = '' as $$
  select u.id, u.email::text, u.created_at, u.last_sign_in_at, p.credits, p.subscription_status,
         p.billing_customer_id, p.subscription_id, p.current_period_end, p.cancel_at_period_end
  from auth.users u
  left join public.profiles p on p.id = u.id
  where (ids_input is null or u.id = any (ids_input))
    and (after_created_at is null
         or u.created_at > after_created_at
         or (u.created_at = after_created_at and u.id > coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid)))
  order by u.created_at, u.id
  limit least(greatest(coalesce(limit_input, 100), 1), 1000)
$$;
revoke execute on function public.support_list_users(timestamptz, uuid, integer, uuid[]) from public, anon, authenticated;
grant execute on function public.support_list_users(timestamptz, uuid, integer, uuid[]) to service_role;

-- How many users there are (the export's progress line).
create function public.support_count_users()
returns bigint
language sql stable security definer set search_path = '' as $$
  select count(*) from auth.users
$$;
revoke execute on function public.support_count_users() from public, anon, authenticated;
grant execute on function public.support_count_users() to service_role;
