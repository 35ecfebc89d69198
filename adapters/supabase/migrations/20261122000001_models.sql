-- Shared helpers and the model catalogue with its prices (credits per 1,000 tokens).

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
revoke execute on function public.touch_updated_at() from public, anon, authenticated;

create table public.models (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9._:-]{0,99}$'),
  label text not null check (char_length(label) between 1 and 100),
  provider text not null check (provider in ('openai', 'anthropic', 'google', 'openai-compatible', 'offline')),
  -- numeric so cheap models can cost a fraction of a credit per 1k; the charge itself is an integer.
  input_credits_per_1k numeric(10, 3) not null check (input_credits_per_1k >= 0),
  output_credits_per_1k numeric(10, 3) not null check (output_credits_per_1k >= 0),
  plan text not null default 'paid' check (plan in ('free', 'paid')),
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger models_touch_updated_at before update on public.models
  for each row execute function public.touch_updated_at();

alter table public.models enable row level security;
revoke all on table public.models from anon, authenticated;
grant select on table public.models to anon, authenticated;
grant all on table public.models to service_role;
create policy "models: everyone reads" on public.models for select to anon, authenticated using (true);

insert into public.models (id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, sort_order) values
  ('offline', 'Offline model (local, no network)', 'offline', 1, 1, 'free', 0),
  ('gpt-4o-mini', 'GPT-4o mini', 'openai', 1, 4, 'free', 10),
  ('gpt-4o', 'GPT-4o', 'openai', 10, 40, 'paid', 20),
  ('gpt-4.1', 'GPT-4.1', 'openai', 8, 32, 'paid', 30),
  ('claude-haiku-4-5', 'Claude Haiku 4.5', 'anthropic', 4, 20, 'free', 40),
  ('claude-sonnet-4-5', 'Claude Sonnet 4.5', 'anthropic', 12, 60, 'paid', 50),
  ('gemini-2.5-flash', 'Gemini 2.5 Flash', 'google', 1, 10, 'free', 60),
  ('gemini-2.5-pro', 'Gemini 2.5 Pro', 'google', 5, 40, 'paid', 70);
