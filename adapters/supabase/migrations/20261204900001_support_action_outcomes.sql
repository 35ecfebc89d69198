-- A billing action is written down before the billing provider is asked to carry it out, and settled
-- after: `pending` until the provider's answer is known, then `done` (with what the provider made:
-- the refund's id and amount) or removed when nothing changed. A support program killed between the
-- provider's answer and the settling write leaves a pending row, never no row; `ensemble actions
-- reconcile` settles it from what the provider holds (a refund carries its action's id in metadata).
-- Credit grants and debits are written with their ledger line in one transaction: always `done`.
alter table public.support_actions
  add column status text not null default 'done' check (status in ('pending', 'done')),
  add column settled_at timestamptz;
create index support_actions_pending on public.support_actions (id) where status = 'pending';

drop function public.record_support_action(text, text, text, text, bigint, text, text, text, text);

-- Writes a billing action as pending; the user is kept only when the id names a profile of this project.
create function public.begin_support_action(
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
  insert into public.support_actions (user_id, operator, action, subject, amount, currency, reason, comment, environment, status)
    values (v_user, operator_input, action_input, subject_input, amount_input, currency_input, coalesce(reason_input, ''),
            comment_input, coalesce(environment_input, ''), 'pending')
    returning * into v_row;
  return v_row;
end $$;
revoke execute on function public.begin_support_action(text, text, text, text, bigint, text, text, text, text) from public, anon, authenticated;
grant execute on function public.begin_support_action(text, text, text, text, bigint, text, text, text, text) to service_role;

-- Settles a pending billing action as done, with what the provider made (the subject and amount it
-- answered). A row settled already is answered as it stands; an unknown id is `not_found`.
create function public.complete_support_action(
  id_input bigint, subject_input text, amount_input bigint, currency_input text
) returns public.support_actions
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.support_actions;
begin
  select * into v_row from public.support_actions where id = id_input and action in ('cancel', 'resume', 'revoke', 'refund') for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('not_found: no billing support action %s', id_input);
  end if;
  if v_row.status = 'done' then
    return v_row;
  end if;
  update public.support_actions
    set status = 'done', settled_at = now(), subject = coalesce(subject_input, subject),
        amount = coalesce(amount_input, amount), currency = coalesce(currency_input, currency)
    where id = id_input
    returning * into v_row;
  return v_row;
end $$;
revoke execute on function public.complete_support_action(bigint, text, bigint, text) from public, anon, authenticated;
grant execute on function public.complete_support_action(bigint, text, bigint, text) to service_role;

-- Removes a pending billing action whose provider call changed nothing; a done row is kept. Answers
-- whether a row was removed.
create function public.abandon_support_action(id_input bigint) returns boolean
language sql security definer set search_path = '' as $$
  with removed as (delete from public.support_actions where id = id_input and status = 'pending' returning 1)
  select exists (select 1 from removed);
$$;
revoke execute on function public.abandon_support_action(bigint) from public, anon, authenticated;
grant execute on function public.abandon_support_action(bigint) to service_role;
