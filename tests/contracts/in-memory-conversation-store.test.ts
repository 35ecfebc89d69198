import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { conversationLibraryContract, storeAsLibrary } from './conversation-library.contract.js';
import { conversationStoreContract } from './conversation-store.contract.js';

const harness = async () => ({
  // A frozen clock: ordering must not depend on timestamps differing.
  store: new InMemoryConversationStore({ clock: new InMemoryClock(new Date('2026-03-01T09:00:00.000Z')) }),
  createUser: async () => randomUUID(),
  actAs: async () => undefined,
});
conversationStoreContract('InMemoryConversationStore', harness);
conversationLibraryContract('InMemoryConversationStore', storeAsLibrary(harness));
