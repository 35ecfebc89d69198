-- Full-text search over a user's conversations, titles and message text, in the user's language.
--
-- The query and the text are reduced with the same text-search configuration, chosen from the
-- interface language (english, spanish, french, german, portuguese; 'simple' for any other, such as
-- Japanese). One expression index per configuration keeps a search an index look-up; a query is
-- written with the configuration as a literal, so the planner matches the index expression. The
-- indexes are updated as each message is written (fastupdate off): a search never has to read a
-- pending list of unindexed messages, so it stays fast right after a burst of answers.
create index messages_search_english on public.messages using gin (to_tsvector('english'::regconfig, content)) with (fastupdate = off);
create index messages_search_spanish on public.messages using gin (to_tsvector('spanish'::regconfig, content)) with (fastupdate = off);
create index messages_search_french on public.messages using gin (to_tsvector('french'::regconfig, content)) with (fastupdate = off);
create index messages_search_german on public.messages using gin (to_tsvector('german'::regconfig, content)) with (fastupdate = off);
create index messages_search_portuguese on public.messages using gin (to_tsvector('portuguese'::regconfig, content)) with (fastupdate = off);
create index messages_search_simple on public.messages using gin (to_tsvector('simple'::regconfig, content)) with (fastupdate = off);
-- A phrase of words found in most messages is answered newest first by walking the user's messages
-- backwards and stopping at the limit (see search_conversations).
create index messages_user_recent on public.messages (user_id, seq desc);

-- 'en-GB' → english; unknown → simple.
create function public.text_search_config(p_language text) returns regconfig
language sql immutable set search_path = '' as $$
  select case lower(split_part(replace(coalesce(p_language, ''), '_', '-'), '-', 1))
    when 'en' then 'english' when 'es' then 'spanish' when 'fr' then 'french'
    when 'de' then 'german' when 'pt' then 'portuguese' else 'simple' end::regconfig;
$$;

-- The places in one user's conversations where the query occurs: title hits first, then messages,
-- newest first. `snippet` is the passage (at most 1,000 characters) with each match between chr(2)
-- and chr(3) (those two characters are removed from the text first); the adapter turns it into
-- plain text parts, never markup.
-- A query of stop words only ("the") is searched as typed ('simple'). Where the configuration is
-- 'simple' (no word stemmer, and no spaces in Japanese or Chinese text), a plain substring also
-- matches. The authenticated role may search only its own conversations; the service role names
-- the user.
create function public.search_conversations(p_user_id uuid, p_query text, p_language text, p_limit integer default 20)
returns table (conversation_id uuid, conversation_title text, message_id uuid, role text, model_id text, snippet text, at timestamptz)
language plpgsql stable security invoker set search_path = ''
-- A plan that reads every message and computes its words again costs seconds; the index answers
-- instead. Which index is decided below, per query (the settings are the function's own).
set enable_seqscan = off
set enable_indexscan = on
as $$
declare
  v_config regconfig := public.text_search_config(p_language);
  v_query tsquery;
  v_like text;
  v_candidates integer;
  v_options text := format('StartSel=%s, StopSel=%s, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "', chr(2), chr(3));
begin
  if (select auth.uid()) is not null and (select auth.uid()) <> p_user_id then
    return;
  end if;
  if p_query is null or btrim(p_query) = '' or char_length(p_query) > 200 then
    raise exception using errcode = '22023', message = 'invalid_argument: the query must be 1 to 200 characters';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception using errcode = '22023', message = 'invalid_argument: the limit must be between 1 and 50';
  end if;
  v_query := websearch_to_tsquery(v_config, p_query);
  if numnode(v_query) = 0 then
    v_config := 'simple'::regconfig;
    v_query := websearch_to_tsquery(v_config, p_query);
  end if;
  -- Plain words and exclusions: the GIN index alone decides a match (no recheck), so the matches
  -- are read by index however common the word, and the newest kept. A phrase is checked against
  -- the text itself: when its words are common (more than 200 messages have them all), walking the
  -- user's messages newest first reaches the limit sooner than checking every candidate.
  if v_query::text ~ '<[0-9-]+>' then
    execute format(
      'select count(*) from (select 1 from public.messages m where m.user_id = $1 and to_tsvector(%L::regconfig, m.content) @@ $2 limit 201) x',
      v_config)
      into v_candidates
      using p_user_id, regexp_replace(v_query::text, '<[0-9-]+>', '&', 'g')::tsquery;
    perform set_config('enable_indexscan', case when v_candidates > 200 then 'on' else 'off' end, true);
  else
    perform set_config('enable_indexscan', 'off', true);
  end if;
  v_like := case when v_config = 'simple'::regconfig
    then '%' || replace(replace(replace(btrim(p_query), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  return query execute format($q$
    with titles as (
      select c.id as conversation_id, c.title as conversation_title, null::uuid as message_id, null::text as role,
             null::text as model_id, c.title as body, c.updated_at as at, 0 as kind
      from public.conversations c
      where c.user_id = $1 and (to_tsvector(%1$L::regconfig, c.title) @@ $2 or ($3 is not null and c.title ilike $3))
      order by c.updated_at desc
      limit $4
    ), found as (
      select m.conversation_id, m.id as message_id, m.role, m.model_id, m.content as body, m.created_at as at, m.seq
      from public.messages m
      where m.user_id = $1 and m.role <> 'system'
        and (to_tsvector(%1$L::regconfig, m.content) @@ $2 or ($3 is not null and m.content ilike $3))
      order by m.seq desc
      limit $4
    ), hits as (
      select conversation_id, conversation_title, message_id, role, model_id, body, at, kind, 0::bigint as seq from titles
      union all
      select f.conversation_id, c.title, f.message_id, f.role, f.model_id, f.body, f.at, 1, f.seq
      from found f join public.conversations c on c.id = f.conversation_id and c.user_id = $1
    )
    select h.conversation_id, h.conversation_title, h.message_id, h.role, h.model_id,
      left(case
        -- A substring match the words do not make (Japanese text): the text around its first place.
        when $3 is not null and not (to_tsvector(%1$L::regconfig, h.body) @@ $2)
          then substr(translate(h.body, chr(2) || chr(3), ''), greatest(1, strpos(lower(h.body), lower(btrim($6))) - 60), 240)
        else ts_headline(%1$L::regconfig, translate(h.body, chr(2) || chr(3), ''), $2, $5)
      end, 1000), h.at
    from (select * from hits order by kind, seq desc, at desc limit $4) h
    order by h.kind, h.seq desc, h.at desc
  $q$, v_config)
  using p_user_id, v_query, v_like, p_limit, v_options, p_query;
end $$;
revoke execute on function public.search_conversations(uuid, text, text, integer) from public, anon;
grant execute on function public.search_conversations(uuid, text, text, integer) to authenticated, service_role;
revoke execute on function public.text_search_config(text) from public, anon;
grant execute on function public.text_search_config(text) to authenticated, service_role;
