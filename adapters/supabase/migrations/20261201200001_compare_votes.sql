-- Blind compare and the personal leaderboard: a user's choice on a side-by-side turn, the best
-- answer ('vote') or the model to go on with ('continue'), one of each kind per turn (a second
-- replaces the first). The figures of the turn's answers are kept with the choice, aligned with
-- `models`: what the leaderboard adds up, as the answers stood when they were judged.

create table public.compare_votes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  conversation_id uuid not null,
  -- The turn: its user message.
  message_id uuid not null references public.messages (id) on delete cascade,
  kind text not null check (kind in ('vote', 'continue')),
  winner_model_id text not null check (char_length(winner_model_id) between 1 and 100),
  models text[] not null check (cardinality(models) between 2 and 6 and array_position(models, null) is null),
  credits integer[] not null,
  first_token_ms integer[] not null,
  blind boolean not null default false,
  created_at timestamptz not null default now(),
  foreign key (conversation_id, user_id) references public.conversations (id, user_id) on delete cascade,
  unique (user_id, message_id, kind),
  check (array_position(models, winner_model_id) is not null),
  check (cardinality(credits) = cardinality(models) and cardinality(first_token_ms) = cardinality(models))
);
-- The leaderboard reads one user's votes of a period; a conversation's votes are read by the turn.
create index compare_votes_leaderboard on public.compare_votes (user_id, kind, created_at);
create index compare_votes_conversation on public.compare_votes (conversation_id);

alter table public.compare_votes enable row level security;
revoke all on table public.compare_votes from anon, authenticated;
grant select, insert, update, delete on table public.compare_votes to authenticated;
grant all on table public.compare_votes to service_role;

create policy "compare_votes: owner reads" on public.compare_votes for select to authenticated
  using ((select auth.uid()) = user_id);
-- A choice may only name a turn (a user message) of a conversation the same user owns.
create policy "compare_votes: owner inserts" on public.compare_votes for insert to authenticated
  with check ((select auth.uid()) = user_id and exists (
    select 1 from public.messages m
    where m.id = message_id and m.conversation_id = compare_votes.conversation_id and m.user_id = (select auth.uid()) and m.role = 'user'));
create policy "compare_votes: owner updates" on public.compare_votes for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id and exists (
    select 1 from public.messages m
    where m.id = message_id and m.conversation_id = compare_votes.conversation_id and m.user_id = (select auth.uid()) and m.role = 'user'));
create policy "compare_votes: owner deletes" on public.compare_votes for delete to authenticated
  using ((select auth.uid()) = user_id);

-- Per model, over the user's votes of the last p_days days (null: all): the voted turns it answered
-- in, its wins, the credits its answers there were charged, and the median of their milliseconds to
-- first word. Security invoker: a user's token sees only their own rows; the service role names the
-- user here, in the query.
create function public.compare_leaderboard(p_user_id uuid, p_days integer)
returns table (model_id text, comparisons integer, wins integer, credits bigint, median_first_token_ms double precision)
language sql stable security invoker set search_path = '' as $$
  select a.model_id,
         count(*)::integer,
         count(*) filter (where a.model_id = v.winner_model_id)::integer,
         coalesce(sum(a.credits), 0)::bigint,
         percentile_cont(0.5) within group (order by a.first_token_ms)
  from public.compare_votes v
  cross join lateral unnest(v.models, v.credits, v.first_token_ms) as a (model_id, credits, first_token_ms)
  where v.user_id = p_user_id
    and v.kind = 'vote'
    and (p_days is null or v.created_at >= now() - make_interval(days => p_days))
  group by a.model_id
$$;
revoke execute on function public.compare_leaderboard(uuid, integer) from public, anon;
grant execute on function public.compare_leaderboard(uuid, integer) to authenticated, service_role;
