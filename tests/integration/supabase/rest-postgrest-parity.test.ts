// The stand-in's REST side checked case by case against PostgREST 12's documented behaviour (docs.postgrest.org
// v12: operators, Prefer header, resource embedding, functions, errors) and supabase-js 2.99's calls, on a fixture
// schema of this test's own (rest-postgrest-fixture.ts): one-to-one, one-to-many, many-to-many, self-referencing
// and view relations, range and identity columns, overloaded and unnamed-parameter functions (its computed fields,
// computed relationships and views are checked in rest-postgrest-computed-and-views.test.ts). Where the stand-in
// does not serve a feature, the test pins that it refuses with PostgREST's error shape instead of answering with
// other data.
import { describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { serviceClient, type RestServer } from '../../support/supabase-rest-harness.js';
import { restServerPerFile } from './rest-file-server.js';
import { parityFixture } from './rest-postgrest-fixture.js';

let db: LocalDb;
let server: RestServer;

restServerPerFile(parityFixture, (opened) => ({ db, server } = opened));

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A raw request with the service role (row-level security plays no part here). */
async function rest(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('apikey', server.serviceKey);
  headers.set('Authorization', `Bearer ${server.serviceKey}`);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await fetch(`${server.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

const service = () => serviceClient(server);
const ids = (rows: unknown) => ((rows ?? []) as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
const countOf = async (sql: string) => (await db.asAdmin((tx) => tx.query<{ n: number }>(sql))).rows[0]?.n;

describe('PostgREST operators: range comparisons', () => {
  it('rangeGte (nxl, &>) keeps ranges that do not extend left of the given one; rangeLte (nxr, &<) those that do not extend right', async () => {
    const gte = await service().from('fx_bookings').select('id').rangeGte('during', '[3,6)');
    expect(gte.error).toBeNull();
    expect(ids(gte.data)).toEqual([2, 3]);
    const lte = await service().from('fx_bookings').select('id').rangeLte('during', '[3,6)');
    expect(ids(lte.data)).toEqual([1]);
    const adjacent = await service().from('fx_bookings').select('id').rangeAdjacent('during', '[5,6)');
    expect(ids(adjacent.data)).toEqual([1, 3]);
  });
});

describe('PostgREST Prefer header', () => {
  it('max-affected with handling=strict refuses a PATCH over the limit with PGRST124 and changes nothing', async () => {
    const over = await rest('fx_messages?channel_id=eq.1', {
      method: 'PATCH', headers: { Prefer: 'handling=strict, max-affected=1' }, body: { note: 'edited' },
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 2 rows', hint: null,
    });
    expect(await countOf("select count(*)::int as n from fx_messages where note = 'edited'")).toBe(0);
    const deleted = await rest('fx_messages?channel_id=eq.1', { method: 'DELETE', headers: { Prefer: 'handling=strict, max-affected=1' } });
    expect(deleted.body).toMatchObject({ code: 'PGRST124' });
    expect(await countOf('select count(*)::int as n from fx_messages where channel_id = 1')).toBe(2);
    const within = await rest('fx_messages?channel_id=eq.1', {
      method: 'PATCH', headers: { Prefer: 'handling=strict, max-affected=2' }, body: { note: 'edited' },
    });
    expect(within.status).toBe(204);
    expect(within.headers.get('Preference-Applied')).toBe('handling=strict, max-affected=2');
    // Lenient handling (the default) ignores max-affected, as documented.
    const lenient = await rest('fx_messages?channel_id=eq.1', { method: 'PATCH', headers: { Prefer: 'max-affected=1' }, body: { note: null } });
    expect(lenient.status).toBe(204);
    expect(await countOf('select count(*)::int as n from fx_messages where note is null')).toBe(3);
  });

  it('max-affected with handling=strict also bounds the rows a function returns', async () => {
    await db.asAdmin((tx) => tx.exec("insert into fx_tickets (title) values ('a'), ('b')"));
    const before = await countOf('select sum(priority)::int as n from fx_tickets');
    const over = await rest('rpc/fx_touch_tickets', { method: 'POST', headers: { Prefer: 'handling=strict, max-affected=1' }, body: {} });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'PGRST124' });
    expect(await countOf('select sum(priority)::int as n from fx_tickets')).toBe(before);
    await db.asAdmin((tx) => tx.exec('delete from fx_tickets'));
  });

  it('tx=rollback answers as if the write happened and keeps nothing (supabase-js rollback())', async () => {
    const inserted = await service().from('fx_users').insert({ id: 9, name: 'ghost' }).select().rollback();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ id: 9, name: 'ghost' }]);
    expect(await countOf('select count(*)::int as n from fx_users where id = 9')).toBe(0);
    const removed = await rest('fx_employees?id=eq.3', { method: 'DELETE', headers: { Prefer: 'tx=rollback, return=representation' } });
    expect(removed.status).toBe(200);
    expect(removed.headers.get('Preference-Applied')).toBe('return=representation, tx=rollback');
    expect(await countOf('select count(*)::int as n from fx_employees where id = 3')).toBe(1);
    // A failure inside a rolled-back request is still the failure.
    const duplicate = await rest('fx_users', { method: 'POST', headers: { Prefer: 'tx=rollback' }, body: { id: 1, name: 'again' } });
    expect(duplicate.status).toBe(409);
  });

  it('count=planned reports the planner\'s estimate and count=estimated the exact count below the threshold, with 206 for a partial page', async () => {
    await db.asAdmin((tx) => tx.exec("insert into fx_tickets (title) select 'ticket ' || g from generate_series(1, 50) g; analyze fx_tickets"));
    const planned = await rest('fx_tickets?select=id', { headers: { Prefer: 'count=planned', Range: '0-9' } });
    expect(planned.status).toBe(206);
    expect(planned.headers.get('Content-Range')).toBe('0-9/50');
    expect(planned.headers.get('Preference-Applied')).toBe('count=planned');
    // The planner never estimates fewer than one row: an exact count of 0 is planned as 1.
    const none = await rest('fx_tickets?select=id&title=eq.nothing', { headers: { Prefer: 'count=planned' } });
    expect(none.body).toEqual([]);
    expect(none.headers.get('Content-Range')).toBe('*/1');
    const exactNone = await rest('fx_tickets?select=id&title=eq.nothing', { headers: { Prefer: 'count=exact' } });
    expect(exactNone.headers.get('Content-Range')).toBe('*/0');
    const viaClient = await service().from('fx_tickets').select('id', { count: 'estimated' }).range(0, 4);
    expect(viaClient.status).toBe(206);
    expect(viaClient.count).toBe(50);
    expect(viaClient.data).toHaveLength(5);
    await db.asAdmin((tx) => tx.exec('delete from fx_tickets'));
  });

  it('an offset past the counted total is 416 with PostgREST\'s details', async () => {
    const far = await rest('fx_users?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(far.status).toBe(416);
    expect(far.body).toEqual({
      code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 10 was requested, but there are only 3 rows.', hint: null,
    });
  });

  it('handling=strict refuses preferences it does not know (PGRST122); lenient ignores them', async () => {
    const strict = await rest('fx_users', { headers: { Prefer: 'handling=strict, foo, bar' } });
    expect(strict.status).toBe(400);
    expect(strict.body).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: foo, bar', hint: null });
    const lenient = await rest('fx_users', { headers: { Prefer: 'handling=lenient, foo, bar' } });
    expect(lenient.status).toBe(200);
  });

  it('timezone= renders timestamps in that zone; an unknown zone is ignored, or refused when strict', async () => {
    const la = await rest('fx_stamps?select=at', { headers: { Prefer: 'timezone=America/Los_Angeles' } });
    expect(la.body).toEqual([{ at: '2026-01-01T04:00:00-08:00' }]);
    expect(la.headers.get('Preference-Applied')).toBe('timezone=America/Los_Angeles');
    const unknown = await rest('fx_stamps?select=at', { headers: { Prefer: 'timezone=Jupiter/Red_Spot' } });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('Preference-Applied')).toBeNull();
    const strict = await rest('fx_stamps?select=at', { headers: { Prefer: 'handling=strict, timezone=Jupiter/Red_Spot' } });
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ code: 'PGRST122' });
  });

  it('missing=default (defaultToNull: false) gives an identity column its next value and other columns their default', async () => {
    const { data, error } = await service()
      .from('fx_tickets')
      .insert([{ title: 'no id' }, { id: 1000, title: 'own id', priority: 9 }], { defaultToNull: false })
      .select('id, title, priority')
      .order('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data?.[0]).toMatchObject({ title: 'no id', priority: 3 });
    expect(typeof data?.[0]?.id).toBe('number');
    expect(data?.[1]).toEqual({ id: 1000, title: 'own id', priority: 9 });
    const always = await service().from('fx_counters').insert([{ label: 'a' }, { label: 'b' }], { defaultToNull: false }).select('id, label');
    expect(always.error).toBeNull();
    expect(always.data?.map((row) => row.label)).toEqual(['a', 'b']);
    await db.asAdmin((tx) => tx.exec('delete from fx_tickets'));
  });

  it('limit with order on DELETE removes only that page of rows', async () => {
    await db.asAdmin((tx) => tx.exec("insert into fx_tickets (id, title) values (1, 'a'), (2, 'b'), (3, 'c')"));
    const removed = await rest('fx_tickets?order=id.desc&limit=2', { method: 'DELETE', headers: { Prefer: 'return=representation' } });
    expect(removed.status).toBe(200);
    expect(ids(removed.body)).toEqual([2, 3]);
    expect(await countOf('select count(*)::int as n from fx_tickets')).toBe(1);
    await db.asAdmin((tx) => tx.exec('delete from fx_tickets'));
  });
});

describe('PostgREST content negotiation', () => {
  it('a query plan (explain()) is refused with 406 PGRST107, as on a hosted project where plans are disabled, never answered with rows', async () => {
    const plan = await rest('fx_users?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json' } });
    expect(plan.status).toBe(406);
    expect(plan.body).toEqual({ code: 'PGRST107', message: 'None of these media types are available: application/vnd.pgrst.plan+json', details: null, hint: null });
    const viaClient = await service().from('fx_users').select('id').explain();
    expect(viaClient.status).toBe(406);
    expect(viaClient.data).toBeNull();
  });

  it('GeoJSON answers are refused with 406 PGRST107 (CSV is served, see rest-postgrest-select-features)', async () => {
    const geo = await rest('fx_users', { headers: { Accept: 'application/geo+json' } });
    expect(geo.status).toBe(406);
  });

  it('nulls=stripped leaves null-valued keys out; the first acceptable type wins', async () => {
    const stripped = await rest('fx_employees?select=id,manager_id&id=eq.1', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(stripped.body).toEqual([{ id: 1 }]);
    expect(stripped.headers.get('Content-Type')).toContain('application/vnd.pgrst.array+json;nulls=stripped');
    const object = await rest('fx_employees?select=id,manager_id&id=eq.1', { headers: { Accept: 'text/csv;q=0.5, application/vnd.pgrst.object+json' } });
    expect(object.body).toEqual({ id: 1, manager_id: null });
  });
});

describe('PostgREST resource embedding', () => {
  it('a one-to-one relationship embeds as an object from both sides (null when absent)', async () => {
    const { data, error } = await service().from('fx_channels').select('slug, fx_channel_details(topic)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', fx_channel_details: { topic: 'everything' } },
      { slug: 'random', fx_channel_details: null },
      { slug: 'empty', fx_channel_details: null },
    ]);
    const back = await service().from('fx_channel_details').select('topic, fx_channels(slug)');
    expect(back.data).toEqual([{ topic: 'everything', fx_channels: { slug: 'general' } }]);
  });

  it('a self-referencing key embeds the children by the table\'s name and the parent by the column\'s', async () => {
    const children = await service().from('fx_employees').select('name, fx_employees(name)').eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ name: 'boss', fx_employees: [{ name: 'lead' }, { name: 'ops' }] });
    const parent = await rest('fx_employees?select=name,manager_id(name)&id=eq.3');
    expect(parent.body).toEqual([{ name: 'dev', manager_id: { name: 'lead' } }]);
    const hinted = await rest('fx_employees?select=name,reports:fx_employees!manager_id(name)&id=eq.2');
    expect(hinted.body).toEqual([{ name: 'lead', reports: [{ name: 'dev' }] }]);
  });

  it('many-to-many goes through a junction table whose keys are its primary key', async () => {
    const { data, error } = await service().from('fx_users').select('name, fx_channels(slug)').order('id');
    expect(error).toBeNull();
    expect(data?.map((row) => ({ ...row, fx_channels: [...(row.fx_channels as { slug: string }[])].sort((a, b) => a.slug.localeCompare(b.slug)) }))).toEqual([
      { name: 'ada', fx_channels: [{ slug: 'general' }, { slug: 'random' }] },
      { name: 'bob', fx_channels: [{ slug: 'general' }] },
      { name: 'cy', fx_channels: [] },
    ]);
  });

  it('two foreign keys to one table are ambiguous: 300 PGRST201 with the candidates in details and the hints to use', async () => {
    const ambiguous = await rest('fx_users?select=name,fx_messages(body)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'fx_users' and 'fx_messages'",
      details: [
        { cardinality: 'one-to-many', embedding: 'fx_users with fx_messages', relationship: 'fx_messages_author_id_fkey using fx_users(id) and fx_messages(author_id)' },
        { cardinality: 'one-to-many', embedding: 'fx_users with fx_messages', relationship: 'fx_messages_editor_id_fkey using fx_users(id) and fx_messages(editor_id)' },
      ],
      hint: "Try changing 'fx_messages' to one of the following: 'fx_messages!fx_messages_author_id_fkey', 'fx_messages!fx_messages_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('a hint by constraint or column picks the relationship', async () => {
    const byConstraint = await service().from('fx_users').select('name, fx_messages!fx_messages_author_id_fkey(body)').eq('id', 2).single();
    expect(byConstraint.data).toEqual({ name: 'bob', fx_messages: [{ body: 'second' }] });
    const byColumn = await rest('fx_messages?select=body,author:fx_users!author_id(name),editor:fx_users!editor_id(name)&order=id');
    expect(byColumn.body).toEqual([
      { body: 'first', author: { name: 'ada' }, editor: { name: 'bob' } },
      { body: 'second', author: { name: 'bob' }, editor: null },
      { body: 'third', author: { name: 'ada' }, editor: { name: 'ada' } },
    ]);
    const noSuch = await rest('fx_users?select=name,fx_messages!nope(body)');
    expect(noSuch.status).toBe(400);
    expect(noSuch.body).toMatchObject({ code: 'PGRST200' });
  });

  it('filters, order and limit apply inside an embed; with !inner they also filter the parents', async () => {
    const { data, error } = await service()
      .from('fx_channels')
      .select('slug, fx_messages(body)')
      .order('id')
      .order('id', { referencedTable: 'fx_messages', ascending: false })
      .limit(1, { referencedTable: 'fx_messages' })
      .neq('fx_messages.body', 'second');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', fx_messages: [{ body: 'first' }] },
      { slug: 'random', fx_messages: [{ body: 'third' }] },
      { slug: 'empty', fx_messages: [] },
    ]);
    const inner = await service().from('fx_channels').select('slug, fx_messages!inner(body)').eq('fx_messages.body', 'third');
    expect(inner.data).toEqual([{ slug: 'random', fx_messages: [{ body: 'third' }] }]);
    const stray = await rest('fx_channels?select=slug&fx_messages.body=eq.x');
    expect(stray.status).toBe(400);
    expect(stray.body).toMatchObject({ code: 'PGRST108', message: "'fx_messages' is not an embedded resource in this request" });
  });

  it('a view passing a table\'s key through embeds along that table\'s relationships (more in rest-postgrest-computed-and-views)', async () => {
    const view = await rest('fx_channel_names?select=slug,fx_messages(body)&id=eq.2');
    expect(view.status).toBe(200);
    expect(view.body).toEqual([{ slug: 'random', fx_messages: [{ body: 'third' }] }]);
  });
});

describe('PostgREST functions', () => {
  it('two overloads that both match are ambiguous: 300 PGRST203, never a guess', async () => {
    const { error, status } = await service().rpc('fx_echo', { n: 1 });
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST203',
      message: expect.stringMatching(/^Could not choose the best candidate function between: public\.fx_echo\(n => (integer|text)\), public\.fx_echo\(n => (integer|text)\)$/),
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('overloads that differ by their parameters are chosen by the keys sent', async () => {
    expect((await service().rpc('fx_pick', { a: 1 })).data).toBe('one');
    expect((await service().rpc('fx_pick', { a: 1, b: 2 })).data).toBe('two');
    expect((await service().rpc('fx_pick', { b: 2 })).error?.code).toBe('PGRST202');
  });

  it('rows of a table\'s type returned by a function embed along that table\'s relationships', async () => {
    const { data, error } = await service().rpc('fx_channel_list').select('slug, fx_channel_details(topic)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'general', fx_channel_details: { topic: 'everything' } }]);
  });

  it('a function with one unnamed json parameter takes the whole body; unnamed parameters otherwise are not callable', async () => {
    const whole = await service().rpc('fx_whole', { x: 1, y: [2] });
    expect(whole.error).toBeNull();
    expect(whole.data).toEqual({ got: { x: 1, y: [2] } });
    const unnamed = await service().rpc('fx_add', { a: 1, b: 2 });
    expect(unnamed.status).toBe(404);
    expect(unnamed.error?.code).toBe('PGRST202');
  });
});

describe('what the stand-in does not serve is refused in PostgREST\'s shape', () => {
  it.each([
    // PostgREST 12 spreads to-one relationships only.
    ['fx_users?select=name,...fx_messages!author_id(body)', 'PGRST119'],
    ['fx_channels?select=slug,...fx_channel_details(id.sum())', 'PGRST100'],
    ['fx_users?select=name->', 'PGRST100'],
    ['fx_users?name->>=eq.1', 'PGRST100'],
    ['fx_users?order=name->x.sideways', 'PGRST100'],
  ])('%s → 400 %s', async (path, code) => {
    const answer = await rest(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code });
    expect(Object.keys(answer.body as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('a CSV body and params=single-object are refused, never read as something else', async () => {
    const csv = await fetch(`${server.url}/rest/v1/fx_users`, {
      method: 'POST',
      headers: { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}`, 'Content-Type': 'text/csv' },
      body: 'id,name\n7,csv',
    });
    expect(csv.status).toBe(415);
    expect(await countOf('select count(*)::int as n from fx_users where id = 7')).toBe(0);
    const single = await rest('rpc/fx_whole', { method: 'POST', headers: { Prefer: 'params=single-object' }, body: { x: 1 } });
    expect(single.status).toBe(400);
  });
});
