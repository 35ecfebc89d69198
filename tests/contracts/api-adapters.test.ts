// The browser's /api adapters against the real app server on loopback (its data ports in memory,
// the real model gateway with two priced offline models): each runs its port's contract.
import { afterAll } from 'vitest';
import { ApiAttachmentClient } from '../../adapters/app-api/api-attachment-client.js';
import { ApiChatClient } from '../../adapters/app-api/api-chat-client.js';
import { ApiCompareVotes } from '../../adapters/app-api/api-compare-votes.js';
import { ApiConversationLibrary } from '../../adapters/app-api/api-conversation-library.js';
import { ApiConversationSearch } from '../../adapters/app-api/api-conversation-search.js';
import { ApiInstructionPresets } from '../../adapters/app-api/api-instruction-presets.js';
import { ApiConversationSharing, ApiSharedConversations } from '../../adapters/app-api/api-conversation-sharing.js';
import { ApiCreditBalance } from '../../adapters/app-api/api-credit-balance.js';
import { ApiSpendingCaps } from '../../adapters/app-api/api-spending-caps.js';
import { ApiModelDirectory } from '../../adapters/app-api/api-model-directory.js';
import type { ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { attachmentClientContract } from './attachment-client.contract.js';
import { chatClientContract } from './chat-client.contract.js';
import { compareVotesContract } from './compare-votes.contract.js';
import { conversationLibraryContract } from './conversation-library.contract.js';
import { conversationSearchContract } from './conversation-search.contract.js';
import { instructionPresetsContract } from './instruction-presets.contract.js';
import { seedThrough } from './search-seeding.js';
import { conversationSharingContract } from './conversation-sharing.contract.js';
import { creditBalanceContract } from './credit-balance.contract.js';
import { spendingCapsContract } from './spending-caps.contract.js';
import { modelDirectoryContract } from './model-directory.contract.js';

const CATALOGUE: readonly ModelCatalogueEntry[] = [
  { id: 'offline', label: 'Offline model', provider: 'offline', inputCreditsPer1k: 1, outputCreditsPer1k: 1, plan: 'free' },
  { id: 'offline-twin', label: 'Offline twin', provider: 'offline', inputCreditsPer1k: 9, outputCreditsPer1k: 13, plan: 'free' },
];

let server: Promise<TestServer> | undefined;
const testServer = () => (server ??= startTestServer({ catalogue: CATALOGUE, env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '1' } }));
afterAll(async () => {
  await (await server)?.close();
});

/** Users signed in on the test server; `actAs` makes every adapter of the harness send that user's token. */
async function signedInWorld() {
  const s = await testServer();
  let token: string | null = null;
  const tokens = new Map<string, string>();
  return {
    s,
    options: { baseUrl: s.url, accessToken: () => token },
    createUser: async (credits = 0) => {
      const user = await s.signIn(credits);
      tokens.set(user.userId, user.token);
      return user.userId;
    },
    actAs: async (userId: string | null) => {
      token = userId === null ? null : (tokens.get(userId) ?? null);
    },
  };
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};

conversationLibraryContract('ApiConversationLibrary (app server /api/conversations on loopback)', async () => {
  const w = await signedInWorld();
  return {
    library: new ApiConversationLibrary(w.options),
    createUser: () => w.createUser(),
    actAs: w.actAs,
    // Messages are written the way a chat request writes them: by the server, through its data port.
    seedMessage: async (userId, conversationId, message) => data(await w.s.data.conversationStore.appendMessage(userId, conversationId, message)),
  };
});

spendingCapsContract('ApiSpendingCaps (app server /api/account/spending-cap on loopback)', async () => {
  const w = await signedInWorld();
  return {
    caps: new ApiSpendingCaps(w.options),
    createUser: () => w.createUser(),
    actAs: w.actAs,
    hold: async (userId, amount) => {
      data(await w.s.data.usageLedger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference: null }));
      data(await w.s.data.usageLedger.holdCredits({ userId, amount, ttlSeconds: 600 }));
    },
  };
});

creditBalanceContract('ApiCreditBalance (app server /api/credits on loopback)', async () => {
  const w = await signedInWorld();
  return {
    balance: new ApiCreditBalance(w.options),
    createUser: () => w.createUser(),
    actAs: w.actAs,
    grant: async (userId, amount) => {
      data(await w.s.data.usageLedger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference: null }));
    },
  };
});

modelDirectoryContract('ApiModelDirectory (app server /api/models on loopback)', async () => {
  const s = await testServer();
  return { directory: new ApiModelDirectory({ baseUrl: s.url, accessToken: () => null }), modelId: 'offline' };
});

chatClientContract('ApiChatClient (app server /api/chat on loopback)', async () => {
  const w = await signedInWorld();
  return {
    client: new ApiChatClient(w.options),
    createUser: (credits) => w.createUser(credits),
    actAs: w.actAs,
    messages: async (userId, conversationId) => data(await w.s.data.conversationStore.listMessages(userId, conversationId)),
    balance: async (userId) => w.s.balance(userId),
    models: ['offline', 'offline-twin'],
    // Uploaded the way the browser uploads, as the user the client acts for.
    upload: (file) => new ApiAttachmentClient(w.options).upload(file),
  };
});

attachmentClientContract('ApiAttachmentClient (app server /api/attachments on loopback)', async () => {
  const w = await signedInWorld();
  return { client: new ApiAttachmentClient(w.options), createUser: () => w.createUser(), actAs: w.actAs };
});

conversationSharingContract('ApiConversationSharing and ApiSharedConversations (app server /api on loopback)', async () => {
  const w = await signedInWorld();
  const store = w.s.data.conversationStore;
  return {
    sharing: new ApiConversationSharing(w.options),
    createUser: () => w.createUser(),
    actAs: w.actAs,
    createConversation: async (userId, title, messages) => {
      const created = data(await store.createConversation(userId, title));
      for (const content of messages) data(await store.appendMessage(userId, created.id, { role: 'user', content, modelId: null, inputTokens: null, outputTokens: null }));
      return created.id;
    },
    deleteConversation: async (userId, id) => {
      data(await store.deleteConversation(userId, id));
    },
    // A signed-out visitor: no token at all.
    openShared: (token) => new ApiSharedConversations({ baseUrl: w.s.url }).openShared(token),
  };
});

conversationSearchContract('ApiConversationSearch (app server /api/search on loopback)', async () => {
  const w = await signedInWorld();
  return { search: new ApiConversationSearch(w.options), createUser: () => w.createUser(), actAs: w.actAs, seed: seedThrough(w.s.data.conversationStore) };
});

instructionPresetsContract('ApiInstructionPresets (app server /api/instruction-presets on loopback)', async () => {
  const w = await signedInWorld();
  return { presets: new ApiInstructionPresets(w.options), createUser: () => w.createUser(), actAs: w.actAs };
});

compareVotesContract('ApiCompareVotes (app server /api/conversations/…/vote and /api/leaderboard on loopback)', async () => {
  const w = await signedInWorld();
  return { votes: new ApiCompareVotes(w.options), store: w.s.data.conversationStore, createUser: () => w.createUser(), actAs: w.actAs };
});
