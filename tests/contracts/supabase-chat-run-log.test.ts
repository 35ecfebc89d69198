import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseChatRunLog } from '../../adapters/supabase/supabase-chat-run-log.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { chatRunLogContract } from './chat-run-log.contract.js';

let supabase: LocalSupabase;
let users: StandInUsers;
beforeAll(async () => {
  supabase = await startTestSupabase();
  users = new StandInUsers(supabase);
});
afterAll(async () => {
  await supabase?.stop();
});

/** A user of the stand-in with a conversation and its first message, written as the chat writes them. */
async function newRun() {
  const store = new SupabaseConversationStore(serviceClient(supabase));
  const userId = await users.create();
  const conversation = await store.createConversation(userId, 'Runs');
  if (!conversation.success) throw new Error(conversation.error.message);
  const message = await store.appendMessage(userId, conversation.data.id, { role: 'user', content: 'Hello', modelId: null, modelIds: ['model-a', 'model-b'], inputTokens: null, outputTokens: null });
  if (!message.success) throw new Error(message.error.message);
  return { userId, conversationId: conversation.data.id, userMessageId: message.data.id, modelIds: ['model-a', 'model-b'] };
}

// Two service-role clients: two app server instances on one database.
chatRunLogContract('SupabaseChatRunLog (service role) on the local stand-in', async () => ({
  log: new SupabaseChatRunLog(serviceClient(supabase)),
  peer: new SupabaseChatRunLog(serviceClient(supabase), { pollMs: 5 }),
  newRun,
}));

describe('chat runs in Postgres', () => {
  it('a run is created only in a conversation of its user: another user\'s conversation writes nothing', async () => {
    const log = new SupabaseChatRunLog(serviceClient(supabase));
    const { userId: owner, ...start } = await newRun();
    const intruder = await users.create();
    const runId = randomUUID();
    const synced = await log.sync([{ userId: intruder, runId, start, events: [{ seq: 1, event: { type: 'start', modelId: 'model-a' } }], finished: false }]);
    expect(synced).toEqual({ success: true, data: [] });
    expect(await log.read(intruder, runId, 0)).toEqual({ success: true, data: null });
    expect(await log.read(owner, runId, 0)).toEqual({ success: true, data: null });
  });

  it('deleting the conversation deletes its runs and their events; a later sync of the run writes nothing and does not fail', async () => {
    const service = serviceClient(supabase);
    const log = new SupabaseChatRunLog(service);
    const { userId, ...start } = await newRun();
    const runId = randomUUID();
    await log.sync([{ userId, runId, start, events: [{ seq: 1, event: { type: 'start', modelId: 'model-a' } }], finished: false }]);
    expect((await new SupabaseConversationStore(service).deleteConversation(userId, start.conversationId)).success).toBe(true);
    expect(await log.sync([{ userId, runId, events: [{ seq: 2, event: { type: 'delta', modelId: 'model-a', text: 'x' } }], finished: false }])).toEqual({ success: true, data: [] });
    expect(await log.read(userId, runId, 0)).toEqual({ success: true, data: null });
    const left = await supabase.db.asAdmin(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.chat_run_events where run_id = $1', [runId])).rows[0]?.n);
    expect(left).toBe(0);
  });

  it('users cannot reach runs through the REST API: no table, no function, signed in or not', async () => {
    const { userId, ...start } = await newRun();
    const runId = randomUUID();
    await new SupabaseChatRunLog(serviceClient(supabase)).sync([{ userId, runId, start, events: [], finished: false }]);
    const client = browserClient(supabase);
    await users.signInAs(client, userId);
    const table = await client.from('chat_runs').select('*');
    expect(table.error?.code ?? (table.data?.length === 0 ? 'empty' : 'rows')).not.toBe('rows');
    const events = await client.from('chat_run_events').select('*');
    expect(events.error?.code ?? (events.data?.length === 0 ? 'empty' : 'rows')).not.toBe('rows');
    for (const [fn, args] of [
      ['read_chat_run', { p_user_id: userId, p_run_id: runId, p_after: 0, p_limit: 10 }],
      ['request_chat_run_stop', { p_user_id: userId, p_run_id: runId }],
      ['request_chat_run_stop', { p_user_id: userId, p_run_id: runId, p_model_id: 'model-a' }],
      ['live_chat_run_of', { p_user_id: userId, p_conversation_id: start.conversationId }],
      ['sync_chat_runs', { p_runs: [], p_lease_ms: 1000 }],
      ['expire_chat_runs', { p_older_than_ms: 0 }],
    ] as const) {
      const called = await client.rpc(fn, args);
      expect(called.error?.code, fn).toBe('42501');
    }
  });

  it('bad batches are refused whole, with a validation error', async () => {
    const log = new SupabaseChatRunLog(serviceClient(supabase));
    const { userId, ...start } = await newRun();
    const refused = await log.sync([{ userId, runId: 'not-a-uuid', start, events: [], finished: false }]);
    expect(refused.success ? 'written' : refused.error.code).toBe('validation');
    const badLease = await log.sync([{ userId, runId: randomUUID(), start, events: [], finished: false }], 0);
    expect(badLease.success ? 'written' : badLease.error.code).toBe('validation');
  });
});
