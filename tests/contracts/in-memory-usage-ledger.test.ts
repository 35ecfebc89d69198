import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { IN_MEMORY_MODELS } from '../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { creditBalanceContract, ledgerAsBalance } from './credit-balance.contract.js';
import { spendingCapsContract } from './spending-caps.contract.js';
import { usageLedgerContract } from './usage-ledger.contract.js';

const harness1 = async () => {
  const clock = new InMemoryClock();
  return {
    ledger: new InMemoryUsageLedger({ clock }),
    createUser: async () => randomUUID(),
    pricedModel: IN_MEMORY_MODELS[0] as (typeof IN_MEMORY_MODELS)[number],
    // Holds expire with time: a day later every hold the contract takes is past its expiry.
    expireHolds: async () => clock.advance(24 * 60 * 60 * 1000),
    monthPasses: async () => clock.advance(32 * 24 * 60 * 60 * 1000),
  };
};
usageLedgerContract('InMemoryUsageLedger', harness1);
creditBalanceContract('InMemoryUsageLedger', ledgerAsBalance(harness1));

// As the server composes it in memory: the balances are the profiles' credits, so users must exist.
const harness2 = async () => {
  const clock = new InMemoryClock();
  const db = new InMemoryDatabase(clock);
  return {
    ledger: new InMemoryUsageLedger({ clock, balances: db.profileBalances() }),
    createUser: async () => db.createUser({ email: `${randomUUID()}@example.com`, provider: 'email' }).id,
    pricedModel: IN_MEMORY_MODELS[0] as (typeof IN_MEMORY_MODELS)[number],
    expireHolds: async () => clock.advance(24 * 60 * 60 * 1000),
    monthPasses: async () => clock.advance(32 * 24 * 60 * 60 * 1000),
  };
};
usageLedgerContract('InMemoryUsageLedger on an InMemoryDatabase (profiles hold the credits)', harness2, { knowsUsers: true });
creditBalanceContract('InMemoryUsageLedger on an InMemoryDatabase (profiles hold the credits)', ledgerAsBalance(harness2));
spendingCapsContract('InMemoryUsageLedger on an InMemoryDatabase (profiles hold the credits)', async () => {
  const h = await harness2();
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
