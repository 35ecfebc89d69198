-- Prompt search also matches tags (the library's search covers title, description, body and tags).
-- A stored generated column cannot change its expression on every Postgres a project may run, so
-- the column is rebuilt; array_to_string is only "stable", hence the immutable wrapper.

create function public.prompt_tags_text(tags text[]) returns text
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_to_string(tags, ' '), '')
$$;

drop index if exists public.prompts_search;
alter table public.prompts drop column search;
alter table public.prompts add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', category), 'A')
  || setweight(to_tsvector('english', public.prompt_tags_text(tags)), 'B')
  || setweight(to_tsvector('english', description), 'B')
  || setweight(to_tsvector('english', body), 'C')
) stored;
create index prompts_search on public.prompts using gin (search);
