import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseSupportJournal } from '../../adapters/supabase/supabase-support-journal.js';
import { SupabaseUsageLedger } from '../../adapters/supabase/supabase-usage-ledger.js';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { supportJournalContract } from './support-journal.contract.js';

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

supportJournalContract('SupabaseSupportJournal (service role) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  const ledger = new SupabaseUsageLedger(serviceClient(supabase));
  return {
    journal: new SupabaseSupportJournal(serviceClient(supabase)),
    // The contract wants a user with no credits; sign-up grants some, so that first line is taken back out as the database owner would.
    createUser: async () => {
      const id = await users.create();
      await supabase.db.asAdmin(async (tx) => {
        await tx.query('delete from public.credit_ledger where user_id = $1', [id]);
        await tx.query('update public.profiles set credits = 0 where id = $1', [id]);
      });
      return id;
    },
    balanceOf: async (userId) => {
      const balance = await ledger.getBalance(userId);
      if (!balance.success) throw new Error(balance.error.message);
      return balance.data;
    },
  };
});
