import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { conversationLibraryContract, storeAsLibrary } from './conversation-library.contract.js';
import { conversationStoreContract } from './conversation-store.contract.js';

const harness = async () => {
  // A frozen clock: ordering must not depend on timestamps differing (`later` moves it on where a case asks).
  const clock = new InMemoryClock(new Date('2026-03-01T09:00:00.000Z'));
  return {
    store: new InMemoryConversationStore({ clock }),
    createUser: async () => randomUUID(),
    actAs: async () => undefined,
    later: () => clock.advance(1000),
  };
};
conversationStoreContract('InMemoryConversationStore', harness);
conversationLibraryContract('InMemoryConversationStore', storeAsLibrary(harness));
