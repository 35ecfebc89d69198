// The stand-in's REST side serves PostgREST 12's richer `select` as documented (docs.postgrest.org v12: resource
// embedding's spread, aggregate functions with db-aggregates-enabled, JSON columns, quoted identifiers), checked
// through supabase-js 2.99 where it can write the request, on a fixture schema of this test's own. Runs on PGlite
// and on the PostgreSQL lane: the answers are the database's.
import { describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { serviceClient, type RestServer } from '../../support/supabase-rest-harness.js';
import { restServerPerFile, serviceGet } from './rest-file-server.js';

let db: LocalDb;
let server: RestServer;

const fixture = `
set local role postgres;
create table ft_customers (id int primary key, name text not null, city text not null);
create table ft_profiles (id int primary key references ft_customers (id), bio text not null);
create table ft_orders (
  id int primary key,
  customer_id int not null references ft_customers (id),
  status text not null,
  amount numeric not null,
  data jsonb
);
create table ft_labels (id int primary key, "display name" text not null, "kind-of" text);

insert into ft_customers values (1, 'ada', 'Paris'), (2, 'bob', 'Lyon'), (3, 'cy', 'Paris');
insert into ft_profiles values (1, 'maths');
insert into ft_orders values
  (1, 1, 'paid', 10, '{"kind": "book", "address": {"city": "Paris"}, "tags": ["a", "b"], "rank": 2}'),
  (2, 1, 'open', 5, '{"kind": "pen", "address": {"city": "Lyon"}, "tags": ["c"], "rank": 1}'),
  (3, 2, 'paid', 20, '{"kind": "book", "rank": 3}'),
  (4, 3, 'paid', 7.5, null);
insert into ft_labels values (1, 'First label', 'plain'), (2, 'Second label', 'fancy');
`;

restServerPerFile(fixture, (opened) => ({ db, server } = opened));

const service = () => serviceClient(server);

const get = (path: string) => serviceGet(server, path);

describe('spread embeds (...relation)', () => {
  it('a many-to-one relation\'s columns join the row\'s own, with aliases, null when there is no related row', async () => {
    const { data, error } = await service().from('ft_orders').select('id, ...ft_customers(name, town:city)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, name: 'ada', town: 'Paris' },
      { id: 2, name: 'ada', town: 'Paris' },
      { id: 3, name: 'bob', town: 'Lyon' },
      { id: 4, name: 'cy', town: 'Paris' },
    ]);
  });

  it('spreads nest, and a one-to-one relation spreads from both sides', async () => {
    const nested = await service().from('ft_orders').select('id, ...ft_customers(name, ...ft_profiles(bio))').lte('id', 3).order('id');
    expect(nested.data).toEqual([
      { id: 1, name: 'ada', bio: 'maths' },
      { id: 2, name: 'ada', bio: 'maths' },
      { id: 3, name: 'bob', bio: null },
    ]);
    const back = await service().from('ft_profiles').select('bio, ...ft_customers(name)');
    expect(back.data).toEqual([{ bio: 'maths', name: 'ada' }]);
  });

  it('!inner on a spread keeps only rows that have the related row', async () => {
    const { data } = await service().from('ft_customers').select('name, ...ft_profiles!inner(bio)');
    expect(data).toEqual([{ name: 'ada', bio: 'maths' }]);
  });

  it('a one-to-many relation cannot be spread: 400 PGRST119, as PostgREST 12', async () => {
    const { error, status } = await service().from('ft_customers').select('name, ...ft_orders(amount)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST119',
      message: "A spread operation on 'ft_orders' is not possible",
      details: "'ft_customers' and 'ft_orders' do not form a many-to-one or one-to-one relationship",
    });
  });

  it('an empty embed rel!inner() filters without answering anything of the relation', async () => {
    const { data } = await service().from('ft_customers').select('name, ft_orders!inner()').eq('ft_orders.status', 'open');
    expect(data).toEqual([{ name: 'ada' }]);
  });
});

describe('aggregate functions', () => {
  it('sum, avg, min, max and count over every row answer one row named after each function', async () => {
    const { data, error } = await service().from('ft_orders').select('amount.sum(), amount.avg(), amount.min(), amount.max(), count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: 42.5, avg: 10.625, min: 5, max: 20, count: 4 }]);
  });

  it('the other selected columns group the rows; filters apply before grouping', async () => {
    const grouped = await service().from('ft_orders').select('status, amount.sum(), count()').order('status');
    expect(grouped.data).toEqual([
      { status: 'open', sum: 5, count: 1 },
      { status: 'paid', sum: 37.5, count: 3 },
    ]);
    const filtered = await service().from('ft_orders').select('status, count()').gt('amount', 6).order('status');
    expect(filtered.data).toEqual([{ status: 'paid', count: 3 }]);
  });

  it('an alias renames an aggregate, a cast applies to its input or to its result, and column.count() counts non-null values', async () => {
    const { data } = await service().from('ft_orders').select('total:amount.sum()::text, whole:amount::int.sum(), data.count()');
    expect(data).toEqual([{ total: '42.5', whole: 43, count: 3 }]);
  });

  it('aggregates inside an embed group per parent row', async () => {
    const { data } = await service().from('ft_customers').select('name, ft_orders(amount.sum(), count())').order('id');
    expect(data).toEqual([
      { name: 'ada', ft_orders: [{ sum: 15, count: 2 }] },
      { name: 'bob', ft_orders: [{ sum: 20, count: 1 }] },
      { name: 'cy', ft_orders: [{ sum: 7.5, count: 1 }] },
    ]);
  });

  it('a spread relation\'s columns group the aggregates, as the documented "sales by city" query', async () => {
    const { data } = await service().from('ft_orders').select('amount.sum(), ...ft_customers(city)');
    expect(data === null ? null : [...data].sort((a, b) => String(a.city).localeCompare(String(b.city)))).toEqual([
      { sum: 20, city: 'Lyon' },
      { sum: 22.5, city: 'Paris' },
    ]);
  });

  it('aggregates beside an embed that is not spread are refused with PGRST100 (the stand-in groups by spread columns only)', async () => {
    const answer = await get('ft_orders?select=amount.sum(),ft_customers(city)');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PGRST100' });
  });
});

describe('JSON paths (-> and ->>)', () => {
  it('select names each path after its last key (the column for an index), or its alias; -> keeps JSON, ->> gives text', async () => {
    const { data, error } = await service().from('ft_orders')
      .select('id, data->>kind, data->address->city, town:data->address->>city, data->tags->0, data->rank')
      .lte('id', 2).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, kind: 'book', city: 'Paris', town: 'Paris', tags: 'a', rank: 2 },
      { id: 2, kind: 'pen', city: 'Lyon', town: 'Lyon', tags: 'c', rank: 1 },
    ]);
  });

  it('filters compare ->> as text and -> as JSON, and or() takes paths too', async () => {
    const text = await service().from('ft_orders').select('id').eq('data->>kind', 'book').order('id');
    expect(text.data).toEqual([{ id: 1 }, { id: 3 }]);
    const nested = await service().from('ft_orders').select('id').eq('data->address->>city', 'Lyon');
    expect(nested.data).toEqual([{ id: 2 }]);
    const json = await service().from('ft_orders').select('id').gt('data->rank', 1).order('id');
    expect(json.data).toEqual([{ id: 1 }, { id: 3 }]);
    const either = await service().from('ft_orders').select('id').or('data->>kind.eq.pen,data->rank.eq.3').order('id');
    expect(either.data).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('order follows a path, nulls placed as asked', async () => {
    const { data } = await service().from('ft_orders').select('id').order('data->rank', { ascending: false, nullsFirst: false });
    expect(data).toEqual([{ id: 3 }, { id: 1 }, { id: 2 }, { id: 4 }]);
  });

  it('a path on a column that is not JSON is the database\'s error, as PostgREST answers it (404 42883)', async () => {
    const answer = await get('ft_customers?select=name->>x');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: '42883' });
  });
});

describe('quoted identifiers', () => {
  it('names with spaces or dashes are selected, filtered and ordered when quoted', async () => {
    const { data, error } = await service().from('ft_labels')
      .select('id, "display name", kind:"kind-of"').neq('"display name"', 'First label').order('"display name"');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, 'display name': 'Second label', kind: 'fancy' }]);
    const unquoted = await get('ft_labels?select=kind-of&order=id');
    expect(unquoted.body).toEqual([{ 'kind-of': 'plain' }, { 'kind-of': 'fancy' }]);
  });
});

describe('CSV answers (Accept: text/csv)', () => {
  it('csv() answers a header of the keys and one line per row, quoting as Postgres writes a record, empty for null', async () => {
    await db.asAdmin((tx) => tx.exec(`insert into ft_labels values (3, 'Quote "and", comma', null)`));
    const { data, error, status } = await service().from('ft_labels').select('id, "display name", "kind-of"').order('id').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('id,display name,kind-of\n1,"First label",plain\n2,"Second label",fancy\n3,"Quote ""and"", comma",');
    const response = await fetch(`${server.url}/rest/v1/ft_labels?select=id&id=gt.99`, {
      headers: { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}`, Accept: 'text/csv' },
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // No rows: PostgREST's header comes from the first row, so the answer is the newline alone.
    expect(await response.text()).toBe('\n');
    await db.asAdmin((tx) => tx.exec('delete from ft_labels where id = 3'));
  });

  it('embeds and aggregates render as JSON and numbers inside the CSV', async () => {
    const { data } = await service().from('ft_customers').select('name, ft_profiles(bio)').eq('id', 1).csv();
    expect(data).toBe('name,ft_profiles\nada,"{""bio"":""maths""}"');
    const { data: totals } = await service().from('ft_orders').select('status, count()').order('status').csv();
    expect(totals).toBe('status,count\nopen,1\npaid,3');
  });
});
