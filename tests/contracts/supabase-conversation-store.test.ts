import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { seedLongConversation } from '../support/seed-long-conversation.js';
import { conversationLibraryContract, storeAsLibrary } from './conversation-library.contract.js';
import { conversationStoreContract } from './conversation-store.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/** A long conversation written in a few bulk inserts (service role), as the benchmarks seed one. */
const seedConversation = (userId: string, turns: number) =>
  seedLongConversation({ restUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, userId, turns, codeEvery: 0 });

const harness = async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  return {
    store: new SupabaseConversationStore(client),
    createUser: () => users.create(),
    actAs: (userId: string) => users.signInAs(client, userId),
    seedConversation,
  };
};
conversationStoreContract('SupabaseConversationStore on the local stand-in', harness);
conversationLibraryContract('SupabaseConversationStore on the local stand-in', storeAsLibrary(harness));

// As the app server holds it: the service role, which row-level security does not see. Every query
// must name its user (and the composite foreign key keeps messages in their owner's conversation).
const serviceHarness = async () => {
  const users = new StandInUsers(supabase);
  return {
    store: new SupabaseConversationStore(serviceClient(supabase)),
    createUser: () => users.create(),
    actAs: async () => undefined,
    seedConversation,
  };
};
conversationStoreContract('SupabaseConversationStore (service role) on the local stand-in', serviceHarness);
conversationLibraryContract('SupabaseConversationStore (service role) on the local stand-in', storeAsLibrary(serviceHarness));
