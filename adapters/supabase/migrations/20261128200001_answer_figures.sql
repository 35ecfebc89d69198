-- How each answer went, kept with it so a reopened conversation shows the figures that help choose
-- between models: milliseconds from the model being asked to its first words and to its end, and the
-- credits the answer was charged. Written by the app server (service role) when it saves an answer;
-- null on user messages, and on answers saved before these columns existed.
alter table public.messages
  add column first_token_ms integer check (first_token_ms is null or (role = 'assistant' and first_token_ms >= 0)),
  add column duration_ms integer check (duration_ms is null or (role = 'assistant' and duration_ms >= 0)),
  add column credits_charged integer check (credits_charged is null or (role = 'assistant' and credits_charged >= 0));
