-- Each model's context window: the most tokens it reads at once, its prompt and its answer together.
-- What a model is sent of a conversation's history is bounded by it (core/chat/domain/context-window.ts:
-- the window less the room for the answer, the instruction, the new message and its files). The
-- offline demo models get a small window, so that the bound is visible without a provider key.
-- adapters/in-memory/default-model-catalogue.ts keeps the same values.

alter table public.models
  add column context_window integer not null default 128000 check (context_window between 1 and 100000000);

update public.models set context_window = case id
    when 'offline' then 8192 when 'offline-brief' then 8192 when 'offline-steps' then 8192
    when 'offline-critic' then 8192 when 'offline-code' then 16384 when 'offline-thorough' then 32768
    when 'gpt-4o-mini' then 128000 when 'gpt-4o' then 128000 when 'gpt-4.1' then 1047576
    when 'claude-haiku-4-5' then 200000 when 'claude-sonnet-4-5' then 200000
    when 'gemini-2.5-flash' then 1048576 when 'gemini-2.5-pro' then 1048576
    else context_window end;
