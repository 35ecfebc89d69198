-- Usage rows and log_usage: the only way credits are spent. Service role only (DESIGN.md, security).

create table public.usage_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  model_id text not null references public.models (id),
  input_tokens integer not null check (input_tokens >= 0),
  output_tokens integer not null check (output_tokens >= 0),
  credits_charged integer not null check (credits_charged >= 0),
  created_at timestamptz not null default now()
);
create index usage_events_user_recent on public.usage_events (user_id, id desc);
alter table public.credit_ledger
  add constraint credit_ledger_usage_id_fkey foreign key (usage_id) references public.usage_events (id) on delete set null;

alter table public.usage_events enable row level security;
revoke all on table public.usage_events from anon, authenticated;
grant select on table public.usage_events to authenticated;
grant all on table public.usage_events to service_role;
create policy "usage_events: owner reads" on public.usage_events for select to authenticated
  using ((select auth.uid()) = user_id);

-- charge = ceil((input_tokens * input_price + output_tokens * output_price) / 1000): one rounding, up,
-- on the sum, so a call is never free unless both prices are zero or no tokens were used.
create function public.log_usage(
  user_id_input uuid, model_input text, input_tokens_input integer, output_tokens_input integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_model public.models;
  v_balance integer;
  v_charge integer;
  v_usage_id bigint;
begin
  if user_id_input is null or model_input is null then
    raise exception using errcode = '22023', message = 'invalid_argument: user_id_input and model_input are required';
  end if;
  if input_tokens_input is null or output_tokens_input is null or input_tokens_input < 0 or output_tokens_input < 0 then
    raise exception using errcode = '22023', message = 'invalid_argument: token counts must be integers >= 0';
  end if;
  select * into v_model from public.models where id = model_input;
  if not found then
    raise exception using errcode = 'P0001', message = format('unknown_model: %s', model_input);
  end if;
  v_charge := ceil((input_tokens_input::numeric * v_model.input_credits_per_1k
                    + output_tokens_input::numeric * v_model.output_credits_per_1k) / 1000)::integer;
  -- The row lock makes concurrent charges of one user queue up: the balance never goes below zero.
  select credits into v_balance from public.profiles where id = user_id_input for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('unknown_user: no profile for %s', user_id_input);
  end if;
  if v_balance < v_charge then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, charge %s', v_balance, v_charge),
      detail = format('model %s, %s input and %s output tokens', model_input, input_tokens_input, output_tokens_input),
      hint = 'Subscribe or wait for the next credit grant.';
  end if;
  v_balance := v_balance - v_charge;
  update public.profiles set credits = v_balance where id = user_id_input;
  insert into public.usage_events (user_id, model_id, input_tokens, output_tokens, credits_charged)
    values (user_id_input, model_input, input_tokens_input, output_tokens_input, v_charge)
    returning id into v_usage_id;
  insert into public.credit_ledger (user_id, kind, amount, balance_after, reason, reference, model_id, usage_id)
    values (user_id_input, 'usage_charge', -v_charge, v_balance,
            format('%s: %s input + %s output tokens', model_input, input_tokens_input, output_tokens_input),
            'usage:' || v_usage_id::text, model_input, v_usage_id);
  return jsonb_build_object('charged', v_charge, 'balance', v_balance, 'usage_id', v_usage_id);
end $$;
revoke execute on function public.log_usage(uuid, text, integer, integer) from public, anon, authenticated;
grant execute on function public.log_usage(uuid, text, integer, integer) to service_role;
