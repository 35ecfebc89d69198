import { randomUUID } from 'node:crypto';
import { InMemoryAttachmentStore } from '../../adapters/in-memory/in-memory-attachment-store.js';
import { attachmentStoreContract } from './attachment-store.contract.js';

attachmentStoreContract('InMemoryAttachmentStore', async () => {
  const store = new InMemoryAttachmentStore();
  return { store, createUser: async () => randomUUID(), actAs: async () => undefined, fetchSigned: async (url) => store.resolveSignedUrl(url) };
});
