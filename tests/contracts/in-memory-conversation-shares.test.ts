import { randomUUID } from 'node:crypto';
import { InMemoryConversationShares } from '../../adapters/in-memory/in-memory-conversation-shares.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { InMemorySharedConversations } from '../../adapters/in-memory/in-memory-shared-conversations.js';
import { conversationSharingContract } from './conversation-sharing.contract.js';

conversationSharingContract('InMemoryConversationShares', async () => {
  const store = new InMemoryConversationStore();
  const shares = new InMemoryConversationShares(store);
  const visitor = new InMemorySharedConversations({ conversationShares: shares, conversationLibrary: store });
  return {
    sharing: shares,
    createUser: async () => randomUUID(),
    actAs: async () => undefined,
    createConversation: async (userId, title, messages) => {
      const created = await store.createConversation(userId, title);
      if (!created.success) throw new Error(created.error.message);
      for (const content of messages) await store.appendMessage(userId, created.data.id, { role: 'user', content, modelId: null, inputTokens: null, outputTokens: null });
      return created.data.id;
    },
    deleteConversation: async (userId, id) => {
      await store.deleteConversation(userId, id);
    },
    openShared: (token) => visitor.openShared(token),
  };
});
