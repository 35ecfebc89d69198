import { PdfjsDocumentText } from '../../adapters/documents/pdfjs-document-text.js';
import { InMemoryAttachmentClient } from '../../adapters/in-memory/in-memory-attachment-client.js';
import { InMemoryChatClient } from '../../adapters/in-memory/in-memory-chat-client.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { inMemoryServerPorts } from '../../adapters/composition/server-data-ports.js';
import { IN_MEMORY_MODELS, InMemoryModelGateway } from '../../adapters/in-memory/in-memory-model-gateway.js';
import type { AuthUser } from '../../core/auth/index.js';
import { ok } from '../../core/shared/index.js';
import { chatClientContract } from './chat-client.contract.js';

// The server's chat use cases in this process, over the same in-memory data ports the test server uses.
chatClientContract('InMemoryChatClient', async () => {
  // The ledger prices the in-memory models as the gateway lists them.
  const data = inMemoryServerPorts({ catalogue: IN_MEMORY_MODELS });
  let caller: AuthUser | null = null;
  const client = new InMemoryChatClient({
    currentUser: async () => ok(caller),
    // Tokens a few milliseconds apart: a run is still going when the test stops or leaves it.
    modelGateway: new InMemoryModelGateway({ tokenDelayMs: 3 }),
    conversationStore: data.conversationStore,
    conversationTurns: data.conversationTurns,
    usageLedger: data.usageLedger,
    profileStore: data.profileStore,
    logger: new InMemoryLogger(),
    clock: { now: () => new Date() },
    attachmentStore: data.attachmentStore,
  });
  // The browser's uploads, through the server's attachment use cases, for the same caller and file store.
  const attachments = new InMemoryAttachmentClient({ currentUser: async () => ok(caller), attachmentStore: data.attachmentStore, documentText: new PdfjsDocumentText() });
  const unwrap = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
    if (!r.success) throw new Error(r.error.message);
    return r.data;
  };
  return {
    client,
    createUser: async (credits) => {
      const user = data.db.createUser({ email: `${crypto.randomUUID()}@example.com`, provider: 'email' });
      if (credits > 0) unwrap(await data.usageLedger.grantCredits({ userId: user.id, amount: credits, kind: 'manual_grant', reason: 'test funds', reference: null }));
      return user.id;
    },
    actAs: async (userId) => {
      caller = { id: userId, email: null, userMetadata: {}, appMetadata: { provider: 'email' }, createdAt: new Date(0).toISOString() } as unknown as AuthUser;
    },
    messages: async (userId, conversationId) => unwrap(await data.conversationStore.listMessages(userId, conversationId)),
    balance: async (userId) => data.db.profiles.get(userId)?.credits ?? 0,
    models: ['echo-basic', 'echo-swift'],
    upload: (file) => attachments.upload(file),
  };
});
