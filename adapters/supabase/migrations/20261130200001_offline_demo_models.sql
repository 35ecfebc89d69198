-- Four more offline demo models, so that with no provider key the side-by-side view can compare six
-- columns that answer in visibly different styles, lengths and speeds (adapters/models/offline-answer.ts:
-- OFFLINE_MODELS maps each id to its persona and its pause per token). Like `offline`, they are always
-- available: availability follows the provider, and provider `offline` needs no configuration. Their
-- prices differ so that the credits of a compare differ by column; `offline-thorough` reads images
-- (it measures them, as `offline` does). adapters/in-memory/default-model-catalogue.ts keeps the same rows.

insert into public.models
  (id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, sort_order, max_output_tokens, supports_images) values
  ('offline-steps', 'Offline demo: step by step (local, no network)', 'offline', 0.5, 1, 'free', 2, 2048, false),
  ('offline-critic', 'Offline demo: skeptic (local, no network)', 'offline', 2, 5, 'free', 3, 4096, false),
  ('offline-code', 'Offline demo: code first (local, no network)', 'offline', 3, 8, 'free', 4, 8192, false),
  ('offline-thorough', 'Offline demo: slow and thorough (local, no network)', 'offline', 6, 20, 'free', 5, 16384, true)
on conflict (id) do nothing;
