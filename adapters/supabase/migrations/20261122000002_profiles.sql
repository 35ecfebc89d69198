-- Profiles, the credit ledger that explains every balance, idempotent grants and the sign-up trigger.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  marketing_consent boolean not null default false,
  -- The billing provider's subscription status; only 'active' means subscribed (app spec §4).
  subscription_status text check (subscription_status is null or char_length(subscription_status) <= 40),
  feature_flag boolean not null default false,
  credits integer not null default 0 check (credits >= 0),
  billing_customer_id text unique,
  subscription_id text,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function public.touch_updated_at();

alter table public.profiles enable row level security;
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
-- Column-level grant: a user may change their marketing consent and nothing else on the row.
grant update (marketing_consent) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;
create policy "profiles: owner reads" on public.profiles for select to authenticated
  using ((select auth.uid()) = id);
create policy "profiles: owner updates" on public.profiles for update to authenticated
  using ((select auth.uid()) = id) with check ((select auth.uid()) = id);

create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('signup_grant', 'subscription_grant', 'manual_grant', 'usage_charge', 'adjustment')),
  amount integer not null,
  balance_after integer not null check (balance_after >= 0),
  reason text not null default '' check (char_length(reason) <= 500),
  -- Idempotency key (webhook id, order id, 'usage:<id>'): a second grant with it changes nothing.
  reference text unique check (reference is null or char_length(reference) between 1 and 200),
  model_id text references public.models (id),
  usage_id bigint,
  created_at timestamptz not null default now(),
  check ((kind = 'usage_charge' and amount <= 0) or (kind = 'adjustment' and amount <> 0)
         or (kind in ('signup_grant', 'subscription_grant', 'manual_grant') and amount > 0))
);
create index credit_ledger_user_recent on public.credit_ledger (user_id, id desc);

alter table public.credit_ledger enable row level security;
revoke all on table public.credit_ledger from anon, authenticated;
grant select on table public.credit_ledger to authenticated;
grant all on table public.credit_ledger to service_role;
create policy "credit_ledger: owner reads" on public.credit_ledger for select to authenticated
  using ((select auth.uid()) = user_id);

-- Adds (or, for an adjustment, removes) credits and records the ledger line in one transaction.
create function public.grant_credits(
  user_id_input uuid, amount_input integer, kind_input text, reason_input text, reference_input text default null
) returns public.credit_ledger
language plpgsql security definer set search_path = '' as $$
declare
  v_balance integer;
  v_row public.credit_ledger;
begin
  if kind_input is null or kind_input not in ('signup_grant', 'subscription_grant', 'manual_grant', 'adjustment') then
    raise exception using errcode = '22023',
      message = format('invalid_kind: %s is not one of signup_grant, subscription_grant, manual_grant, adjustment', kind_input);
  end if;
  if amount_input is null or amount_input = 0 or (amount_input < 0 and kind_input <> 'adjustment') then
    raise exception using errcode = '22023',
      message = 'invalid_amount: a grant must be a positive number of credits; only an adjustment may be negative';
  end if;
  -- The row lock serialises grants and charges of one user, so the reference check below cannot race.
  select credits into v_balance from public.profiles where id = user_id_input for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('unknown_user: no profile for %s', user_id_input);
  end if;
  if reference_input is not null then
    select * into v_row from public.credit_ledger where reference = reference_input;
    if found then
      if v_row.user_id <> user_id_input then
        raise exception using errcode = '23505',
          message = format('reference_conflict: reference %s already belongs to another user', reference_input);
      end if;
      return v_row;
    end if;
  end if;
  if v_balance + amount_input < 0 then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, charge %s', v_balance, -amount_input);
  end if;
  update public.profiles set credits = v_balance + amount_input where id = user_id_input;
  insert into public.credit_ledger (user_id, kind, amount, balance_after, reason, reference)
    values (user_id_input, kind_input, amount_input, v_balance + amount_input, coalesce(reason_input, ''), reference_input)
    returning * into v_row;
  return v_row;
end $$;
revoke execute on function public.grant_credits(uuid, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.grant_credits(uuid, integer, text, text, text) to service_role;

-- Every new auth user gets a profile and the free starting credits (see README: 100 credits).
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, marketing_consent)
    values (new.id, coalesce(new.raw_user_meta_data ->> 'marketing_consent', '') = 'true')
    on conflict (id) do nothing;
  if not coalesce(new.is_anonymous, false) then
    perform public.grant_credits(new.id, 100, 'signup_grant', 'Free credits on sign-up', 'signup:' || new.id::text);
  end if;
  return new;
end $$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Users who signed up before this migration (an existing project) get the same start as new ones.
insert into public.profiles (id) select id from auth.users on conflict (id) do nothing;
select public.grant_credits(u.id, 100, 'signup_grant', 'Free credits on sign-up', 'signup:' || u.id::text)
  from auth.users u where not coalesce(u.is_anonymous, false);
