import { afterAll, beforeAll } from 'vitest';
import { SupabaseWebhookInbox } from '../../adapters/supabase/supabase-webhook-inbox.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { webhookInboxContract } from './webhook-inbox.contract.js';

// Against the local Supabase stand-in (PGlite with the real migrations), as the service role:
// apply_billing_webhook records the id and applies the effect in one transaction.
let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

webhookInboxContract('SupabaseWebhookInbox (local stand-in)', async () => {
  const users = new StandInUsers(supabase);
  return {
    inbox: new SupabaseWebhookInbox(serviceClient(supabase)),
    // Sign-up grants credits (README: 100); the contract starts from none.
    createUser: async () => {
      const id = await users.create();
      await supabase.db.asAdmin(async (tx) => {
        await tx.query('delete from public.credit_ledger where user_id = $1', [id]);
        await tx.query('update public.profiles set credits = 0 where id = $1', [id]);
      });
      return id;
    },
    profileOf: async (userId) => {
      const rows = await supabase.db.asAdmin(async (tx) => (await tx.query<{ subscription_status: string | null; credits: number }>('select subscription_status, credits from public.profiles where id = $1', [userId])).rows);
      return { status: rows[0]?.subscription_status ?? null, credits: Number(rows[0]?.credits ?? 0) };
    },
  };
});
