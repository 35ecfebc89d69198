-- The prompt library (readable by everyone, searchable by full text) and per-user favourites.

create table public.prompts (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  title text not null check (char_length(title) between 1 and 120),
  category text not null check (char_length(category) between 1 and 40),
  description text not null default '' check (char_length(description) <= 400),
  body text not null check (char_length(body) between 1 and 8000),
  tags text[] not null default '{}',
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', category), 'A')
    || setweight(to_tsvector('english', description), 'B')
    || setweight(to_tsvector('english', body), 'C')
  ) stored
);
create index prompts_search on public.prompts using gin (search);
create index prompts_category on public.prompts (category, sort_order);
create trigger prompts_touch_updated_at before update on public.prompts
  for each row execute function public.touch_updated_at();

alter table public.prompts enable row level security;
revoke all on table public.prompts from anon, authenticated;
grant select on table public.prompts to anon, authenticated;
grant all on table public.prompts to service_role;
create policy "prompts: everyone reads" on public.prompts for select to anon, authenticated using (true);

create table public.prompt_favorites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  prompt_id text not null references public.prompts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, prompt_id)
);
create index prompt_favorites_prompt on public.prompt_favorites (prompt_id);

alter table public.prompt_favorites enable row level security;
revoke all on table public.prompt_favorites from anon, authenticated;
grant select, insert, delete on table public.prompt_favorites to authenticated;
-- anon may run search_prompts, which joins favourites; with no policy for anon it sees no row.
grant select on table public.prompt_favorites to anon;
grant all on table public.prompt_favorites to service_role;
create policy "prompt_favorites: owner reads" on public.prompt_favorites for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "prompt_favorites: owner inserts" on public.prompt_favorites for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "prompt_favorites: owner deletes" on public.prompt_favorites for delete to authenticated
  using ((select auth.uid()) = user_id);

create view public.prompt_categories with (security_invoker = true) as
  select category, count(*)::integer as prompt_count, min(sort_order) as sort_order
  from public.prompts group by category;
revoke all on table public.prompt_categories from anon, authenticated;
grant select on table public.prompt_categories to anon, authenticated, service_role;

-- One call for the library screen: matching prompts with the caller's favourite flag and the total.
-- Each word of p_query matches as a prefix ("mark" finds "marketing"); words are reduced to letters
-- and digits before they reach to_tsquery, so no query syntax can be injected.
create function public.search_prompts(
  p_query text default null, p_category text default null, p_favorites_only boolean default false,
  p_limit integer default 20, p_offset integer default 0
) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_terms text;
  v_query tsquery;
  v_result jsonb;
begin
  select string_agg(w || ':*', ' & ') into v_terms
    from regexp_split_to_table(lower(coalesce(p_query, '')), '[^[:alnum:]]+') as w where w <> '';
  if v_terms is not null then
    v_query := to_tsquery('english', v_terms);
    if numnode(v_query) = 0 then v_query := null; end if;
  end if;
  with matching as (
    select p.*, (f.prompt_id is not null) as favorite,
           case when v_query is null then 0 else ts_rank(p.search, v_query) end as rank
    from public.prompts p
    left join public.prompt_favorites f on f.prompt_id = p.id and f.user_id = (select auth.uid())
    where (v_query is null or p.search @@ v_query)
      and (p_category is null or p.category = p_category)
      and (not coalesce(p_favorites_only, false) or f.prompt_id is not null)
  ), page as (
    select * from matching order by rank desc, category, sort_order, id
    limit least(greatest(coalesce(p_limit, 20), 0), 100) offset greatest(coalesce(p_offset, 0), 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'items', coalesce((select jsonb_agg(jsonb_build_object(
        'id', id, 'title', title, 'category', category, 'description', description, 'body', body,
        'tags', to_jsonb(tags), 'favorite', favorite) order by rank desc, category, sort_order, id) from page), '[]'::jsonb))
  into v_result;
  return v_result;
end $$;
grant execute on function public.search_prompts(text, text, boolean, integer, integer) to anon, authenticated, service_role;
