// The stand-in's REST reads build their SQL once per query shape (the query string with plain filter values
// lifted out) and bind each request's values as parameters; to-one embeds are lateral joins, as PostgREST 12
// builds them. These cases hold the cache to what an uncached PostgREST answers: every value gets its own rows,
// errors name what the client sent, and a schema reload (DDL, NOTIFY pgrst) is seen by a shape served before it.
// Runs on PGlite and on the PostgreSQL lane (where the reload notice arrives on a connection of its own: polling).
import { describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { serviceClient, type RestServer } from '../../support/supabase-rest-harness.js';
import { restServerPerFile } from './rest-file-server.js';

let db: LocalDb;
let server: RestServer;

const fixture = `
set local role postgres;
create table qs_countries (id int primary key, name text not null);
create table qs_regions (id int primary key, name text not null, country_id int references qs_countries (id));
create table qs_customers (id int primary key, name text not null, region_id int references qs_regions (id));
create table qs_orders (id int primary key, total int not null, note text, customer_id int references qs_customers (id));
create table qs_lines (id int primary key, order_id int not null references qs_orders (id), sku text not null);
insert into qs_countries values (1, 'France'), (2, 'Japan');
insert into qs_regions values (1, 'Brittany', 1), (2, 'Kanto', 2), (3, 'Nowhere', null);
insert into qs_customers values (1, 'ada', 1), (2, 'bob', 2), (3, 'cy', 3), (4, 'dee', null);
insert into qs_orders values (1, 10, 'first', 1), (2, 20, null, 2), (3, 30, 'it''s', 3), (4, 40, null, 4), (5, 50, null, null);
insert into qs_lines values (1, 1, 'pen'), (2, 1, 'ink'), (3, 2, 'cup');
create function qs_all_orders() returns setof qs_orders language sql stable as 'select * from qs_orders';
`;

restServerPerFile(fixture, (opened) => ({ db, server } = opened));

const service = () => serviceClient(server);
const admin = (sql: string) => db.asAdmin((tx) => tx.exec(`set local role postgres;\n${sql}`));
const poll = { timeout: 5_000, interval: 50 };
const rest = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/rest/v1/${path}`, { headers: { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}`, ...headers } });

describe('query shapes', () => {
  it('one shape serves every value: each request gets the rows of its own values', async () => {
    for (const [id, total] of [[1, 10], [2, 20], [1, 10], [4, 40]] as const) {
      const { data, error } = await service().from('qs_orders').select('id, total').eq('id', id).single();
      expect(error).toBeNull();
      expect(data).toEqual({ id, total });
    }
    for (const [min, ids] of [[25, [3, 4, 5]], [45, [5]], [100, []]] as const) {
      const { data } = await service().from('qs_orders').select('id').gt('total', min).neq('id', 4).order('id');
      expect(data).toEqual(ids.filter((id) => id !== 4).map((id) => ({ id })));
    }
    // Inside an embed too: the same shape with another value filters the embedded rows by that value.
    for (const sku of ['pen', 'cup', 'none']) {
      const { data } = await service().from('qs_orders').select('id, qs_lines(sku)').eq('qs_lines.sku', sku).in('id', [1, 2]).order('id');
      expect(data).toEqual([
        { id: 1, qs_lines: ['pen', 'ink'].includes(sku) ? [{ sku }] : [] },
        { id: 2, qs_lines: sku === 'cup' ? [{ sku }] : [] },
      ]);
    }
  });

  it('a value is bound, never written into the SQL: quotes and SQL in a value only ever match that text', async () => {
    expect((await service().from('qs_orders').select('id').eq('note', "it's")).data).toEqual([{ id: 3 }]);
    expect((await service().from('qs_orders').select('id').eq('note', "x' or '1'='1")).data).toEqual([]);
    expect((await service().from('qs_orders').select('id').eq('note', 'first')).data).toEqual([{ id: 1 }]);
  });

  it('an error names the value the client sent, whether or not its shape was served before', async () => {
    for (let round = 0; round < 2; round++) {
      const bad = await rest('qs_orders?select=id&note->>=eq.some-value');
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { code: string; message: string };
      expect(body.code).toBe('PGRST100');
      expect(body.message).toContain('eq.some-value');
      expect(body.message).not.toContain('shape');
    }
    // The database's own error for a value of the wrong type, on a shape that served a good value just before.
    expect((await rest('qs_orders?select=id&id=eq.3')).status).toBe(200);
    const wrongType = await rest('qs_orders?select=id&id=eq.three');
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { code: string; message: string })).toMatchObject({ code: '22P02', message: expect.stringContaining('"three"') });
  });

  it('a cached query shape sees a column added after it was first served, and a dropped one is refused', async () => {
    await admin("create table qs_notes (id int primary key, body text); insert into qs_notes values (1, 'hello'), (2, 'again');");
    await expect.poll(async () => (await service().from('qs_notes').select('*').eq('id', 1)).data, poll).toEqual([{ id: 1, body: 'hello' }]);
    expect((await service().from('qs_notes').select('*').eq('id', 2)).data).toEqual([{ id: 2, body: 'again' }]);
    await admin('alter table qs_notes add column stars int not null default 3;');
    // `*` was spelled out when the shape was built: only a rebuilt shape answers the new column.
    await expect.poll(async () => (await service().from('qs_notes').select('*').eq('id', 1)).data, poll)
      .toEqual([{ id: 1, body: 'hello', stars: 3 }]);
    expect((await service().from('qs_notes').select('id, stars').eq('id', 2)).data).toEqual([{ id: 2, stars: 3 }]);
    await admin('alter table qs_notes drop column body;');
    await expect.poll(async () => (await service().from('qs_notes').select('*').eq('id', 1)).data, poll).toEqual([{ id: 1, stars: 3 }]);
    const gone = await service().from('qs_notes').select('id, body').eq('id', 1);
    expect(gone.error?.code).toBe('42703');
  });

  it('with the DDL triggers off, a served shape keeps its columns until NOTIFY pgrst, then sees the new one', async () => {
    await admin("create table qs_quiet (id int primary key); insert into qs_quiet values (1);");
    await expect.poll(async () => (await service().from('qs_quiet').select('*').eq('id', 1)).data, poll).toEqual([{ id: 1 }]);
    await db.asAdmin((tx) => tx.exec('alter event trigger pgrst_ddl_watch disable'));
    try {
      await admin('alter table qs_quiet add column label text not null default \'new\';');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await service().from('qs_quiet').select('*').eq('id', 1)).data).toEqual([{ id: 1 }]);
      await db.asAdmin((tx) => tx.exec("notify pgrst, 'reload schema'"));
      await expect.poll(async () => (await service().from('qs_quiet').select('*').eq('id', 1)).data, poll).toEqual([{ id: 1, label: 'new' }]);
    } finally {
      await db.asAdmin((tx) => tx.exec('alter event trigger pgrst_ddl_watch enable'));
    }
  });
});

describe('to-one embeds as lateral joins', () => {
  it('three levels deep answer objects, null at the level where the chain ends', async () => {
    const { data, error } = await service().from('qs_orders').select('id, qs_customers(name, qs_regions(name, qs_countries(name)))').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, qs_customers: { name: 'ada', qs_regions: { name: 'Brittany', qs_countries: { name: 'France' } } } },
      { id: 2, qs_customers: { name: 'bob', qs_regions: { name: 'Kanto', qs_countries: { name: 'Japan' } } } },
      { id: 3, qs_customers: { name: 'cy', qs_regions: { name: 'Nowhere', qs_countries: null } } },
      { id: 4, qs_customers: { name: 'dee', qs_regions: null } },
      { id: 5, qs_customers: null },
    ]);
  });

  it('beside a to-many embed, with a filter inside the to-one embed, a count and a page', async () => {
    const { data, count, error } = await service().from('qs_orders')
      .select('id, qs_customers(name), qs_lines(sku)', { count: 'exact' })
      .eq('qs_customers.name', 'ada').order('id').range(0, 2);
    expect(error).toBeNull();
    expect(count).toBe(5);
    expect(data).toEqual([
      { id: 1, qs_customers: { name: 'ada' }, qs_lines: [{ sku: 'pen' }, { sku: 'ink' }] },
      { id: 2, qs_customers: null, qs_lines: [{ sku: 'cup' }] },
      { id: 3, qs_customers: null, qs_lines: [] },
    ]);
    const inner = await service().from('qs_orders').select('id, qs_customers!inner(name)', { count: 'exact' }).eq('qs_customers.name', 'bob');
    expect(inner.data).toEqual([{ id: 2, qs_customers: { name: 'bob' } }]);
    expect(inner.count).toBe(1);
  });

  it('an exact count beside a filter inside a one-to-many embed, with and without !inner, counts the parent rows', async () => {
    for (const sku of ['pen', 'cup']) {
      // Without !inner the filter only narrows the embedded rows: every order is counted.
      const left = await service().from('qs_orders').select('id, qs_lines(sku)', { count: 'exact' }).eq('qs_lines.sku', sku).order('id').range(0, 1);
      expect(left.error).toBeNull();
      expect(left.count).toBe(5);
      expect(left.data).toEqual([
        { id: 1, qs_lines: sku === 'pen' ? [{ sku }] : [] },
        { id: 2, qs_lines: sku === 'cup' ? [{ sku }] : [] },
      ]);
      // With !inner it also chooses the orders, and the count follows.
      const inner = await service().from('qs_orders').select('*, qs_lines!inner(*)', { count: 'exact' }).eq('qs_lines.sku', sku);
      expect(inner.error).toBeNull();
      expect(inner.count).toBe(1);
      expect(inner.data?.map((row) => row.id)).toEqual([sku === 'pen' ? 1 : 2]);
    }
    // Beside a top-level filter whose value comes after the embed's, and with HEAD (count only).
    const both = await service().from('qs_orders').select('id, qs_lines(sku)', { count: 'exact', head: true }).eq('qs_lines.sku', 'ink').gt('total', 15);
    expect(both.error).toBeNull();
    expect(both.count).toBe(4);
    // An empty embed without !inner answers nothing and chooses nothing: its filter binds nowhere.
    const empty = await service().from('qs_orders').select('id, qs_lines()', { count: 'exact' }).eq('qs_lines.sku', 'pen').lt('id', 3).order('id');
    expect(empty.error).toBeNull();
    expect(empty.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(empty.count).toBe(2);
    // The rows of a function, embedded along their table's relationships, count the same way.
    const viaRpc = await service().rpc('qs_all_orders', {}, { count: 'exact' }).select('id, qs_lines(sku)').eq('qs_lines.sku', 'cup').lt('id', 3).order('id');
    expect(viaRpc.error).toBeNull();
    expect(viaRpc.count).toBe(2);
    expect(viaRpc.data).toEqual([{ id: 1, qs_lines: [] }, { id: 2, qs_lines: [{ sku: 'cup' }] }]);
    for (const count of ['planned', 'estimated'] as const) {
      const other = await service().from('qs_orders').select('id, qs_lines(sku)', { count }).eq('qs_lines.sku', 'pen').limit(1);
      expect(other.error).toBeNull();
      expect(other.count).toBeGreaterThanOrEqual(1);
    }
  });

  it('a one-to-many embed keeps one entry per row however many to-one embeds sit inside it', async () => {
    const { data } = await service().from('qs_customers').select('id, qs_orders(id, qs_customers(qs_regions(name)))').in('id', [1, 4]).order('id');
    expect(data).toEqual([
      { id: 1, qs_orders: [{ id: 1, qs_customers: { qs_regions: { name: 'Brittany' } } }] },
      { id: 4, qs_orders: [{ id: 4, qs_customers: { qs_regions: null } }] },
    ]);
  });
});
