-- Stopping one column of a side-by-side answer on whichever app server instance produces it.
--
-- chat_runs (20261127180001) kept one stop flag for the whole run. A run now also keeps the models
-- whose answers another instance asked to stop (stopped_models, in the order asked, each once), and
-- sync_chat_runs answers, per run, either the whole-run stop or those models:
--   [{"run_id": "<uuid>", "model_ids": null}]            the whole run (even with models asked too)
--   [{"run_id": "<uuid>", "model_ids": ["m1", "m2"]}]    these models' answers only (every one so far)
-- request_chat_run_stop takes an optional model: without it, the whole run as before.
-- The functions' other behaviour is unchanged (same checks, same writes, same answers).

alter table public.chat_runs add column stopped_models text[] not null default '{}';

-- The answer's type changes (uuid[] → jsonb): dropped and created again, with its grants.
drop function public.sync_chat_runs(jsonb, integer);

-- The producing instance's batch: p_runs = [{user_id, run_id, start?: {conversation_id,
-- user_message_id, model_ids}, events: [{seq, event}], finished}]. Creates the runs that start
-- (only in a conversation of that user; one deleted meanwhile is skipped), stores their new events
-- (a repeated seq is ignored, so a retried batch writes nothing twice), marks the finished ones,
-- and extends every run's lease by p_lease_ms. A run that is not that user's is skipped.
-- Answers the stops asked for the runs in the batch that are not finished, in the batch's order:
-- [{run_id, model_ids}], model_ids null for the whole run, else every model asked so far.
create function public.sync_chat_runs(p_runs jsonb, p_lease_ms integer) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_until timestamptz;
  v_entry jsonb;
  v_id uuid;
  v_user uuid;
  v_finished boolean;
  v_run public.chat_runs;
  v_stops jsonb := '[]'::jsonb;
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
    if (v_run.stop_requested_at is not null or cardinality(v_run.stopped_models) > 0) and v_run.finished_at is null and not v_finished then
      v_stops := v_stops || jsonb_build_array(jsonb_build_object(
        'run_id', v_id,
        'model_ids', case when v_run.stop_requested_at is not null then null else to_jsonb(v_run.stopped_models) end));
    end if;
  end loop;
  return v_stops;
end $$;

-- A new (optional) argument: dropped and created again, with its grants.
drop function public.request_chat_run_stop(uuid, uuid);

-- Asks the producing instance to stop the run, or with p_model_id that model's answer only (it sees
-- the request with its next sync; a model is recorded once, whether the run has it or not: the
-- producer ignores models it does not run). Answers the run as it is now, or null when it is not
-- the user's. A finished run stays as it was.
create function public.request_chat_run_stop(p_user_id uuid, p_run_id uuid, p_model_id text default null) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_run public.chat_runs;
begin
  if p_model_id is null then
    update public.chat_runs set stop_requested_at = coalesce(stop_requested_at, clock_timestamp())
      where id = p_run_id and user_id = p_user_id and finished_at is null;
  else
    update public.chat_runs set stopped_models = array_append(stopped_models, p_model_id)
      where id = p_run_id and user_id = p_user_id and finished_at is null and not (p_model_id = any (stopped_models));
  end if;
  select * into v_run from public.chat_runs where id = p_run_id and user_id = p_user_id;
  if not found then
    return null;
  end if;
  return public.chat_run_json(v_run);
end $$;

revoke execute on function public.sync_chat_runs(jsonb, integer) from public, anon, authenticated;
revoke execute on function public.request_chat_run_stop(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.sync_chat_runs(jsonb, integer) to service_role;
grant execute on function public.request_chat_run_stop(uuid, uuid, text) to service_role;
