-- conversation_path (20261201000001) without ranking every version: opening a conversation whose
-- messages have many versions costs about what opening the same visible path without them does.
--
-- The earlier function ranked all of the conversation's messages (window functions over every version
-- of every message, hidden branches included), walked the tree over that ranking, then joined the shown
-- messages back. This one walks the tree through the index: from each shown user message it reads its
-- children only (the next turn's user messages, and this turn's answers column by column), once, and
-- takes from each group the shown one (highest `shown`), its place among its versions (by creation) and
-- their number; then it reads the shown messages by their ids. Hidden branches are never read. Same
-- signature, same rows, same order.
--
-- The index of the tree carries what that walk reads (seq, id, user_id beside its key), so on a
-- vacuumed table a group's versions are counted from the index alone.
create index messages_tree_walk on public.messages (conversation_id, parent_id, column_index, shown desc) include (seq, id, user_id);
drop index public.messages_tree;

create or replace function public.conversation_path(p_user_id uuid, p_conversation_id uuid)
returns table (
  id uuid, conversation_id uuid, role text, content text, model_id text, model_ids text[], merged_from text[],
  attachments jsonb, input_tokens integer, output_tokens integer, first_token_ms integer, duration_ms integer,
  credits_charged integer, created_at timestamptz, parent_id uuid, column_index smallint,
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
    m.input_tokens, m.output_tokens, m.first_token_ms, m.duration_ms, m.credits_charged, m.created_at,
    m.parent_id, m.column_index, v.version_index::integer, v.version_count::integer, v.depth, v.place
  from visible v
  -- Each shown message read by its id (limit 1: one row by the primary key, never a scan of the user's messages).
  cross join lateral (select m.* from public.messages m where m.id = v.id and m.user_id = p_user_id limit 1) m
  order by v.depth, v.place
$$;
