import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseCompareVotes } from '../../adapters/supabase/supabase-compare-votes.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { SEEDED_MODELS, columnsOfTurn, seedLongConversation } from '../support/seed-long-conversation.js';
import { compareVotesContract } from './compare-votes.contract.js';

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

/**
 * A conversation of `turns` side-by-side turns (after a first turn of one model) and a vote and a
 * continue choice on each, written in bulk through the REST API with the service role.
 */
async function seedVotedTurns(userId: string, turns: number) {
  const every = 1;
  const seeded = await seedLongConversation({ restUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, userId, turns: turns + 1, sideBySideEvery: every, codeEvery: 0 });
  const turnIds: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let turn = 1, at = 0; turn <= turns + 1; turn += 1) {
    const columns = columnsOfTurn(turn, every);
    const messageId = seeded.messageIds[at] as string;
    at += 1 + columns;
    if (columns < 2) continue;
    const models = SEEDED_MODELS.slice(0, columns);
    turnIds.push(messageId);
    for (const [kind, winner] of [['vote', models[0]], ['continue', models[1]]] as const) {
      rows.push({
        user_id: userId, conversation_id: seeded.conversationId, message_id: messageId, kind, winner_model_id: winner, blind: true,
        models, credits: models.map(() => 1), first_token_ms: models.map(() => 100),
      });
    }
  }
  const key = supabase.serviceRoleKey;
  const response = await fetch(`${supabase.url}/rest/v1/compare_votes`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify(rows),
  });
  if (!response.ok) throw new Error(`seeding the votes answered ${response.status}: ${await response.text()}`);
  return { conversationId: seeded.conversationId, turnIds };
}

// As the app server composes it: the service role, every query naming its user.
compareVotesContract('SupabaseCompareVotes (service role) on the local stand-in', async () => {
  const service = serviceClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(service);
  return { votes: new SupabaseCompareVotes(service, store), store, createUser: () => users.create(), actAs: async () => undefined, seedVotedTurns, rowCap: ROW_CAP };
});

// With a user's own token, row-level security guards every row and the leaderboard function as well.
compareVotesContract('SupabaseCompareVotes (the user’s token) on the local stand-in', async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(serviceClient(supabase));
  return { votes: new SupabaseCompareVotes(client, new SupabaseConversationStore(client)), store, createUser: () => users.create(), actAs: (userId) => users.signInAs(client, userId), seedVotedTurns, rowCap: ROW_CAP };
});
