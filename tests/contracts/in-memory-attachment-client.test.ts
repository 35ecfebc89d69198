import { randomUUID } from 'node:crypto';
import { PdfjsDocumentText } from '../../adapters/documents/pdfjs-document-text.js';
import { InMemoryAttachmentClient } from '../../adapters/in-memory/in-memory-attachment-client.js';
import { InMemoryAttachmentStore } from '../../adapters/in-memory/in-memory-attachment-store.js';
import type { AuthUser } from '../../core/auth/index.js';
import { ok } from '../../core/shared/index.js';
import { attachmentClientContract } from './attachment-client.contract.js';

// The server's attachment use cases in this process, over the in-memory file store and the real PDF reader.
attachmentClientContract('InMemoryAttachmentClient', async () => {
  let caller: AuthUser | null = null;
  const client = new InMemoryAttachmentClient({ currentUser: async () => ok(caller), attachmentStore: new InMemoryAttachmentStore(), documentText: new PdfjsDocumentText() });
  return {
    client,
    createUser: async () => randomUUID(),
    actAs: async (userId) => {
      caller = userId === null ? null : ({ id: userId, email: null, userMetadata: {}, appMetadata: { provider: 'email' }, createdAt: new Date(0).toISOString() } as unknown as AuthUser);
    },
  };
});
