import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { createTestUser, openTestDb, serviceClient, startRestServer, type RestServer, type TestUser } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
let server: RestServer;
let user: TestUser;

beforeAll(async () => {
  db = await openTestDb();
  server = await startRestServer(db);
  user = await createTestUser(db, server);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('stand-in REST: insert, upsert, update, delete with Prefer return and resolution', () => {
  it('insert without select() answers 201 with no body; with select().single() the row', async () => {
    const minimal = await user.client.from('conversations').insert({ title: 'first' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const created = await user.client.from('conversations').insert({ title: 'second' }).select('id, title, user_id').single();
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ title: 'second', user_id: user.id });
  });

  it('bulk insert fills missing keys with null, and returns every row', async () => {
    const conversation = (await user.client.from('conversations').insert({ title: 'bulk' }).select('id').single()).data!;
    const { data, error } = await user.client
      .from('messages')
      .insert([
        { conversation_id: conversation.id, role: 'user', content: 'q', model_id: 'gpt-4o' },
        { conversation_id: conversation.id, role: 'assistant', content: 'a', input_tokens: 3, output_tokens: 5 },
      ])
      .select('role, model_id, input_tokens');
    expect(error).toBeNull();
    expect(data).toEqual([
      { role: 'user', model_id: 'gpt-4o', input_tokens: null },
      { role: 'assistant', model_id: null, input_tokens: 3 },
    ]);
  });

  it('defaultToNull: false (Prefer: missing=default) gives absent keys their column default', async () => {
    const { data, error } = await user.client
      .from('conversations')
      .insert([{ title: 'has a title' }, {}], { defaultToNull: false })
      .select('title, user_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'has a title', user_id: user.id }, { title: '', user_id: user.id }]);
    const nullFilled = await user.client.from('conversations').insert([{ title: 'x', user_id: user.id }, { user_id: user.id }]);
    expect(nullFilled.error?.code).toBe('23502');
  });

  it('upsert merges on on_conflict (201 when it inserted, 200 when it only updated), or ignores duplicates', async () => {
    const step = (current_step: number, role: string) => ({ user_id: user.id, role, current_step, work_outputs: ['docs'] });
    const created = await user.client.from('user_profiling').upsert(step(1, 'designer'));
    expect(created).toMatchObject({ error: null, status: 201 });
    const merged = await user.client.from('user_profiling').upsert(step(2, 'manager'), { onConflict: 'user_id' }).select('role, current_step, work_outputs').single();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual({ role: 'manager', current_step: 2, work_outputs: ['docs'] });
    const whole = await user.client.from('user_profiling').upsert(step(2, 'manager')).select();
    expect(Object.keys(whole.data?.[0] ?? {})).not.toContain('pgrst_inserted');
    const ignored = await user.client.from('user_profiling').upsert(step(3, 'other'), { ignoreDuplicates: true }).select('role');
    expect(ignored.data).toEqual([]);
    expect((await user.client.from('user_profiling').select('current_step').single()).data).toEqual({ current_step: 2 });
  });

  it('update answers 204 without select() and 200 with the changed rows; count=exact counts them', async () => {
    await user.client.from('conversations').insert([{ title: 'rename me' }, { title: 'rename me' }]);
    const quiet = await user.client.from('conversations').update({ title: 'renamed' }).eq('title', 'rename me');
    expect(quiet.status).toBe(204);
    const loud = await user.client.from('conversations').update({ title: 'renamed again' }, { count: 'exact' }).eq('title', 'renamed').select('title');
    expect(loud.status).toBe(200);
    expect(loud.count).toBe(2);
    expect(loud.data).toEqual([{ title: 'renamed again' }, { title: 'renamed again' }]);
  });

  it('single() on a write that touches several rows is refused with 406 and rolls back', async () => {
    const refused = await user.client.from('conversations').update({ title: 'x' }).eq('title', 'renamed again').select().single();
    expect(refused.status).toBe(406);
    expect(refused.error?.code).toBe('PGRST116');
    const unchanged = await user.client.from('conversations').select('id', { count: 'exact', head: true }).eq('title', 'renamed again');
    expect(unchanged.count).toBe(2);
  });

  it('delete removes the filtered rows and can return them', async () => {
    const removed = await user.client.from('conversations').delete().eq('title', 'renamed again').select('title');
    expect(removed.data).toHaveLength(2);
    expect((await user.client.from('conversations').select('id').eq('title', 'renamed again')).data).toEqual([]);
  });

  it('rpc passes named arguments, including arrays, and returns an object for a single composite', async () => {
    const saved = await user.client.rpc('upsert_user_profiling', {
      p_user_id: user.id, p_role: 'founder', p_role_other: null, p_company_size: '1-10', p_work_outputs: ['code', 'a "quoted", {braced} value'],
      p_work_output_other: null, p_ensemble_use: 'work', p_ensemble_use_other: null, p_completed: true, p_current_step: 4,
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ role: 'founder', work_outputs: ['code', 'a "quoted", {braced} value'], completed: true, current_step: 4 });
  });

  it('rpc with get: true passes arguments in the query string and runs read-only', async () => {
    const search = await user.client.rpc('search_prompts', { p_query: 'flashcards' }, { get: true });
    expect(search.data.items[0].id).toBe('flashcards');
    const write = await serviceClient(server).rpc(
      'log_usage', { user_id_input: user.id, model_input: 'offline', input_tokens_input: 1, output_tokens_input: 1 }, { get: true },
    );
    expect(write.status).toBe(405);
    expect(write.error?.code).toBe('25006');
  });

  it('truncate_conversation_from removes a message and every later one', async () => {
    const conversation = (await user.client.from('conversations').insert({ title: 'regen' }).select('id').single()).data!;
    const rows = (await user.client.from('messages').insert(
      ['one', 'two', 'three'].map((content) => ({ conversation_id: conversation.id, role: 'user', content })),
    ).select('id')).data!;
    // A user may truncate only their own conversation: naming another user is refused, nothing goes.
    const foreign = await user.client.rpc('truncate_conversation_from', { p_conversation_id: conversation.id, p_message_id: rows[1]!.id, p_user_id: '00000000-0000-4000-8000-00000000beef' });
    expect(foreign.error?.code).toBe('P0002');
    const removed = await user.client.rpc('truncate_conversation_from', { p_conversation_id: conversation.id, p_message_id: rows[1]!.id, p_user_id: user.id });
    expect(removed.data).toBe(2);
    const left = await user.client.from('messages').select('content').eq('conversation_id', conversation.id);
    expect(left.data).toEqual([{ content: 'one' }]);
  });
});
