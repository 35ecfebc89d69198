import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseAttachmentStore } from '../../adapters/supabase/supabase-attachment-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { attachmentStoreContract } from './attachment-store.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

const fetchSigned = async (url: string) => {
  const response = await fetch(url);
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
};

attachmentStoreContract('SupabaseAttachmentStore (service role) on the local Storage API', async () => {
  const users = new StandInUsers(supabase);
  return { store: new SupabaseAttachmentStore(serviceClient(supabase)), createUser: () => users.create(), actAs: async () => undefined, fetchSigned };
});

// With a user's own token, the bucket's policies guard every object as well.
attachmentStoreContract('SupabaseAttachmentStore (the user’s token) on the local Storage API', async () => {
  const users = new StandInUsers(supabase);
  const client = browserClient(supabase);
  return { store: new SupabaseAttachmentStore(client), createUser: () => users.create(), actAs: (userId) => users.signInAs(client, userId), fetchSigned };
});
