import { InMemoryAuthenticator } from '../../adapters/in-memory/in-memory-authenticator.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryProfileStore } from '../../adapters/in-memory/in-memory-profile-store.js';
import { profileStoreContract } from './profile-store.contract.js';

profileStoreContract('InMemoryProfileStore', async () => {
  const db = new InMemoryDatabase();
  const auth = new InMemoryAuthenticator(db);
  return {
    store: new InMemoryProfileStore(db, auth),
    createUser: async (email) => db.createUser({ email, provider: 'email' }).id,
    signInAs: async (userId) => {
      auth.signInAs(userId);
    },
    signOut: async () => {
      await auth.signOut();
    },
  };
});
