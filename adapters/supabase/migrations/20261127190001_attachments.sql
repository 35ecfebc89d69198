-- Attachments: files a user sends with a message, kept in Supabase Storage.
--
-- A private bucket: images (PNG, JPEG, WebP), text files and PDFs up to 10 MB (the app's own limits
-- by kind are lower for images and text: core/domain/attachments.ts). Each user's files live under
-- a folder named by their user id (`<user id>/<attachment id>`), and these policies let a signed-in
-- user read, add, replace and delete only there. The app server writes with the service role and
-- confines every path to the caller's folder itself.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'attachments', 'attachments', false, 10485760,
  array['image/png', 'image/jpeg', 'image/webp', 'text/plain', 'text/markdown', 'text/csv', 'application/json', 'application/pdf']
)
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

create policy "attachments: owner reads" on storage.objects for select to authenticated
  using (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "attachments: owner adds" on storage.objects for insert to authenticated
  with check (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "attachments: owner replaces" on storage.objects for update to authenticated
  using (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "attachments: owner deletes" on storage.objects for delete to authenticated
  using (bucket_id = 'attachments' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- A user message remembers its files: [{id, name, mediaType, kind, size, width?, height?, textTokens?}],
-- at most four, so a reopened conversation shows them and later turns send them again.
alter table public.messages
  add column attachments jsonb
  check (attachments is null or (jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) between 1 and 4));

-- Which models read images (the others are refused an image before anything is sent or held).
alter table public.models add column supports_images boolean not null default false;
update public.models set supports_images = true
  where id in ('offline', 'gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'claude-haiku-4-5', 'claude-sonnet-4-5', 'gemini-2.5-flash', 'gemini-2.5-pro');
