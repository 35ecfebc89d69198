-- Rate limits shared by every app server instance: one token bucket per key, refilled by the
-- database's clock, taken in one round trip. Unlogged: a crash forgets buckets (everyone gets a
-- full one), which is harmless and saves the write-ahead log a row per request.
create unlogged table public.rate_limit_buckets (
  key text primary key,
  tokens double precision not null,
  updated_at timestamptz not null
);
alter table public.rate_limit_buckets enable row level security;
revoke all on table public.rate_limit_buckets from public, anon, authenticated;
grant select, insert, update, delete on table public.rate_limit_buckets to service_role;

-- Spends one request of p_key's bucket (p_burst at once, p_per_minute a minute) or says how long
-- until one is allowed. The row lock orders concurrent takes of one key, so none is lost.
create function public.take_rate_limit(p_key text, p_per_minute integer, p_burst integer)
returns table (allowed boolean, remaining integer, retry_after_ms integer)
language plpgsql security invoker set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_tokens double precision;
  v_at timestamptz;
begin
  if p_per_minute is null or p_per_minute < 1 or p_burst is null or p_burst < 1 then
    raise exception using errcode = '22023', message = 'per_minute and burst must be at least 1';
  end if;
  insert into public.rate_limit_buckets as b (key, tokens, updated_at) values (p_key, p_burst, v_now)
    on conflict (key) do update set key = b.key
    returning b.tokens, b.updated_at into v_tokens, v_at;
  v_tokens := least(p_burst::double precision, v_tokens + greatest(0, extract(epoch from (v_now - v_at))) * p_per_minute / 60.0);
  if v_tokens >= 1 then
    update public.rate_limit_buckets set tokens = v_tokens - 1, updated_at = v_now where key = p_key;
    return query select true, floor(v_tokens - 1)::integer, 0;
  else
    update public.rate_limit_buckets set tokens = v_tokens, updated_at = v_now where key = p_key;
    return query select false, 0, ceil((1 - v_tokens) * 60000.0 / p_per_minute)::integer;
  end if;
end $$;
revoke execute on function public.take_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, integer) to service_role;

-- Full buckets carry no information: forget the ones idle for an hour (the app server calls this
-- now and then).
create function public.forget_idle_rate_limits() returns integer
language sql security invoker set search_path = '' as $$
  with gone as (delete from public.rate_limit_buckets where updated_at < clock_timestamp() - interval '1 hour' returning 1)
  select count(*)::integer from gone $$;
revoke execute on function public.forget_idle_rate_limits() from public, anon, authenticated;
grant execute on function public.forget_idle_rate_limits() to service_role;
