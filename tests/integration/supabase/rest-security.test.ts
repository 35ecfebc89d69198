import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import {
  anonClient, createTestUser, openTestDb, serviceClient, startRestServer, type RestServer, type TestUser,
} from '../../support/supabase-rest-harness.js';

let db: LocalDb;
let server: RestServer;
let alice: TestUser;
let bob: TestUser;

const profiling = (userId: string, step = 1) => ({
  p_user_id: userId, p_role: 'engineer', p_role_other: null, p_company_size: '11-50', p_work_outputs: ['code'],
  p_work_output_other: null, p_ensemble_use: 'work', p_ensemble_use_other: null, p_completed: false, p_current_step: step,
});

beforeAll(async () => {
  db = await openTestDb();
  server = await startRestServer(db);
  alice = await createTestUser(db, server, 'alice@example.test');
  bob = await createTestUser(db, server, 'bob@example.test');
  await alice.client.rpc('upsert_user_profiling', profiling(alice.id));
  const conversation = await alice.client.from('conversations').insert({ title: 'Alice private' }).select('id').single();
  await alice.client.from('messages').insert({ conversation_id: conversation.data!.id, role: 'user', content: 'secret' });
  await alice.client.from('prompt_favorites').insert({ prompt_id: 'quiz-me' });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('schema: row-level security through supabase-js as real users', () => {
  it("user B cannot read A's profile, profiling, conversations, messages, favourites or ledger", async () => {
    for (const [table, key] of [
      ['profiles', 'id'], ['user_profiling', 'user_id'], ['conversations', 'user_id'], ['messages', 'user_id'],
      ['prompt_favorites', 'user_id'], ['credit_ledger', 'user_id'], ['usage_events', 'user_id'],
    ] as const) {
      const { data, error } = await bob.client.from(table).select('*').eq(key, alice.id);
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
    const own = await alice.client.from('messages').select('content');
    expect(own.data).toEqual([{ content: 'secret' }]);
  });

  it("user B cannot change or delete A's rows: the filter matches nothing B may see", async () => {
    const update = await bob.client.from('conversations').update({ title: 'hacked' }).eq('user_id', alice.id).select();
    expect(update.data).toEqual([]);
    const removal = await bob.client.from('prompt_favorites').delete().eq('user_id', alice.id).select();
    expect(removal.data).toEqual([]);
    const consent = await bob.client.from('profiles').update({ marketing_consent: true }).eq('id', alice.id).select();
    expect(consent.data).toEqual([]);
    const still = await alice.client.from('conversations').select('title');
    expect(still.data).toEqual([{ title: 'Alice private' }]);
    expect((await alice.client.from('prompt_favorites').select('prompt_id')).data).toEqual([{ prompt_id: 'quiz-me' }]);
  });

  it("user B cannot insert rows owned by A, nor a message into A's conversation", async () => {
    const favourite = await bob.client.from('prompt_favorites').insert({ user_id: alice.id, prompt_id: 'flashcards' });
    expect(favourite.error?.code).toBe('42501');
    expect(favourite.status).toBe(403);
    const aliceConversation = (await serviceClient(server).from('conversations').select('id').eq('user_id', alice.id).single()).data!;
    const message = await bob.client.from('messages').insert({ conversation_id: aliceConversation.id, role: 'user', content: 'x' });
    expect(message.error?.code).toBe('42501');
  });

  it('a user may update marketing_consent on their own profile and nothing else there', async () => {
    const consent = await alice.client.from('profiles').update({ marketing_consent: true }).eq('id', alice.id).select('marketing_consent').single();
    expect(consent.data).toEqual({ marketing_consent: true });
    for (const change of [{ credits: 1_000_000 }, { subscription_status: 'active' }, { feature_flag: true }, { billing_customer_id: 'cus_x' }]) {
      const attempt = await alice.client.from('profiles').update(change).eq('id', alice.id);
      expect(attempt.error?.code, JSON.stringify(change)).toBe('42501');
      expect(attempt.status).toBe(403);
    }
    const upsert = await alice.client.from('profiles').upsert({ id: alice.id, credits: 999 });
    expect(upsert.error?.code).toBe('42501');
    const profile = await alice.client.from('profiles').select('credits, subscription_status, feature_flag').eq('id', alice.id).single();
    expect(profile.data).toEqual({ credits: 100, subscription_status: null, feature_flag: false });
  });

  it('a user cannot grant themselves credits or call the service-only functions', async () => {
    for (const [fn, args] of [
      ['grant_credits', { user_id_input: alice.id, amount_input: 500, kind_input: 'manual_grant', reason_input: 'me', reference_input: null }],
      ['support_recent_activity', { user_id_input: bob.id }],
      ['support_find_user', { email_input: 'bob@example.test' }],
      ['support_search_users', { query_input: 'bob' }],
    ] as const) {
      const { error, status } = await alice.client.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
      expect(status).toBe(403);
    }
  });

  it('anon and authenticated cannot call log_usage; the service role can', async () => {
    const args = { user_id_input: alice.id, model_input: 'gpt-4o-mini', input_tokens_input: 10, output_tokens_input: 10 };
    const asAnon = await anonClient(server).rpc('log_usage', args);
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    const asUser = await alice.client.rpc('log_usage', args);
    expect(asUser.status).toBe(403);
    expect(asUser.error?.code).toBe('42501');
    const asService = await serviceClient(server).rpc('log_usage', { ...args, user_id_input: bob.id });
    expect(asService.data).toMatchObject({ charged: 1, balance: 99 });
  });

  it("upsert_user_profiling cannot write another user's row", async () => {
    const attempt = await bob.client.rpc('upsert_user_profiling', { ...profiling(alice.id, 5), p_role: 'attacker' });
    expect(attempt.error?.code).toBe('42501');
    expect(attempt.error?.message).toContain("caller's own row");
    const direct = await bob.client.from('user_profiling').upsert({ user_id: alice.id, role: 'attacker' });
    expect(direct.error?.code).toBe('42501');
    const anon = await anonClient(server).rpc('upsert_user_profiling', profiling(alice.id, 5));
    expect(anon.status).toBe(401);
    const row = await alice.client.from('user_profiling').select('role, current_step').eq('user_id', alice.id).single();
    expect(row.data).toEqual({ role: 'engineer', current_step: 1 });
  });

  it('the service role may write any user\'s profiling through upsert_user_profiling', async () => {
    const saved = await serviceClient(server).rpc('upsert_user_profiling', profiling(bob.id, 3));
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ user_id: bob.id, current_step: 3 });
  });

  it('anon reaches nothing private but may read the model catalogue and the prompt library', async () => {
    const anon = anonClient(server);
    for (const table of ['profiles', 'user_profiling', 'conversations', 'messages', 'credit_ledger', 'usage_events']) {
      const { error, status } = await anon.from(table).select('*');
      expect(error?.code, table).toBe('42501');
      expect(status).toBe(401);
    }
    expect((await anon.from('prompt_favorites').select('*')).data).toEqual([]);
    expect((await anon.from('models').select('id')).data?.length).toBeGreaterThanOrEqual(4);
    expect((await anon.from('prompts').select('id', { count: 'exact', head: true })).count).toBeGreaterThanOrEqual(60);
  });

  it('a forged or expired token is refused with 401, not treated as anon', async () => {
    const forged = await anonClient(server).from('models').select('id').setHeader('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl');
    expect(forged.status).toBe(401);
    expect(forged.error?.code).toBe('PGRST301');
  });
});
