// Schemas other than public, as PostgREST 12 serves them (docs.postgrest.org v12 "Schemas": db-schemas, the
// Accept-Profile header for GET and HEAD, Content-Profile for POST, PATCH and DELETE; supabase-js `schema()`),
// on a REST app configured with two exposed schemas. Runs on PGlite and on the PostgreSQL lane.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRestApp, type LocalDb } from '@ensemble/supabase-stand-in';
import { mintJwt, openTestDb, verifyTestJwt } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
let server: ReturnType<typeof serve>;
let url: string;
let serviceKey: string;

const fixture = `
create table public.fp_items (id int primary key, label text not null);
insert into public.fp_items values (1, 'in public');
grant all on public.fp_items to service_role;
create schema fp_extra;
grant usage on schema fp_extra to anon, authenticated, service_role;
create table fp_extra.fp_items (id int primary key, name text not null);
create table fp_extra.fp_tags (id int primary key, item_id int not null references fp_extra.fp_items (id), tag text not null);
create function fp_extra.fp_hello(who text) returns text language sql as $$ select 'hello ' || who $$;
grant all on all tables in schema fp_extra to service_role;
grant execute on all functions in schema fp_extra to service_role;
insert into fp_extra.fp_items values (1, 'in extra'), (2, 'second');
insert into fp_extra.fp_tags values (1, 1, 'red');
`;

beforeAll(async () => {
  db = await openTestDb();
  await db.asAdmin((tx) => tx.exec(fixture));
  const app = new Hono();
  app.route('/rest/v1', makeRestApp({ db, verifyJwt: verifyTestJwt, schemas: ['public', 'fp_extra'] }));
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  url = `http://127.0.0.1:${port}`;
  serviceKey = await mintJwt({ role: 'service_role', iss: 'supabase-local' });
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.close();
});

const client = (): SupabaseClient =>
  createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });

describe('exposed schemas (Accept-Profile / Content-Profile)', () => {
  it('the first schema is the default; schema() reads another, and the answer names it in Content-Profile', async () => {
    const main = await client().from('fp_items').select('*');
    expect(main.data).toEqual([{ id: 1, label: 'in public' }]);
    const extra = await client().schema('fp_extra').from('fp_items').select('*').order('id');
    expect(extra.data).toEqual([{ id: 1, name: 'in extra' }, { id: 2, name: 'second' }]);
    const response = await fetch(`${url}/rest/v1/fp_items?select=id`, {
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Accept-Profile': 'fp_extra' },
    });
    expect(response.headers.get('content-profile')).toBe('fp_extra');
  });

  it('writes go to the schema named by Content-Profile', async () => {
    const inserted = await client().schema('fp_extra').from('fp_items').insert({ id: 3, name: 'written' }).select();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 3, name: 'written' }]);
    const updated = await client().schema('fp_extra').from('fp_items').update({ name: 'rewritten' }).eq('id', 3).select('name');
    expect(updated.data).toEqual([{ name: 'rewritten' }]);
    await client().schema('fp_extra').from('fp_items').delete().eq('id', 3);
    const rows = await db.asAdmin((tx) => tx.query<{ n: number }>('select count(*)::int as n from fp_extra.fp_items'));
    expect(rows.rows[0]?.n).toBe(2);
    expect((await client().from('fp_items').select('id')).data).toEqual([{ id: 1 }]);
  });

  it('embeds follow the schema\'s own relationships, and functions are called in it', async () => {
    const { data } = await client().schema('fp_extra').from('fp_items').select('name, fp_tags(tag)').eq('id', 1);
    expect(data).toEqual([{ name: 'in extra', fp_tags: [{ tag: 'red' }] }]);
    const hello = await client().schema('fp_extra').rpc('fp_hello', { who: 'there' });
    expect(hello.data).toBe('hello there');
    const missing = await client().rpc('fp_hello', { who: 'there' });
    expect(missing.error?.code).toBe('PGRST202');
  });

  it('a table of another schema is not found in this one; a schema not exposed is 406 PGRST106', async () => {
    const absent = await client().schema('fp_extra').from('fp_absent').select('*');
    expect(absent.status).toBe(404);
    expect(absent.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'fp_extra.fp_absent' in the schema cache" });
    const hidden = await client().schema('auth').from('users').select('*');
    expect(hidden.status).toBe(406);
    expect(hidden.error).toMatchObject({ code: 'PGRST106', hint: 'Only the following schemas are exposed: public, fp_extra' });
  });
});
