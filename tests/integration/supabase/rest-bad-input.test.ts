import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { anonClient, createTestUser, mintJwt, openTestDb, startRestServer, type RestServer, type TestUser } from '../../support/supabase-rest-harness.js';

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

/** A raw request as a user, for what supabase-js never sends. */
async function raw(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', server.anonKey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${user.token}`);
  const response = await fetch(`${server.url}/rest/v1/${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const expectPostgrestError = (body: Record<string, unknown> | null, code: string) => {
  expect(body).toMatchObject({ code });
  expect(Object.keys(body ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
};

describe('stand-in REST: bad input gets PostgREST-style errors, never a 500 or an injection', () => {
  it.each([
    ['models?id=eq', 'PGRST100'],
    ['models?id=equals.x', 'PGRST100'],
    ['models?or=(id.eq.1', 'PGRST100'],
    ['models?or=(id.eq.1,)', 'PGRST100'],
    ['models?select=id,(', 'PGRST100'],
    ['models?select=id;drop table profiles', 'PGRST100'],
    ['models?order=id.sideways', 'PGRST100'],
    ['models?limit=ten', 'PGRST100'],
    ['models?offset=-1', 'PGRST100'],
    ['models?id=in.1,2', 'PGRST100'],
    ['models?label->=eq.1', 'PGRST100'],
    ['models?is_it=is.maybe', 'PGRST100'],
    ['models?select=id::text);drop', 'PGRST100'],
    ['models?select=id::regclass', 'PGRST100'],
  ])('malformed query %s → 400 %s', async (path, code) => {
    const { status, body } = await raw(path);
    expect(status).toBe(400);
    expectPostgrestError(body, code);
  });

  it('unknown columns and tables are named in the error', async () => {
    const column = await raw('models?select=id,secret');
    expect(column.status).toBe(400);
    expectPostgrestError(column.body, '42703');
    expect(column.body?.message).toBe('column models.secret does not exist');
    const filter = await anonClient(server).from('models').select('id').eq('password', 'x');
    expect(filter.error?.code).toBe('42703');
    const table = await raw('pg_authid?select=*');
    expect(table.status).toBe(404);
    expectPostgrestError(table.body, 'PGRST205');
    const payload = await user.client.from('conversations').insert({ title: 't', owner: 'x' });
    expect(payload.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'owner' column of 'conversations' in the schema cache" });
  });

  it('SQL-looking values are data, never SQL', async () => {
    for (const value of ["'; drop table public.profiles; --", "x' or '1'='1", '1) or (1=1', '"id" is not null']) {
      const { data, error } = await anonClient(server).from('models').select('id').eq('label', value);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const quotedColumn = await raw(`models?${encodeURIComponent('id" or 1=1 --')}=eq.x`);
    expect(quotedColumn.status).toBe(400);
    const inserted = await user.client.from('conversations').insert({ title: "'); delete from auth.users; --" }).select('title').single();
    expect(inserted.data?.title).toBe("'); delete from auth.users; --");
    const users = await db.asAdmin((tx) => tx.query<{ n: number }>('select count(*)::int as n from auth.users'));
    expect(users.rows[0]?.n).toBeGreaterThan(0);
    expect((await user.client.from('profiles').select('id').single()).data?.id).toBe(user.id);
  });

  it('values of the wrong type are 400 with the Postgres code', async () => {
    const { status, body } = await raw('conversations?id=eq.not-a-uuid');
    expect(status).toBe(400);
    expectPostgrestError(body, '22P02');
    const constraint = await user.client.from('conversations').insert({ title: 'x'.repeat(500) });
    expect(constraint.status).toBe(400);
    expect(constraint.error?.code).toBe('23514');
  });

  it('invalid, wrong-shaped and huge bodies are refused', async () => {
    const json = { 'Content-Type': 'application/json' };
    const invalid = await raw('conversations', { method: 'POST', headers: json, body: '{"title": ' });
    expect(invalid.status).toBe(400);
    expectPostgrestError(invalid.body, 'PGRST102');
    const empty = await raw('conversations', { method: 'POST', headers: json, body: '' });
    expectPostgrestError(empty.body, 'PGRST102');
    const scalar = await raw('conversations', { method: 'POST', headers: json, body: '42' });
    expectPostgrestError(scalar.body, 'PGRST102');
    const patchArray = await raw('conversations?id=eq.00000000-0000-0000-0000-000000000000', { method: 'PATCH', headers: json, body: '[]' });
    expectPostgrestError(patchArray.body, 'PGRST102');
    const huge = await raw('conversations', { method: 'POST', headers: json, body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expectPostgrestError(huge.body, 'PT413');
    const deep = await raw('conversations', { method: 'POST', headers: json, body: `{"title": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    expect(deep.status).toBe(400);
    expectPostgrestError(deep.body, 'PGRST102');
    const nested = await raw(`models?or=(${'and('.repeat(40)}id.eq.1${')'.repeat(40)})`);
    expect(nested.status).toBe(400);
    expectPostgrestError(nested.body, 'PGRST100');
    const many = await user.client.from('models').select('id').in('id', Array.from({ length: 2000 }, (_, i) => `m${i}`));
    expect(many.status).toBeLessThan(500);
  });

  it('unknown functions, wrong argument names, bad ranges and other schemas', async () => {
    const missing = await user.client.rpc('drop_everything', {});
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    const wrongArgs = await user.client.rpc('search_prompts', { query: 'x' });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const range = await raw('models?select=id', { headers: { Range: 'lots' } });
    expect(range.status).toBe(416);
    const schema = await raw('users?select=*', { headers: { 'Accept-Profile': 'auth' } });
    expect(schema.status).toBe(406);
    expectPostgrestError(schema.body, 'PGRST106');
  });

  it('an expired token gets 401 PGRST303', async () => {
    const expired = await mintJwt({ sub: user.id, role: 'authenticated' }, -60);
    const { status, body } = await raw('profiles?select=id', { headers: { Authorization: `Bearer ${expired}` } });
    expect(status).toBe(401);
    expectPostgrestError(body, 'PGRST303');
  });

  it('no input from a hostile list produces a 500', async () => {
    const paths = [
      'models?select=*,models(*)', 'models?select=a:b:c', 'models?or=and(', 'models?not.or=(id.eq.1)', 'models?and=(id.not.eq.1,id.fts.x)',
      'models?id=fts(nope).x', 'models?id=cs.{a', 'models?id=like(any).{a*,b*}', 'models?select=id&order=', 'models?id=eq.%00',
      'models?select=id::regclass', 'rpc/log_usage?user_id_input=x', 'models?id=sl.[1,2]', 'models?id=in.("a","b)',
      'prompts?search=wfts.%27%20%7C%20%21', 'prompts?search=fts.%27%20%7C%20%21', 'models/extra/segments', '',
    ];
    for (const path of paths) {
      const { status, body } = await raw(path);
      expect(status, path).toBeLessThan(500);
      if (status >= 400) expect(Object.keys(body ?? {}).sort(), path).toEqual(['code', 'details', 'hint', 'message']);
    }
  });
});
