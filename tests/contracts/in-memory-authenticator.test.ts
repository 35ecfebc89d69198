import { InMemoryAuthenticator } from '../../adapters/in-memory/in-memory-authenticator.js';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../adapters/in-memory/in-memory-database.js';
import { authenticatorContract } from './authenticator.contract.js';

authenticatorContract('InMemoryAuthenticator', async () => {
  const clock = new InMemoryClock();
  const auth = new InMemoryAuthenticator(new InMemoryDatabase(clock));
  return {
    auth,
    readMailbox: async (email) => auth.latestMail(email),
    openLink: async (url) => auth.openLink(url),
    advanceClock: async (seconds) => clock.advance(seconds * 1000),
  };
});
