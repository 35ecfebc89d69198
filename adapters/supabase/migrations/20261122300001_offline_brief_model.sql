-- A second offline model (a brief persona of the local model), so that with no provider key the
-- side-by-side view still has two columns that answer differently. Like `offline`, it is always
-- available: availability follows the provider, and provider `offline` needs no configuration.
-- web/server/default-catalogue.ts keeps the same row for the in-memory mode.

insert into public.models (id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, sort_order) values
  ('offline-brief', 'Offline model, brief (local, no network)', 'offline', 2, 3, 'free', 1)
on conflict (id) do nothing;
