import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryProfileWriter } from '../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../../adapters/in-memory/in-memory-webhook-inbox.js';
import { webhookInboxContract } from './webhook-inbox.contract.js';

webhookInboxContract('InMemoryWebhookInbox', async () => {
  const db = new InMemoryDatabase(new InMemoryClock());
  const profileWriter = new InMemoryProfileWriter(db);
  const usageLedger = new InMemoryUsageLedger({ balances: db.profileBalances() });
  return {
    inbox: new InMemoryWebhookInbox({ profileWriter, usageLedger }),
    createUser: async () => db.createUser({ email: `${randomUUID()}@example.com`, provider: 'email' }).id,
    profileOf: async (userId) => {
      const row = db.profiles.get(userId);
      return { status: row?.subscriptionStatus ?? null, credits: row?.credits ?? 0 };
    },
  };
});
