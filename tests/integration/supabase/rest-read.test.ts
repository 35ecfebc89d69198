import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { anonClient, createTestUser, openTestDb, startRestServer, type RestServer } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
let server: RestServer;

beforeAll(async () => {
  db = await openTestDb();
  server = await startRestServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const anon = () => anonClient(server);

describe('stand-in REST: select, filters and ordering as postgrest-js sends them', () => {
  it('selects the named columns, with aliases and casts', async () => {
    const { data } = await anon().from('models').select('id, name:label, price:input_credits_per_1k::text').eq('id', 'gpt-4o');
    expect(data).toEqual([{ id: 'gpt-4o', name: 'GPT-4o', price: '10.000' }]);
  });

  it('applies eq, neq, gt, gte, lt, lte, in, is, like and ilike', async () => {
    const base = () => anon().from('models').select('id');
    const ids = async (build: (query: ReturnType<typeof base>) => PromiseLike<{ data: { id: string }[] | null }>) =>
      ((await build(base())).data ?? []).map((row) => row.id).sort();
    expect(await ids((q) => q.eq('provider', 'google'))).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    expect(await ids((q) => q.neq('plan', 'paid').neq('provider', 'offline'))).toEqual(['claude-haiku-4-5', 'gemini-2.5-flash', 'gpt-4o-mini']);
    expect(await ids((q) => q.gt('input_credits_per_1k', 8).lte('input_credits_per_1k', 12))).toEqual(['claude-sonnet-4-5', 'gpt-4o']);
    expect(await ids((q) => q.gte('sort_order', 60).lt('sort_order', 70))).toEqual(['gemini-2.5-flash']);
    expect(await ids((q) => q.in('id', ['offline', 'gpt-4o', 'nope']))).toEqual(['gpt-4o', 'offline']);
    expect(await ids((q) => q.like('id', 'claude-*'))).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
    expect(await ids((q) => q.ilike('label', '%FLASH%'))).toEqual(['gemini-2.5-flash']);
    expect(await ids((q) => q.is('enabled', false))).toEqual([]);
  });

  it('combines or, nested and, and not', async () => {
    const { data } = await anon().from('models').select('id').or('id.eq.offline,and(provider.eq.openai,plan.eq.free)').order('id');
    expect(data).toEqual([{ id: 'gpt-4o-mini' }, { id: 'offline' }]);
    const negated = await anon().from('models').select('id').not('provider', 'in', '(openai,google,anthropic)').order('id');
    expect(negated.data).toEqual(['offline', 'offline-brief', 'offline-code', 'offline-critic', 'offline-steps', 'offline-thorough'].map((id) => ({ id })));
  });

  it('matches values containing commas and parentheses when quoted in an in-list', async () => {
    const { data, error } = await anon().from('prompts').select('id').in('title', ['Quiz me', 'a,b (c)']);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'quiz-me' }]);
  });

  it('orders, limits and pages with range()', async () => {
    const page = await anon().from('models').select('id').order('sort_order', { ascending: false }).range(1, 2);
    expect(page.data).toEqual([{ id: 'gemini-2.5-flash' }, { id: 'claude-sonnet-4-5' }]);
    const limited = await anon().from('models').select('id').order('id').limit(1);
    expect(limited.data).toEqual([{ id: 'claude-haiku-4-5' }]);
  });

  it('answers count=exact with the total in Content-Range, also for head requests', async () => {
    const counted = await anon().from('prompts').select('id', { count: 'exact' }).eq('category', 'Coding').limit(2);
    expect(counted.data).toHaveLength(2);
    expect(counted.count).toBe(7);
    const head = await anon().from('prompts').select('*', { count: 'exact', head: true });
    expect(head.data).toBeNull();
    expect(head.count).toBeGreaterThanOrEqual(60);
  });

  it('single() gives the object, or 406 PGRST116 for zero or several rows; maybeSingle() gives null for none', async () => {
    const one = await anon().from('models').select('id, plan').eq('id', 'offline').single();
    expect(one.data).toEqual({ id: 'offline', plan: 'free' });
    const none = await anon().from('models').select('id').eq('id', 'missing').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await anon().from('models').select('id').single();
    expect(many.error?.code).toBe('PGRST116');
    expect((await anon().from('models').select('id').eq('id', 'missing').maybeSingle()).data).toBeNull();
  });

  it('embeds related rows through foreign keys', async () => {
    const user = await createTestUser(db, server);
    await user.client.from('prompt_favorites').insert([{ prompt_id: 'quiz-me' }, { prompt_id: 'flashcards' }]);
    const { data } = await user.client.from('prompt_favorites').select('prompt_id, prompts(title, category)').order('prompt_id');
    expect(data).toEqual([
      { prompt_id: 'flashcards', prompts: { title: 'Make flashcards', category: 'Learning' } },
      { prompt_id: 'quiz-me', prompts: { title: 'Quiz me', category: 'Learning' } },
    ]);
    const inner = await user.client.from('prompts').select('id, prompt_favorites!inner(created_at)').eq('category', 'Learning');
    expect(inner.data?.map((row) => row.id).sort()).toEqual(['flashcards', 'quiz-me']);
  });
});

describe('schema: the prompt library is searchable by full text', () => {
  it('textSearch on the generated tsvector finds prompts by stemmed words', async () => {
    const { data, error } = await anon().from('prompts').select('id').textSearch('search', 'interviews', { type: 'plain', config: 'english' });
    expect(error).toBeNull();
    expect(data?.map((row) => row.id).sort()).toEqual(['customer-interview-guide', 'interview-synthesis', 'mock-interview']);
    const web = await anon().from('prompts').select('id').textSearch('search', '"salary negotiation"', { type: 'websearch', config: 'english' });
    expect(web.data).toEqual([{ id: 'negotiate-an-offer' }]);
  });

  it('search_prompts matches word prefixes, filters by category and counts the total', async () => {
    const { data } = await anon().rpc('search_prompts', { p_query: 'negot', p_category: null, p_limit: 5 });
    expect(data).toMatchObject({ total: 1, items: [{ id: 'negotiate-an-offer', favorite: false }] });
    const category = await anon().rpc('search_prompts', { p_category: 'Data', p_limit: 2 });
    expect(category.data.total).toBe(6);
    expect(category.data.items).toHaveLength(2);
    const hostile = await anon().rpc('search_prompts', { p_query: "') | !!:* & (" });
    expect(hostile.error).toBeNull();
  });

  it('the seeded library has at least 60 prompts across at least 8 categories', async () => {
    const { data } = await anon().from('prompt_categories').select('category, prompt_count');
    expect(data!.length).toBeGreaterThanOrEqual(8);
    expect(data!.reduce((sum, row) => sum + row.prompt_count, 0)).toBeGreaterThanOrEqual(60);
  });
});
