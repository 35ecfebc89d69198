import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryProfileWriter } from '../../adapters/in-memory/in-memory-profile-writer.js';
import { profileWriterContract } from './profile-writer.contract.js';

profileWriterContract('InMemoryProfileWriter', async () => {
  const db = new InMemoryDatabase();
  return {
    writer: new InMemoryProfileWriter(db),
    createUser: async (email) => db.createUser({ email, provider: 'email' }).id,
    readProfile: async (userId) => db.publicProfile(userId),
  };
});
