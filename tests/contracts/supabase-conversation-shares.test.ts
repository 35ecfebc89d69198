import { afterAll, beforeAll } from 'vitest';
import { InMemorySharedConversations } from '../../adapters/in-memory/in-memory-shared-conversations.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationShares } from '../../adapters/supabase/supabase-conversation-shares.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { conversationSharingContract } from './conversation-sharing.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

// As the app server composes it: the service role, every query naming its user.
conversationSharingContract('SupabaseConversationShares (service role) on the local stand-in', async () => {
  const service = serviceClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(service);
  const shares = new SupabaseConversationShares(service);
  const visitor = new InMemorySharedConversations({ conversationShares: shares, conversationLibrary: store });
  return {
    sharing: shares,
    createUser: () => users.create(),
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

// A user's own client under row-level security: the policies let users handle only their own links.
conversationSharingContract('SupabaseConversationShares (a user under row-level security) on the local stand-in', async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  const service = serviceClient(supabase);
  const serverStore = new SupabaseConversationStore(service);
  const visitor = new InMemorySharedConversations({ conversationShares: new SupabaseConversationShares(service), conversationLibrary: serverStore });
  return {
    sharing: new SupabaseConversationShares(client),
    createUser: () => users.create(),
    actAs: (userId) => users.signInAs(client, userId),
    createConversation: async (userId, title, messages) => {
      const created = await serverStore.createConversation(userId, title);
      if (!created.success) throw new Error(created.error.message);
      for (const content of messages) await serverStore.appendMessage(userId, created.data.id, { role: 'user', content, modelId: null, inputTokens: null, outputTokens: null });
      return created.data.id;
    },
    deleteConversation: async (userId, id) => {
      await serverStore.deleteConversation(userId, id);
    },
    openShared: (token) => visitor.openShared(token),
  };
});
