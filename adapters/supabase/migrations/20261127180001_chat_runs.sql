-- Chat runs that outlive their connection: the events of each running (and recently finished)
-- answer, shared by every app server instance, so a client that reconnects to any instance reads
-- the rest, and a stop asked of any instance reaches the one producing the answers.
-- The producing instance writes in batches (sync_chat_runs: one round trip for all its runs) and
-- keeps its runs alive with a lease; a run whose lease lapses unfinished was abandoned (a crash).
-- Service role only: users never read these tables directly; the app server reads for them, naming
-- the user in every call.

create table public.chat_runs (
  id uuid primary key,
  user_id uuid not null,
  conversation_id uuid not null,
  user_message_id uuid not null,
  model_ids text[] not null check (cardinality(model_ids) between 1 and 6 and array_position(model_ids, null) is null),
  last_seq integer not null default 0 check (last_seq >= 0),
  stop_requested_at timestamptz,
  finished_at timestamptz,
  -- Renewed by every sync of the producing instance; past it, an unfinished run was abandoned.
  live_until timestamptz not null,
  -- The last write of any kind: a run is deleted an hour after it (expire_chat_runs).
  written_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  foreign key (conversation_id, user_id) references public.conversations (id, user_id) on delete cascade
);
create index chat_runs_unfinished on public.chat_runs (user_id, conversation_id, created_at desc) where finished_at is null;
create index chat_runs_written on public.chat_runs (written_at);

create table public.chat_run_events (
  run_id uuid not null references public.chat_runs (id) on delete cascade,
  seq integer not null check (seq >= 1),
  event jsonb not null check (jsonb_typeof(event) = 'object'),
  primary key (run_id, seq)
);

alter table public.chat_runs enable row level security;
alter table public.chat_run_events enable row level security;
revoke all on table public.chat_runs, public.chat_run_events from public, anon, authenticated;
grant select, insert, update, delete on table public.chat_runs, public.chat_run_events to service_role;

-- A run as the app server reads it; state is worked out on the database's clock.
create function public.chat_run_json(r public.chat_runs) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'run_id', r.id, 'user_id', r.user_id, 'conversation_id', r.conversation_id, 'user_message_id', r.user_message_id,
    'model_ids', to_jsonb(r.model_ids), 'last_seq', r.last_seq, 'stop_requested', r.stop_requested_at is not null,
    'state', case when r.finished_at is not null then 'finished' when r.live_until > clock_timestamp() then 'running' else 'abandoned' end)
$$;

-- The producing instance's batch: p_runs = [{user_id, run_id, start?: {conversation_id,
-- user_message_id, model_ids}, events: [{seq, event}], finished}]. Creates the runs that start
-- (only in a conversation of that user; one deleted meanwhile is skipped), stores their new events
-- (a repeated seq is ignored, so a retried batch writes nothing twice), marks the finished ones,
-- and extends every run's lease by p_lease_ms. A run that is not that user's is skipped.
-- Answers the ids of the runs in the batch whose stop was requested and that are not finished.
create function public.sync_chat_runs(p_runs jsonb, p_lease_ms integer) returns uuid[]
language plpgsql security invoker set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_until timestamptz;
  v_entry jsonb;
  v_id uuid;
  v_user uuid;
  v_finished boolean;
  v_run public.chat_runs;
  v_stops uuid[] := '{}';
begin
  if p_lease_ms is null or p_lease_ms < 1 or p_lease_ms > 3600000 then
    raise exception using errcode = '22023', message = 'invalid_argument: p_lease_ms must be between 1 and 3600000';
  end if;
  if p_runs is null or jsonb_typeof(p_runs) <> 'array' then
    raise exception using errcode = '22023', message = 'invalid_argument: p_runs must be an array';
  end if;
  v_until := v_now + make_interval(secs => p_lease_ms / 1000.0);
  for v_entry in select e.value from jsonb_array_elements(p_runs) with ordinality e(value, n) order by e.n loop
    v_id := (v_entry->>'run_id')::uuid;
    v_user := (v_entry->>'user_id')::uuid;
    v_finished := coalesce((v_entry->>'finished')::boolean, false);
    if v_id is null or v_user is null then
      raise exception using errcode = '22023', message = 'invalid_argument: every run needs run_id and user_id';
    end if;
    if jsonb_typeof(v_entry->'start') = 'object' then
      insert into public.chat_runs (id, user_id, conversation_id, user_message_id, model_ids, live_until, written_at)
        select v_id, v_user, c.id, (v_entry->'start'->>'user_message_id')::uuid,
               array(select jsonb_array_elements_text(v_entry->'start'->'model_ids')), v_until, v_now
        from public.conversations c
        where c.id = (v_entry->'start'->>'conversation_id')::uuid and c.user_id = v_user
        on conflict (id) do nothing;
    end if;
    select * into v_run from public.chat_runs where id = v_id and user_id = v_user for update;
    if not found then
      continue;
    end if;
    insert into public.chat_run_events (run_id, seq, event)
      select v_id, (e.value->>'seq')::integer, e.value->'event'
      from jsonb_array_elements(coalesce(v_entry->'events', '[]'::jsonb)) e
      on conflict (run_id, seq) do nothing;
    update public.chat_runs set
      last_seq = greatest(last_seq, coalesce((select max((e.value->>'seq')::integer) from jsonb_array_elements(coalesce(v_entry->'events', '[]'::jsonb)) e), 0)),
      finished_at = case when v_finished then coalesce(finished_at, v_now) else finished_at end,
      live_until = v_until,
      written_at = v_now
    where id = v_id;
    if v_run.stop_requested_at is not null and v_run.finished_at is null and not v_finished then
      v_stops := v_stops || v_id;
    end if;
  end loop;
  return v_stops;
end $$;

-- A run of the user's with its events after p_after (at most p_limit), or null when there is none.
create function public.read_chat_run(p_user_id uuid, p_run_id uuid, p_after integer, p_limit integer) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'run', public.chat_run_json(r),
    'events', coalesce((
      select jsonb_agg(jsonb_build_object('seq', x.seq, 'event', x.event) order by x.seq)
      from (select e.seq, e.event from public.chat_run_events e
            where e.run_id = r.id and e.seq > greatest(coalesce(p_after, 0), 0)
            order by e.seq limit least(greatest(coalesce(p_limit, 1000), 1), 5000)) x), '[]'::jsonb))
  from public.chat_runs r
  where r.id = p_run_id and r.user_id = p_user_id
$$;

-- The user's latest run of the conversation that is still running, or null.
create function public.live_chat_run_of(p_user_id uuid, p_conversation_id uuid) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select public.chat_run_json(r)
  from public.chat_runs r
  where r.user_id = p_user_id and r.conversation_id = p_conversation_id and r.finished_at is null and r.live_until > clock_timestamp()
  order by r.created_at desc
  limit 1
$$;

-- Asks the producing instance to stop the run (it sees the request with its next sync). Answers
-- the run as it is now, or null when it is not the user's. A finished run stays as it was.
create function public.request_chat_run_stop(p_user_id uuid, p_run_id uuid) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_run public.chat_runs;
begin
  update public.chat_runs set stop_requested_at = coalesce(stop_requested_at, clock_timestamp())
    where id = p_run_id and user_id = p_user_id and finished_at is null;
  select * into v_run from public.chat_runs where id = p_run_id and user_id = p_user_id;
  if not found then
    return null;
  end if;
  return public.chat_run_json(v_run);
end $$;

-- Deletes the runs (and their events) whose last write is older than p_older_than_ms and that are
-- finished or abandoned; the app server calls it now and then. Answers how many went.
create function public.expire_chat_runs(p_older_than_ms integer) returns integer
language sql security invoker set search_path = '' as $$
  with gone as (
    delete from public.chat_runs
    where written_at < clock_timestamp() - make_interval(secs => greatest(coalesce(p_older_than_ms, 3600000), 0) / 1000.0)
      and (finished_at is not null or live_until < clock_timestamp())
    returning 1)
  select count(*)::integer from gone
$$;

revoke execute on function public.chat_run_json(public.chat_runs) from public, anon, authenticated;
revoke execute on function public.sync_chat_runs(jsonb, integer) from public, anon, authenticated;
revoke execute on function public.read_chat_run(uuid, uuid, integer, integer) from public, anon, authenticated;
revoke execute on function public.live_chat_run_of(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.request_chat_run_stop(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.expire_chat_runs(integer) from public, anon, authenticated;
grant execute on function public.chat_run_json(public.chat_runs) to service_role;
grant execute on function public.sync_chat_runs(jsonb, integer) to service_role;
grant execute on function public.read_chat_run(uuid, uuid, integer, integer) to service_role;
grant execute on function public.live_chat_run_of(uuid, uuid) to service_role;
grant execute on function public.request_chat_run_stop(uuid, uuid) to service_role;
grant execute on function public.expire_chat_runs(integer) to service_role;
