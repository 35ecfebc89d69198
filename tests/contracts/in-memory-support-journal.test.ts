import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemorySupportJournal } from '../../adapters/in-memory/in-memory-support-journal.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { supportJournalContract } from './support-journal.contract.js';

// As the in-memory composition builds it: the journal writes the lines of the ledger over the profiles' credits.
supportJournalContract('InMemorySupportJournal on an InMemoryDatabase (profiles hold the credits)', async () => {
  const clock = new InMemoryClock();
  const db = new InMemoryDatabase(clock);
  const ledger = new InMemoryUsageLedger({ clock, balances: db.profileBalances() });
  return {
    journal: new InMemorySupportJournal({ ledger, clock }),
    createUser: async () => db.createUser({ email: `${randomUUID()}@example.com`, provider: 'email' }).id,
    balanceOf: async (userId) => {
      const balance = await ledger.getBalance(userId);
      if (!balance.success) throw new Error(balance.error.message);
      return balance.data;
    },
  };
});
