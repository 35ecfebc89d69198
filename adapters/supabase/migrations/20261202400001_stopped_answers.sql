-- An answer the user stopped says so: `stopped` is true on an assistant message saved when its run,
-- or its column alone, was stopped before the model finished (what it wrote is kept and was charged).
-- Written by the app server (service role) when it saves the answer; false for everything else, and
-- for answers saved before this column existed.
alter table public.messages
  add column stopped boolean not null default false check (not stopped or role = 'assistant');

-- conversation_path (20261201300001) answers it with the other figures of each message. Its row type
-- changes, so it is dropped and made again: same walk, same rows and order, one more column.
drop function public.conversation_path(uuid, uuid);
create function public.conversation_path(p_user_id uuid, p_conversation_id uuid)
returns table (
  id uuid, conversation_id uuid, role text, content text, model_id text, model_ids text[], merged_from text[],
  attachments jsonb, input_tokens integer, output_tokens integer, first_token_ms integer, duration_ms integer,
  credits_charged integer, stopped boolean, created_at timestamptz, parent_id uuid, column_index smallint,
  version_index integer, version_count integer, depth integer, place integer
)
language sql stable security invoker set search_path = '' as $$
  with recursive turns as (
    -- The first turn: the shown one of the user messages without a parent.
    select q.id, q.version_index, q.version_count, 1 as depth from (
      select g.id, array_position(g.seqs, g.seq) as version_index, cardinality(g.seqs) as version_count from (
        select (array_agg(m.id order by m.shown desc, m.seq desc))[1] as id, (array_agg(m.seq order by m.shown desc, m.seq desc))[1] as seq, array_agg(m.seq order by m.seq) as seqs
        from public.messages m
        where m.conversation_id = p_conversation_id and m.parent_id is null and m.column_index is null and m.user_id = p_user_id
      ) g where g.id is not null
    ) q
    union all
    -- Each next turn: the shown one of the user messages under the turn before.
    select q.id, q.version_index, q.version_count, t.depth + 1 from turns t
    cross join lateral (
      select g.id, array_position(g.seqs, g.seq) as version_index, cardinality(g.seqs) as version_count from (
        select (array_agg(m.id order by m.shown desc, m.seq desc))[1] as id, (array_agg(m.seq order by m.shown desc, m.seq desc))[1] as seq, array_agg(m.seq order by m.seq) as seqs
        from public.messages m
        where m.conversation_id = p_conversation_id and m.parent_id = t.id and m.column_index is null and m.user_id = p_user_id
      ) g where g.id is not null
    ) q
  ),
  visible as (
    select t.id, t.version_index, t.version_count, t.depth, -2 as place from turns t
    union all
    -- Each turn's answers: the shown one of each column (the merge, column -1, placed last).
    select a.id, a.version_index, a.version_count, t.depth, case when a.column_index < 0 then 100 else a.column_index end
    from turns t
    cross join lateral (
      select g.id, g.column_index, array_position(g.seqs, g.seq) as version_index, cardinality(g.seqs) as version_count from (
        select m.column_index, (array_agg(m.id order by m.shown desc, m.seq desc))[1] as id, (array_agg(m.seq order by m.shown desc, m.seq desc))[1] as seq, array_agg(m.seq order by m.seq) as seqs
        from public.messages m
        where m.conversation_id = p_conversation_id and m.parent_id = t.id and m.column_index is not null and m.user_id = p_user_id
        group by m.column_index
      ) g
    ) a
  )
  select m.id, m.conversation_id, m.role, m.content, m.model_id, m.model_ids, m.merged_from, m.attachments,
    m.input_tokens, m.output_tokens, m.first_token_ms, m.duration_ms, m.credits_charged, m.stopped, m.created_at,
    m.parent_id, m.column_index, v.version_index::integer, v.version_count::integer, v.depth, v.place
  from visible v
  -- Each shown message read by its id (limit 1: one row by the primary key, never a scan of the user's messages).
  cross join lateral (select m.* from public.messages m where m.id = v.id and m.user_id = p_user_id limit 1) m
  order by v.depth, v.place
$$;
revoke execute on function public.conversation_path(uuid, uuid) from public, anon;
grant execute on function public.conversation_path(uuid, uuid) to authenticated, service_role;
