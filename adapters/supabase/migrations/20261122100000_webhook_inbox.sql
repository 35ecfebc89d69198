-- Processed billing webhook ids: the app server acts on each delivery at most once.
-- Written and read by the service role only (the app server); no user ever sees it.
create table if not exists public.webhook_inbox (
  webhook_id text primary key,
  event_type text not null,
  received_at timestamptz not null default now()
);

alter table public.webhook_inbox enable row level security;
revoke all on table public.webhook_inbox from anon, authenticated;
grant select, insert, delete on table public.webhook_inbox to service_role;
