-- The prompt library in every interface language. English stays in public.prompts (the source and
-- the fallback); each other language has one row per prompt in prompt_translations and one label per
-- category in prompt_category_translations. Placeholders in square brackets are translated too (20261203400001).
-- Search runs in the reader's language: Postgres's own text-search configuration for German, French,
-- Spanish and Portuguese (stemming, stop words); Japanese has no built-in configuration (no word
-- segmentation), so it is matched by substring (ILIKE on each word of the query) instead.

-- The text-search configuration of an interface language; 'simple' where Postgres has none.
create function public.prompt_text_config(p_language text) returns regconfig
language sql immutable parallel safe set search_path = '' as $$
  select case p_language
    when 'en' then 'pg_catalog.english'::regconfig
    when 'de' then 'pg_catalog.german'::regconfig
    when 'fr' then 'pg_catalog.french'::regconfig
    when 'es' then 'pg_catalog.spanish'::regconfig
    when 'pt' then 'pg_catalog.portuguese'::regconfig
    else 'pg_catalog.simple'::regconfig
  end
$$;

create table public.prompt_translations (
  prompt_id text not null references public.prompts (id) on delete cascade,
  language text not null check (language in ('es', 'fr', 'de', 'pt', 'ja')),
  title text not null check (char_length(title) between 1 and 120),
  description text not null default '' check (char_length(description) <= 400),
  body text not null check (char_length(body) between 1 and 8000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector(public.prompt_text_config(language), title), 'A')
    || setweight(to_tsvector(public.prompt_text_config(language), description), 'B')
    || setweight(to_tsvector(public.prompt_text_config(language), body), 'C')
  ) stored,
  primary key (prompt_id, language)
);
create index prompt_translations_search on public.prompt_translations using gin (search);
create trigger prompt_translations_touch_updated_at before update on public.prompt_translations
  for each row execute function public.touch_updated_at();

alter table public.prompt_translations enable row level security;
revoke all on table public.prompt_translations from anon, authenticated;
grant select on table public.prompt_translations to anon, authenticated;
grant all on table public.prompt_translations to service_role;
create policy "prompt_translations: everyone reads" on public.prompt_translations
  for select to anon, authenticated using (true);

-- Categories are the English names in prompts.category (filters use them); these are their labels.
create table public.prompt_category_translations (
  category text not null check (char_length(category) between 1 and 40),
  language text not null check (language in ('es', 'fr', 'de', 'pt', 'ja')),
  label text not null check (char_length(label) between 1 and 40),
  primary key (category, language)
);

alter table public.prompt_category_translations enable row level security;
revoke all on table public.prompt_category_translations from anon, authenticated;
grant select on table public.prompt_category_translations to anon, authenticated;
grant all on table public.prompt_category_translations to service_role;
create policy "prompt_category_translations: everyone reads" on public.prompt_category_translations
  for select to anon, authenticated using (true);

-- Every prompt as a reader of p_language sees it: the translation where there is one, English
-- otherwise (`language` says which), the category's label, and the caller's favourite flag
-- (row-level security shows a user only their own favourites). An unknown language reads as English.
create function public.localized_prompts(p_language text)
returns table (
  id text, category text, category_label text, sort_order integer, title text, description text, body text,
  tags text[], language text, search tsvector, favorite boolean
)
language sql stable security invoker set search_path = '' as $$
  select p.id, p.category, coalesce(ct.label, p.category), p.sort_order,
         coalesce(t.title, p.title), coalesce(t.description, p.description), coalesce(t.body, p.body), p.tags,
         case when t.prompt_id is null then 'en' else t.language end,
         case when t.prompt_id is null then p.search else t.search end,
         f.prompt_id is not null
  from public.prompts p
  left join public.prompt_translations t on t.prompt_id = p.id and t.language = p_language
  left join public.prompt_category_translations ct on ct.category = p.category and ct.language = p_language
  left join public.prompt_favorites f on f.prompt_id = p.id and f.user_id = (select auth.uid())
$$;
grant execute on function public.localized_prompts(text) to anon, authenticated, service_role;

-- search_prompts gains the reader's language. Each word of p_query must match: as a prefix in the
-- language's text-search configuration (the stored vector, plus the category label and the tags),
-- or, for Japanese, as a substring of the prompt's text. Words are reduced to letters and digits
-- before they reach to_tsquery or ILIKE, so no query syntax or wildcard can be injected.
drop function public.search_prompts(text, text, boolean, integer, integer);
create function public.search_prompts(
  p_query text default null, p_category text default null, p_favorites_only boolean default false,
  p_limit integer default 20, p_offset integer default 0, p_language text default 'en'
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
    select l.*, public.prompt_text_config(l.language) as config,
           case when l.language = 'en' then v_english else v_asked end as query
    from public.localized_prompts(v_language) l
    where (p_category is null or l.category = p_category)
      and (not coalesce(p_favorites_only, false) or l.favorite)
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
    select * from matching order by rank desc, category_label, sort_order, id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'items', coalesce((select jsonb_agg(jsonb_build_object(
        'id', id, 'title', title, 'category', category, 'category_label', category_label, 'description', description,
        'body', body, 'tags', to_jsonb(tags), 'language', language, 'favorite', favorite)
        order by rank desc, category_label, sort_order, id) from page), '[]'::jsonb))
  into v_result;
  return v_result;
end $$;
grant execute on function public.search_prompts(text, text, boolean, integer, integer, text) to anon, authenticated, service_role;

-- One prompt in p_language (English where it has no translation); null for an unknown id.
create function public.get_prompt(p_id text, p_language text default 'en') returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'id', l.id, 'title', l.title, 'category', l.category, 'category_label', l.category_label, 'description', l.description,
    'body', l.body, 'tags', to_jsonb(l.tags), 'language', l.language)
  from public.localized_prompts(case when p_language in ('en', 'es', 'fr', 'de', 'pt', 'ja') then p_language else 'en' end) l
  where l.id = p_id
$$;
grant execute on function public.get_prompt(text, text) to anon, authenticated, service_role;

-- The categories with their labels in p_language (the English name where none), in label order.
create function public.list_prompt_categories(p_language text default 'en') returns jsonb
language sql stable security invoker set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('category', c.category, 'label', c.label, 'prompt_count', c.prompt_count)
                            order by c.label, c.category), '[]'::jsonb)
  from (
    select p.category, coalesce(ct.label, p.category) as label, count(*)::integer as prompt_count
    from public.prompts p
    left join public.prompt_category_translations ct on ct.category = p.category and ct.language = p_language
    group by p.category, ct.label
  ) c
$$;
grant execute on function public.list_prompt_categories(text) to anon, authenticated, service_role;
