-- The leaderboard reads one row per answer of a voted turn: compare_vote_answers, kept by a trigger
-- from compare_votes (whose arrays stay the record of the choice). Unnesting three arrays per vote at
-- read time cost most of the leaderboard's time over 10,000 votes; a flat range of an index does not.

create table public.compare_vote_answers (
  vote_id uuid not null references public.compare_votes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  created_at timestamptz not null,
  model_id text not null,
  won boolean not null,
  credits integer,
  first_token_ms integer,
  primary key (vote_id, model_id)
);
create index compare_vote_answers_leaderboard on public.compare_vote_answers (user_id, kind, created_at);

alter table public.compare_vote_answers enable row level security;
revoke all on table public.compare_vote_answers from anon, authenticated;
grant select on table public.compare_vote_answers to authenticated;
grant all on table public.compare_vote_answers to service_role;
create policy "compare_vote_answers: owner reads" on public.compare_vote_answers for select to authenticated
  using ((select auth.uid()) = user_id);

-- Written only here, whichever role records the vote (the user's own client has no write grant).
create function public.spread_compare_vote() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.compare_vote_answers where vote_id = new.id;
  insert into public.compare_vote_answers (vote_id, user_id, kind, created_at, model_id, won, credits, first_token_ms)
  select new.id, new.user_id, new.kind, new.created_at, a.model_id, a.model_id = new.winner_model_id, a.credits, a.first_token_ms
  from unnest(new.models, new.credits, new.first_token_ms) as a (model_id, credits, first_token_ms);
  return null;
end $$;
revoke execute on function public.spread_compare_vote() from public, anon, authenticated;
create trigger compare_votes_spread after insert or update on public.compare_votes
  for each row execute function public.spread_compare_vote();

insert into public.compare_vote_answers (vote_id, user_id, kind, created_at, model_id, won, credits, first_token_ms)
select v.id, v.user_id, v.kind, v.created_at, a.model_id, a.model_id = v.winner_model_id, a.credits, a.first_token_ms
from public.compare_votes v cross join lateral unnest(v.models, v.credits, v.first_token_ms) as a (model_id, credits, first_token_ms);

-- The same figures as before, from the flat rows.
create or replace function public.compare_leaderboard(p_user_id uuid, p_days integer)
returns table (model_id text, comparisons integer, wins integer, credits bigint, median_first_token_ms double precision)
language sql stable security invoker set search_path = '' as $$
  select a.model_id,
         count(*)::integer,
         count(*) filter (where a.won)::integer,
         coalesce(sum(a.credits), 0)::bigint,
         percentile_cont(0.5) within group (order by a.first_token_ms)
  from public.compare_vote_answers a
  where a.user_id = p_user_id
    and a.kind = 'vote'
    and (p_days is null or a.created_at >= now() - make_interval(days => p_days))
  group by a.model_id
$$;
