import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseCompareVotes } from '../../adapters/supabase/supabase-compare-votes.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { compareVotesContract } from './compare-votes.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

// As the app server composes it: the service role, every query naming its user.
compareVotesContract('SupabaseCompareVotes (service role) on the local stand-in', async () => {
  const service = serviceClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(service);
  return { votes: new SupabaseCompareVotes(service, store), store, createUser: () => users.create(), actAs: async () => undefined };
});

// With a user's own token, row-level security guards every row and the leaderboard function as well.
compareVotesContract('SupabaseCompareVotes (the user’s token) on the local stand-in', async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(serviceClient(supabase));
  return { votes: new SupabaseCompareVotes(client, new SupabaseConversationStore(client)), store, createUser: () => users.create(), actAs: (userId) => users.signInAs(client, userId) };
});
