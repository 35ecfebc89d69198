import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { AttachmentRef } from '../../core/chat/index.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { seedLongConversation } from '../support/seed-long-conversation.js';
import { conversationLibraryContract, storeAsLibrary } from './conversation-library.contract.js';
import { conversationStoreContract } from './conversation-store.contract.js';

/**
 * The stand-in answers at most this many rows a request here (a hosted project's "Max rows", 1,000
 * by default, can be set as low): the cases about reading past the cap seed just over it.
 */
const ROW_CAP = 100;

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase({ restMaxRows: ROW_CAP });
});
afterAll(async () => {
  await supabase?.stop();
});

/** A long conversation written in a few bulk inserts (service role), as the benchmarks seed one. */
const seedConversation = (userId: string, turns: number) =>
  seedLongConversation({ restUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, userId, turns, codeEvery: 0 });

/** Gives every message of the conversation these files in one PATCH (service role), as a seed. */
const attachToEvery = async (userId: string, conversationId: string, files: readonly AttachmentRef[]) => {
  const url = `${supabase.url}/rest/v1/messages?user_id=eq.${userId}&conversation_id=eq.${conversationId}`;
  const key = supabase.serviceRoleKey;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ attachments: files }),
  });
  if (!response.ok) throw new Error(`attaching the files answered ${response.status}: ${await response.text()}`);
};

const harness = async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  return {
    store: new SupabaseConversationStore(client),
    createUser: () => users.create(),
    actAs: (userId: string) => users.signInAs(client, userId),
    seedConversation,
    attachToEvery,
    rowCap: ROW_CAP,
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
    attachToEvery,
    rowCap: ROW_CAP,
  };
};
conversationStoreContract('SupabaseConversationStore (service role) on the local stand-in', serviceHarness);
conversationLibraryContract('SupabaseConversationStore (service role) on the local stand-in', storeAsLibrary(serviceHarness));
