import { randomUUID } from 'node:crypto';
import { InMemoryCompareVotes } from '../../adapters/in-memory/in-memory-compare-votes.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { compareVotesContract } from './compare-votes.contract.js';

compareVotesContract('InMemoryCompareVotes', async () => {
  const store = new InMemoryConversationStore();
  return { votes: new InMemoryCompareVotes(store), store, createUser: async () => randomUUID(), actAs: async () => undefined };
});
