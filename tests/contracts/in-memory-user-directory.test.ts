import { InMemoryAuthenticator } from '../../adapters/in-memory/in-memory-authenticator.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryUserDirectory } from '../../adapters/in-memory/in-memory-user-directory.js';
import { userDirectoryContract } from './user-directory.contract.js';

userDirectoryContract('InMemoryUserDirectory', async () => {
  const db = new InMemoryDatabase();
  const auth = new InMemoryAuthenticator(db);
  return {
    directory: new InMemoryUserDirectory(db),
    // Sign-up as the real world does it: a code by e-mail, then its verification.
    createUser: async (email) => {
      await auth.sendEmailCode({ email, shouldCreateUser: true });
      const verified = await auth.verifyEmailCode({ email, token: auth.latestMail(email)?.code ?? '', type: 'email' });
      if (!verified.success) throw new Error(verified.error.message);
      return verified.data.user.id;
    },
  };
});
