import { InMemoryAuthenticator } from '../../adapters/in-memory/in-memory-authenticator.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryProfilingStore } from '../../adapters/in-memory/in-memory-profiling-store.js';
import { profilingStoreContract } from './profiling-store.contract.js';

profilingStoreContract('InMemoryProfilingStore', async () => {
  const db = new InMemoryDatabase();
  const auth = new InMemoryAuthenticator(db);
  return {
    store: new InMemoryProfilingStore(db, auth),
    createUser: async (email) => db.createUser({ email, provider: 'email' }).id,
    signInAs: async (userId) => {
      auth.signInAs(userId);
    },
    signOut: async () => {
      await auth.signOut();
    },
  };
});
