import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { IN_MEMORY_MODELS } from '../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { usageLedgerContract } from './usage-ledger.contract.js';

usageLedgerContract('InMemoryUsageLedger', async () => {
  const clock = new InMemoryClock();
  return {
    ledger: new InMemoryUsageLedger({ clock }),
    createUser: async () => randomUUID(),
    pricedModel: IN_MEMORY_MODELS[0] as (typeof IN_MEMORY_MODELS)[number],
    // Holds expire with time: a day later every hold the contract takes is past its expiry.
    expireHolds: async () => clock.advance(24 * 60 * 60 * 1000),
  };
});
