-- A conversation is a tree: regenerating keeps the earlier answers, editing a message starts a branch.
--
-- * Each message knows its parent. A user (or system) message hangs under the user message of the turn
--   before it (null for a conversation's first turn); an answer hangs under the user message it answers,
--   in a column (0, 1, … in the order the models were asked; -1 for a merge of the turn's answers).
-- * The messages with the same parent and column are versions of one another: the answers of one column
--   (regenerated, or written by the model the column was swapped to), or the user messages that continue
--   the same turn (an edit makes a sibling of the message it edits).
-- * Of each group, the message shown is the one with the highest `shown`: a new message is shown as it is
--   written, and showing another version (or opening a search hit in another branch) gives that message
--   and each of its ancestors a new `shown`. The visible path (conversation_path) is therefore stored with
--   the conversation, and it is what models receive, what export and sharing read.
-- * Existing conversations become single-path trees: each user message under the one before it, each
--   answer under the user message before it, in the column of its model among those asked.

create sequence public.messages_shown_seq as bigint;
grant usage on sequence public.messages_shown_seq to authenticated, service_role;

-- A parent is a message of the same conversation (the pair is checked, so no message can hang under
-- another conversation's, whoever writes it).
alter table public.messages add constraint messages_conversation_id_id unique (conversation_id, id);
alter table public.messages
  add column parent_id uuid,
  add column column_index smallint check (column_index is null or (role = 'assistant' and column_index between -1 and 15)),
  add column shown bigint;

with placed as (
  select m.id,
    (select p.id from public.messages p
      where p.conversation_id = m.conversation_id and p.role <> 'assistant' and p.seq < m.seq
      order by p.seq desc limit 1) as parent_id
  from public.messages m
)
update public.messages m set parent_id = placed.parent_id from placed where placed.id = m.id;

with columns as (
  select a.id,
    case
      when a.merged_from is not null then -1
      else coalesce(
        array_position(p.model_ids, a.model_id) - 1,
        (row_number() over (partition by a.parent_id, a.merged_from is null order by a.seq) - 1)::integer)
    end as column_index
  from public.messages a
  left join public.messages p on p.id = a.parent_id
  where a.role = 'assistant'
)
update public.messages m set column_index = least(columns.column_index, 15) from columns where columns.id = m.id;

alter table public.messages add constraint messages_parent_in_conversation
  foreign key (conversation_id, parent_id) references public.messages (conversation_id, id) on delete cascade;

update public.messages set shown = seq;
select setval('public.messages_shown_seq', coalesce((select max(seq) from public.messages), 0) + 1, false);
alter table public.messages
  alter column shown set default nextval('public.messages_shown_seq'),
  alter column shown set not null;

create index messages_tree on public.messages (conversation_id, parent_id, column_index, shown desc);
create index messages_parent on public.messages (parent_id);

-- The visible path of one of the user's conversations, in reading order: from the first turn, the shown
-- user message under the one before it, each followed by the shown answer of each of its columns (the
-- merge last). Each row says which of its group's versions it is (by creation, from 1) and how many the
-- group holds. Security invoker: row-level security applies, and the user is named as well.
create function public.conversation_path(p_user_id uuid, p_conversation_id uuid)
returns table (
  id uuid, conversation_id uuid, role text, content text, model_id text, model_ids text[], merged_from text[],
  attachments jsonb, input_tokens integer, output_tokens integer, first_token_ms integer, duration_ms integer,
  credits_charged integer, created_at timestamptz, parent_id uuid, column_index smallint,
  version_index integer, version_count integer, depth integer, place integer
)
language sql stable security invoker set search_path = '' as $$
  with recursive ranked as (
    select m.id, m.parent_id, m.column_index,
      row_number() over (partition by m.parent_id, m.column_index order by m.shown desc) as pick,
      row_number() over (partition by m.parent_id, m.column_index order by m.seq) as version_index,
      count(*) over (partition by m.parent_id, m.column_index) as version_count
    from public.messages m
    where m.conversation_id = p_conversation_id and m.user_id = p_user_id
  ),
  turns as (
    select r.id, 1 as depth from ranked r where r.pick = 1 and r.parent_id is null and r.column_index is null
    union all
    select r.id, t.depth + 1 from ranked r join turns t on r.parent_id = t.id where r.pick = 1 and r.column_index is null
  ),
  visible as (
    select t.id, t.depth, -2 as place from turns t
    union all
    select r.id, t.depth, case when r.column_index < 0 then 100 else r.column_index end
      from ranked r join turns t on r.parent_id = t.id
      where r.pick = 1 and r.column_index is not null
  )
  select m.id, m.conversation_id, m.role, m.content, m.model_id, m.model_ids, m.merged_from, m.attachments,
    m.input_tokens, m.output_tokens, m.first_token_ms, m.duration_ms, m.credits_charged, m.created_at,
    m.parent_id, m.column_index, r.version_index::integer, r.version_count::integer, v.depth, v.place
  from visible v
  join public.messages m on m.id = v.id and m.user_id = p_user_id
  join ranked r on r.id = v.id
  order by v.depth, v.place
$$;
revoke execute on function public.conversation_path(uuid, uuid) from public, anon;
grant execute on function public.conversation_path(uuid, uuid) to authenticated, service_role;

-- Shows a message of the user's conversation: with p_version, the version of that number (by creation,
-- from 1) among the message's group instead. The message shown and each of its ancestors become the
-- shown one of their group, so a message in another branch opens that branch. P0002 for a message (or
-- version) that is not in the user's conversation.
create function public.show_message(p_user_id uuid, p_conversation_id uuid, p_message_id uuid, p_version integer default null)
returns uuid
language plpgsql security invoker set search_path = '' as $$
declare
  v_parent uuid;
  v_column smallint;
  v_target uuid;
begin
  select m.parent_id, m.column_index into v_parent, v_column
    from public.messages m where m.id = p_message_id and m.conversation_id = p_conversation_id and m.user_id = p_user_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'not_found: no such message in this conversation';
  end if;
  if p_version is null then
    v_target := p_message_id;
  else
    select m.id into v_target from public.messages m
      where m.conversation_id = p_conversation_id and m.user_id = p_user_id
        and m.parent_id is not distinct from v_parent and m.column_index is not distinct from v_column
      order by m.seq offset greatest(p_version - 1, 0) limit 1;
    if v_target is null or p_version < 1 then
      raise exception using errcode = 'P0002', message = 'not_found: no such version of this message';
    end if;
  end if;
  with recursive chain as (
    select m.id, m.parent_id from public.messages m
      where m.id = v_target and m.user_id = p_user_id and m.conversation_id = p_conversation_id
    union all
    select m.id, m.parent_id from public.messages m join chain c on m.id = c.parent_id
      where m.user_id = p_user_id and m.conversation_id = p_conversation_id
  )
  update public.messages m set shown = nextval('public.messages_shown_seq')
    from chain where m.id = chain.id and m.user_id = p_user_id and m.conversation_id = p_conversation_id;
  return v_target;
end $$;
revoke execute on function public.show_message(uuid, uuid, uuid, integer) from public, anon;
grant execute on function public.show_message(uuid, uuid, uuid, integer) to authenticated, service_role;

-- start_conversation_turn (20261127100001) on the tree: the history it answers is the visible path,
-- and the new user message continues it (under the path's last user message).
create or replace function public.start_conversation_turn(
  p_user_id uuid,
  p_conversation_id uuid,
  p_title text,
  p_content text,
  p_model_id text,
  p_model_ids text[],
  p_ttl_seconds integer,
  p_instruction text default null,
  p_model_settings jsonb default null,
  p_holds jsonb default null,
  p_hold_ttl_seconds integer default null,
  p_instance_id uuid default null
) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  v_conversation public.conversations;
  v_turn uuid;
  v_history jsonb;
  v_parent uuid;
  v_message jsonb;
  v_holds jsonb := '{}'::jsonb;
  v_hold record;
  v_taken jsonb;
  v_balance integer;
  v_held integer;
  v_required integer;
begin
  if p_holds is not null and jsonb_typeof(p_holds) <> 'array' then
    raise exception using errcode = '22023', message = 'invalid_argument: p_holds must be an array of {model_id, amount}';
  end if;
  if p_holds is not null and jsonb_array_length(p_holds) > 0 then
    if p_hold_ttl_seconds is null then
      raise exception using errcode = '22023', message = 'invalid_argument: p_hold_ttl_seconds is required with p_holds';
    end if;
    begin
      for v_hold in select x.model_id, x.amount from jsonb_to_recordset(p_holds) as x(model_id text, amount integer) loop
        if p_instance_id is null then
          v_taken := public.hold_credits(p_user_id, v_hold.amount, p_hold_ttl_seconds);
        else
          v_taken := public.hold_credits(p_user_id, v_hold.amount, p_hold_ttl_seconds, p_instance_id);
        end if;
        v_holds := v_holds || jsonb_build_object(v_hold.model_id, v_taken ->> 'id');
      end loop;
    exception when sqlstate 'P0001' then
      -- This block's holds are undone; what is held now is what other running answers hold.
      select credits into v_balance from public.profiles where id = p_user_id;
      select coalesce(sum(amount), 0)::integer into v_held from public.credit_holds where user_id = p_user_id and expires_at > now();
      select coalesce(sum(x.amount), 0)::integer into v_required from jsonb_to_recordset(p_holds) as x(amount integer);
      raise exception using errcode = 'P0001',
        message = format('insufficient_credits: balance %s, held %s, required %s', v_balance, v_held, v_required);
    end;
  end if;
  if p_conversation_id is null then
    insert into public.conversations (user_id, title, instruction, model_settings)
      values (p_user_id, p_title, coalesce(p_instruction, ''), coalesce(p_model_settings, '{}'::jsonb))
      returning * into v_conversation;
  else
    select * into v_conversation from public.conversations where id = p_conversation_id and user_id = p_user_id;
    if not found then
      raise exception using errcode = 'P0002', message = 'not_found: no such conversation';
    end if;
  end if;
  v_turn := public.claim_conversation_turn(p_user_id, v_conversation.id, p_ttl_seconds, p_instance_id);
  if p_conversation_id is not null and (p_instruction is not null or p_model_settings is not null) then
    update public.conversations
      set instruction = coalesce(p_instruction, instruction), model_settings = coalesce(p_model_settings, model_settings)
      where id = v_conversation.id and user_id = p_user_id
      returning * into v_conversation;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'conversation_id', p.conversation_id, 'role', p.role, 'content', p.content, 'model_id', p.model_id,
      'model_ids', p.model_ids, 'merged_from', p.merged_from, 'input_tokens', p.input_tokens,
      'output_tokens', p.output_tokens, 'created_at', p.created_at, 'parent_id', p.parent_id, 'column_index', p.column_index)
      order by p.depth, p.place), '[]'::jsonb),
    (array_agg(p.id order by p.depth desc) filter (where p.column_index is null))[1]
    into v_history, v_parent
    from public.conversation_path(p_user_id, v_conversation.id) p;
  insert into public.messages (conversation_id, user_id, role, content, model_id, model_ids, parent_id)
    values (v_conversation.id, p_user_id, 'user', p_content, p_model_id, p_model_ids, v_parent)
    returning jsonb_build_object(
      'id', id, 'conversation_id', conversation_id, 'role', role, 'content', content, 'model_id', model_id,
      'model_ids', model_ids, 'merged_from', merged_from, 'input_tokens', input_tokens, 'output_tokens', output_tokens,
      'created_at', created_at, 'parent_id', parent_id, 'column_index', column_index)
    into v_message;
  return jsonb_build_object(
    'conversation', jsonb_build_object('id', v_conversation.id, 'user_id', v_conversation.user_id, 'title', v_conversation.title,
      'created_at', v_conversation.created_at, 'updated_at', v_conversation.updated_at),
    'settings', jsonb_build_object('instruction', v_conversation.instruction, 'models', v_conversation.model_settings),
    'turn_id', v_turn, 'history', v_history, 'message', v_message, 'holds', v_holds);
end $$;
