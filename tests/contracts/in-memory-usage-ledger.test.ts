import { randomUUID } from 'node:crypto';
import { IN_MEMORY_MODELS } from '../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { usageLedgerContract } from './usage-ledger.contract.js';

usageLedgerContract('InMemoryUsageLedger', async () => ({
  ledger: new InMemoryUsageLedger(),
  createUser: async () => randomUUID(),
  pricedModel: IN_MEMORY_MODELS[0] as (typeof IN_MEMORY_MODELS)[number],
}));
