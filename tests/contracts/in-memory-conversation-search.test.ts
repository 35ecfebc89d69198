import { randomUUID } from 'node:crypto';
import { InMemoryConversationSearch } from '../../adapters/in-memory/in-memory-conversation-search.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { conversationSearchContract, type ConversationSearchHarness } from './conversation-search.contract.js';
import { seedThrough } from './search-seeding.js';

conversationSearchContract('InMemoryConversationSearch', async (): Promise<ConversationSearchHarness> => {
  const store = new InMemoryConversationStore();
  return { search: new InMemoryConversationSearch(store), createUser: async () => randomUUID(), actAs: async () => undefined, seed: seedThrough(store) };
});
