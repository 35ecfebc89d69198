import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseServerInstance } from '../../adapters/supabase/supabase-server-instance.js';
import { SupabaseUsageLedger } from '../../adapters/supabase/supabase-usage-ledger.js';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { creditBalanceContract, ledgerAsBalance } from './credit-balance.contract.js';
import { spendingCapsContract } from './spending-caps.contract.js';
import { usageLedgerContract } from './usage-ledger.contract.js';

const MODEL = 'gpt-4o-mini';
let supabase: LocalSupabase;
let price: { inputCreditsPer1k: number; outputCreditsPer1k: number };

beforeAll(async () => {
  supabase = await startTestSupabase();
  const { data, error } = await serviceClient(supabase).from('models').select('input_credits_per_1k, output_credits_per_1k').eq('id', MODEL).single();
  if (error) throw new Error(error.message);
  price = { inputCreditsPer1k: Number(data.input_credits_per_1k), outputCreditsPer1k: Number(data.output_credits_per_1k) };
});
afterAll(async () => {
  await supabase?.stop();
});

const harness1 = async (ledger = new SupabaseUsageLedger(serviceClient(supabase))) => {
  const users = new StandInUsers(supabase);
  return {
    ledger,
    pricedModel: { id: MODEL, ...price },
    // The contract wants a user with no credits; sign-up grants some (README: 100), so the harness
    // takes that first ledger line back out as the database owner would, leaving an empty history.
    createUser: async () => {
      const id = await users.create();
      await supabase.db.asAdmin(async (tx) => {
        await tx.query('delete from public.credit_ledger where user_id = $1', [id]);
        await tx.query('update public.profiles set credits = 0 where id = $1', [id]);
      });
      return id;
    },
    // Time passing, as the database sees it: every hold of the user is dated back past its expiry.
    expireHolds: async (userId: string) => {
      await supabase.db.asAdmin(async (tx) => {
        await tx.query("update public.credit_holds set expires_at = now() - interval '1 second' where user_id = $1", [userId]);
      });
    },
    // The calendar month turning, as the database sees it: the user's charges are dated into the last one.
    monthPasses: async (userId: string) => {
      await supabase.db.asAdmin(async (tx) => {
        await tx.query(
          "update public.usage_events set created_at = (date_trunc('month', now() at time zone 'utc') at time zone 'utc') - interval '1 day' where user_id = $1",
          [userId],
        );
      });
    },
  };
};
usageLedgerContract('SupabaseUsageLedger (service role) on the local stand-in', harness1, { knowsUsers: true });
creditBalanceContract('SupabaseUsageLedger (service role) on the local stand-in', ledgerAsBalance(harness1));

// As the app server uses it: holds tied to a registered server instance (they last while its lease
// is renewed); the contract holds all the same.
usageLedgerContract(
  'SupabaseUsageLedger with holds tied to a server instance',
  async () => {
    const instance = new SupabaseServerInstance(serviceClient(supabase), { leaseSeconds: 60 });
    const registered = await instance.register(`contract-${randomUUID()}`);
    if (!registered.success) throw new Error(registered.error.message);
    return harness1(new SupabaseUsageLedger(serviceClient(supabase), { instanceId: () => instance.holdOwner() }));
  },
  { knowsUsers: true },
);

spendingCapsContract('SupabaseUsageLedger (service role) on the local stand-in', async () => {
  const h = await harness1();
  return {
    caps: h.ledger,
    createUser: () => h.createUser(),
    hold: async (userId, amount) => {
      await h.ledger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference: null });
      const held = await h.ledger.holdCredits({ userId, amount, ttlSeconds: 600 });
      if (!held.success) throw new Error(held.error.message);
    },
    actAs: async () => undefined,
  };
});
