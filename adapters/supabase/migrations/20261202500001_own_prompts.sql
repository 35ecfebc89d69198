-- A user's own prompts live in the library's table, owned by them (user_id); the catalogue's have
-- no owner. One table keeps one search (search_prompts answers both, the user's own marked "mine")
-- and one favourites table (prompt_favorites references either kind). Row-level security shows a
-- user the catalogue and their own prompts only; only the owner inserts, changes and deletes them.
-- An own prompt has the same placeholders ({{name}}), an optional category (one of the
-- catalogue's), the language it is written in, and is searched by substring in every language
-- (a user's few prompts need no stemming, and a word finds them whatever the reader's language).

alter table public.prompts add column user_id uuid references auth.users (id) on delete cascade;
alter table public.prompts add column language text not null default 'en'
  check (language in ('en', 'es', 'fr', 'de', 'pt', 'ja'));
alter table public.prompts alter column id set default ('mine-' || gen_random_uuid()::text);
alter table public.prompts alter column category drop not null;
alter table public.prompts add constraint prompts_catalogue_has_category check (user_id is not null or category is not null);
create index prompts_owner on public.prompts (user_id, created_at) where user_id is not null;

-- The own prompts' limits the table's checks do not say: a category of the catalogue's, the same
-- language for ever (a translation is a new prompt), at most 200 per user, and no catalogue fields.
create function public.check_own_prompt() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.user_id is null then
    if tg_op = 'UPDATE' and old.user_id is not null then
      raise exception 'invalid_argument: an own prompt keeps its owner' using errcode = 'P0001';
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.user_id is distinct from new.user_id then
    raise exception 'invalid_argument: an own prompt keeps its owner' using errcode = 'P0001';
  end if;
  if new.category is not null and not exists (
    select 1 from public.prompts c where c.user_id is null and c.category = new.category
  ) then
    raise exception 'invalid_argument: category % is not one of the library''s', new.category using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' then
    perform pg_advisory_xact_lock(hashtext('own_prompts:' || new.user_id::text));
    if (select count(*) from public.prompts p where p.user_id = new.user_id) >= 200 then
      raise exception 'invalid_argument: a user keeps at most 200 prompts' using errcode = 'P0001';
    end if;
  end if;
  new.tags := '{}';
  new.sort_order := 0;
  return new;
end $$;
create trigger prompts_check_own before insert or update on public.prompts
  for each row execute function public.check_own_prompt();

drop policy "prompts: everyone reads" on public.prompts;
create policy "prompts: everyone reads the catalogue" on public.prompts for select to anon, authenticated
  using (user_id is null);
create policy "prompts: owner reads own" on public.prompts for select to authenticated
  using (user_id = (select auth.uid()));
create policy "prompts: owner inserts own" on public.prompts for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "prompts: owner changes own" on public.prompts for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "prompts: owner deletes own" on public.prompts for delete to authenticated
  using (user_id = (select auth.uid()));
grant insert (user_id, title, description, body, category, language) on table public.prompts to authenticated;
grant update (title, description, body, category) on table public.prompts to authenticated;
grant delete on table public.prompts to authenticated;

-- Categories are the catalogue's: a user's own prompts add none and count in none.
create or replace view public.prompt_categories with (security_invoker = true) as
  select category, count(*)::integer as prompt_count, min(sort_order) as sort_order
  from public.prompts where user_id is null group by category;

create or replace function public.list_prompt_categories(p_language text default 'en') returns jsonb
language sql stable security invoker set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('category', c.category, 'label', c.label, 'prompt_count', c.prompt_count)
                            order by c.label, c.category), '[]'::jsonb)
  from (
    select p.category, coalesce(ct.label, p.category) as label, count(*)::integer as prompt_count
    from public.prompts p
    left join public.prompt_category_translations ct on ct.category = p.category and ct.language = p_language
    where p.user_id is null
    group by p.category, ct.label
  ) c
$$;

-- Every prompt the caller may read as a reader of p_language sees it, now with `mine` (the caller's
-- own: row-level security shows no one else's). An own prompt is shown as written, in its language;
-- no category reads as '' (key and label).
drop function public.localized_prompts(text);
create function public.localized_prompts(p_language text)
returns table (
  id text, category text, category_label text, sort_order integer, title text, description text, body text,
  tags text[], language text, search tsvector, favorite boolean, mine boolean, created_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select p.id, coalesce(p.category, ''), coalesce(ct.label, p.category, ''), p.sort_order,
         coalesce(t.title, p.title), coalesce(t.description, p.description), coalesce(t.body, p.body), p.tags,
         case when p.user_id is not null then p.language when t.prompt_id is null then 'en' else t.language end,
         case when t.prompt_id is null then p.search else t.search end,
         f.prompt_id is not null,
         p.user_id is not null,
         p.created_at
  from public.prompts p
  left join public.prompt_translations t on t.prompt_id = p.id and t.language = p_language and p.user_id is null
  left join public.prompt_category_translations ct on ct.category = p.category and ct.language = p_language
  left join public.prompt_favorites f on f.prompt_id = p.id and f.user_id = (select auth.uid())
$$;
grant execute on function public.localized_prompts(text) to anon, authenticated, service_role;

-- search_prompts gains p_mine_only and answers `mine`; the caller's own prompts come first (newest
-- first), then the catalogue as before. Own prompts match by substring, like Japanese.
drop function public.search_prompts(text, text, boolean, integer, integer, text);
create function public.search_prompts(
  p_query text default null, p_category text default null, p_favorites_only boolean default false,
  p_limit integer default 20, p_offset integer default 0, p_language text default 'en', p_mine_only boolean default false
) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_language text := case when p_language in ('en', 'es', 'fr', 'de', 'pt', 'ja') then p_language else 'en' end;
  v_words text[];
  v_asked tsquery;
  v_english tsquery;
  v_result jsonb;
begin
  select array_agg(w) into v_words
    from regexp_split_to_table(lower(left(coalesce(p_query, ''), 200)), '[^[:alnum:]]+') as w where w <> '';
  if v_words is not null then
    v_asked := to_tsquery(public.prompt_text_config(v_language), array_to_string(array(select w || ':*' from unnest(v_words) w), ' & '));
    v_english := to_tsquery('pg_catalog.english', array_to_string(array(select w || ':*' from unnest(v_words) w), ' & '));
  end if;
  with shown as (
    select l.*,
           case when l.mine then 'pg_catalog.simple'::regconfig else public.prompt_text_config(l.language) end as config,
           case when l.language = 'en' then v_english else v_asked end as query
    from public.localized_prompts(v_language) l
    where (p_category is null or l.category = p_category)
      and (not coalesce(p_favorites_only, false) or l.favorite)
      and (not coalesce(p_mine_only, false) or l.mine)
  ), matching as (
    select s.*,
           case when v_words is null or s.config = 'pg_catalog.simple'::regconfig or s.query is null or numnode(s.query) = 0 then 0
                else ts_rank(s.search, s.query) end as rank
    from shown s
    where v_words is null
       or (s.config = 'pg_catalog.simple'::regconfig and not exists (
             select 1 from unnest(v_words) w
             where concat_ws(' ', s.title, s.description, s.body, s.category_label, public.prompt_tags_text(s.tags)) not ilike '%' || w || '%'))
       or (s.config <> 'pg_catalog.simple'::regconfig and (s.query is null or numnode(s.query) = 0
             or (s.search || to_tsvector(s.config, concat_ws(' ', s.category_label, public.prompt_tags_text(s.tags)))) @@ s.query))
  ), page as (
    select * from matching
    order by mine desc, case when mine then created_at end desc, rank desc, category_label, sort_order, id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'items', coalesce((select jsonb_agg(jsonb_build_object(
        'id', id, 'title', title, 'category', category, 'category_label', category_label, 'description', description,
        'body', body, 'tags', to_jsonb(tags), 'language', language, 'favorite', favorite, 'mine', mine)
        order by mine desc, case when mine then created_at end desc, rank desc, category_label, sort_order, id) from page), '[]'::jsonb))
  into v_result;
  return v_result;
end $$;
grant execute on function public.search_prompts(text, text, boolean, integer, integer, text, boolean) to anon, authenticated, service_role;

create or replace function public.get_prompt(p_id text, p_language text default 'en') returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'id', l.id, 'title', l.title, 'category', l.category, 'category_label', l.category_label, 'description', l.description,
    'body', l.body, 'tags', to_jsonb(l.tags), 'language', l.language, 'mine', l.mine)
  from public.localized_prompts(case when p_language in ('en', 'es', 'fr', 'de', 'pt', 'ja') then p_language else 'en' end) l
  where l.id = p_id
$$;

-- A favourite is of a prompt the user may read: the catalogue's or their own (someone else's own
-- prompt is refused as if it did not exist).
drop policy "prompt_favorites: owner inserts" on public.prompt_favorites;
create policy "prompt_favorites: owner inserts a readable prompt" on public.prompt_favorites for insert to authenticated
  with check ((select auth.uid()) = user_id and exists (select 1 from public.prompts p where p.id = prompt_id));
