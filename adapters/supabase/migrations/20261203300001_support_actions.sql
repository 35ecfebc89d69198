-- Who did what from the support program (`ensemble`): one row per support action (a credit grant or
-- debit, a subscription cancelled, resumed or revoked, a refund), with the operator who ran it.
-- Only the service role reads and writes it; no user sees it.
create table public.support_actions (
  id bigint generated always as identity primary key,
  -- The Ensemble user the action was about; null when a billing customer is no user of this project.
  user_id uuid references public.profiles (id) on delete cascade,
  operator text not null check (char_length(operator) between 1 and 100),
  action text not null check (action in ('grant', 'debit', 'cancel', 'resume', 'revoke', 'refund')),
  -- What was acted on: `ledger:<entry id>`, a subscription id, a refund id.
  subject text not null check (char_length(subject) between 1 and 200),
  -- Credits for grants and debits (signed), minor units of `currency` for refunds.
  amount bigint,
  currency text check (currency is null or char_length(currency) between 1 and 10),
  reason text not null default '' check (char_length(reason) <= 500),
  comment text check (comment is null or char_length(comment) <= 2000),
  -- The billing environment of a billing action (production, sandbox, local or a URL).
  environment text not null default '' check (char_length(environment) <= 300),
  created_at timestamptz not null default now()
);
create index support_actions_user_recent on public.support_actions (user_id, id desc);
create index support_actions_subject on public.support_actions (subject);

alter table public.support_actions enable row level security;
revoke all on table public.support_actions from anon, authenticated;
grant all on table public.support_actions to service_role;

-- Records a billing action; the user is kept only when the id names a profile of this project.
create function public.record_support_action(
  user_id_input text, operator_input text, action_input text, subject_input text, amount_input bigint,
  currency_input text, reason_input text, comment_input text, environment_input text
) returns public.support_actions
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid;
  v_row public.support_actions;
begin
  if action_input is null or action_input not in ('cancel', 'resume', 'revoke', 'refund') then
    raise exception using errcode = '22023', message = format('invalid_argument: %s is not one of cancel, resume, revoke, refund', action_input);
  end if;
  select id into v_user from public.profiles where id::text = user_id_input;
  insert into public.support_actions (user_id, operator, action, subject, amount, currency, reason, comment, environment)
    values (v_user, operator_input, action_input, subject_input, amount_input, currency_input, coalesce(reason_input, ''), comment_input, coalesce(environment_input, ''))
    returning * into v_row;
  return v_row;
end $$;
revoke execute on function public.record_support_action(text, text, text, text, bigint, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_support_action(text, text, text, text, bigint, text, text, text, text) to service_role;

-- A grant (amount > 0) or a debit (amount < 0) by support, and its support action, in one transaction.
-- A reference already used for the same user and amount changes nothing and answers `repeated`;
-- used for another amount or another user it is refused. A debit never takes the balance below zero.
create function public.support_change_credits(
  user_id_input uuid, amount_input integer, reason_input text, reference_input text, operator_input text
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_balance integer;
  v_row public.credit_ledger;
  v_action public.support_actions;
begin
  if amount_input is null or amount_input = 0 then
    raise exception using errcode = '22023', message = 'invalid_amount: a grant or a debit is a whole number of credits other than 0';
  end if;
  if operator_input is null or char_length(operator_input) not between 1 and 100 then
    raise exception using errcode = '22023', message = 'invalid_argument: the operator is a name of 1 to 100 characters';
  end if;
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
      if v_row.amount <> amount_input then
        raise exception using errcode = '23505',
          message = format('reference_conflict: reference %s was used for %s credits, not %s', reference_input, v_row.amount, amount_input);
      end if;
      select * into v_action from public.support_actions where subject = 'ledger:' || v_row.id::text order by id limit 1;
      return jsonb_build_object('entry', to_jsonb(v_row), 'operator', v_action.operator, 'repeated', true, 'balance', v_balance);
    end if;
  end if;
  if v_balance + amount_input < 0 then
    raise exception using errcode = 'P0001',
      message = format('insufficient_credits: balance %s, debit %s', v_balance, -amount_input);
  end if;
  update public.profiles set credits = v_balance + amount_input where id = user_id_input;
  insert into public.credit_ledger (user_id, kind, amount, balance_after, reason, reference)
    values (user_id_input, case when amount_input > 0 then 'manual_grant' else 'adjustment' end, amount_input,
            v_balance + amount_input, coalesce(reason_input, ''), reference_input)
    returning * into v_row;
  insert into public.support_actions (user_id, operator, action, subject, amount, reason)
    values (user_id_input, operator_input, case when amount_input > 0 then 'grant' else 'debit' end, 'ledger:' || v_row.id::text,
            amount_input, coalesce(reason_input, ''));
  return jsonb_build_object('entry', to_jsonb(v_row), 'operator', operator_input, 'repeated', false, 'balance', v_balance + amount_input);
end $$;
revoke execute on function public.support_change_credits(uuid, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.support_change_credits(uuid, integer, text, text, text) to service_role;
