import { createClient } from '@supabase/supabase-js';
import { afterAll } from 'vitest';
import { SupabaseWebhookInbox } from '../../adapters/supabase/supabase-webhook-inbox.js';
import type { LocalSupabase } from '../../adapters/supabase/local/server.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { webhookInboxContract } from './webhook-inbox.contract.js';

// Against the local Supabase stand-in (PGlite with the real migrations), as the service role.
let supabase: Promise<LocalSupabase> | undefined;
afterAll(async () => {
  await (await supabase)?.stop();
});

webhookInboxContract('SupabaseWebhookInbox (local stand-in)', async () => {
  supabase ??= startTestSupabase();
  const s = await supabase;
  return new SupabaseWebhookInbox(createClient(s.url, s.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }));
});
