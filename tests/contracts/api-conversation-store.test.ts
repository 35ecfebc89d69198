import { afterAll } from 'vitest';
import { ApiConversationStore } from '../../adapters/browser/api-conversation-store.js';
import { ServerKeptChat } from '../../adapters/browser/server-kept-chat.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { conversationStoreContract } from './conversation-store.contract.js';

// The browser adapter against the real app server on loopback (its data ports in memory).
let server: Promise<TestServer> | undefined;
afterAll(async () => {
  await (await server)?.close();
});

conversationStoreContract('ApiConversationStore (app server /api/conversations on loopback)', async () => {
  server ??= startTestServer();
  const s = await server;
  let token: string | null = null;
  const tokens = new Map<string, string>();
  return {
    store: new ApiConversationStore({ baseUrl: s.url, accessToken: () => token }, new ServerKeptChat()),
    createUser: async () => {
      const user = await s.signIn();
      tokens.set(user.userId, user.token);
      return user.userId;
    },
    actAs: async (userId) => {
      token = tokens.get(userId) ?? null;
    },
    // Messages are stored the way a chat request stores them: by the server, through its data port.
    serverKept: {
      seedMessage: async (userId, conversationId, message) => {
        const stored = await s.data.conversationStore.appendMessage(userId, conversationId, message);
        if (!stored.success) throw new Error(stored.error.message);
        return stored.data;
      },
    },
  };
});
