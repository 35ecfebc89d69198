// The stand-in's REST side serves PostgREST 12's computed fields, computed relationships and embeds through views
// as documented (docs.postgrest.org v12: "Computed Fields"; "Resource Embedding": computed relationships, overriding
// relationships, foreign key joins on views), through supabase-js 2.99 where it writes the request, on the parity
// fixture (rest-postgrest-fixture.ts). Runs on PGlite and on the PostgreSQL lane: the view definitions are read
// from each database's own catalogue.
import { describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { serviceClient, type RestServer } from '../../support/supabase-rest-harness.js';
import { restServerPerFile, serviceGet } from './rest-file-server.js';
import { parityFixture } from './rest-postgrest-fixture.js';

let db: LocalDb;
let server: RestServer;

restServerPerFile(parityFixture, (opened) => ({ db, server } = opened));

const service = () => serviceClient(server);

const get = (path: string) => serviceGet(server, path);

describe('computed fields', () => {
  it('are selected like columns (aliased, cast), and `*` leaves them out', async () => {
    const { data, error } = await service().from('fx_users').select('id, fx_display').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, fx_display: 'ADA #1' },
      { id: 2, fx_display: 'BOB #2' },
      { id: 3, fx_display: 'CY #3' },
    ]);
    const star = await service().from('fx_users').select('*').eq('id', 1);
    expect(star.data).toEqual([{ id: 1, name: 'ada' }]);
    const both = await get('fx_users?select=*,shown:fx_display&id=eq.2');
    expect(both.body).toEqual([{ id: 2, name: 'bob', shown: 'BOB #2' }]);
    const onView = await get('fx_channel_names?select=slug,fx_slug_length::text&order=id');
    expect(onView.body).toEqual([
      { slug: 'general', fx_slug_length: '7' },
      { slug: 'random', fx_slug_length: '6' },
      { slug: 'empty', fx_slug_length: '5' },
    ]);
  });

  it('filter and order like columns, at the top and inside an embed', async () => {
    const filtered = await service().from('fx_users').select('name').eq('fx_display', 'BOB #2');
    expect(filtered.error).toBeNull();
    expect(filtered.data).toEqual([{ name: 'bob' }]);
    const patterned = await service().from('fx_users').select('name').like('fx_display', '*#3');
    expect(patterned.data).toEqual([{ name: 'cy' }]);
    const ordered = await service().from('fx_channel_names').select('slug').order('fx_slug_length', { ascending: false });
    expect(ordered.data).toEqual([{ slug: 'general' }, { slug: 'random' }, { slug: 'empty' }]);
    const summed = await get('fx_channel_names?select=letters:fx_slug_length.sum()');
    expect(summed.body).toEqual([{ letters: 18 }]);
    const embedded = await service()
      .from('fx_messages')
      .select('body, author:fx_users!author_id!inner(fx_display)')
      .eq('author.fx_display', 'ADA #1')
      .order('id');
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual([
      { body: 'first', author: { fx_display: 'ADA #1' } },
      { body: 'third', author: { fx_display: 'ADA #1' } },
    ]);
  });

  it('come back from a write with return=representation', async () => {
    const inserted = await service().from('fx_users').insert({ id: 8, name: 'dee' }).select('id, fx_display').rollback();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 8, fx_display: 'DEE #8' }]);
    const updated = await service().from('fx_users').update({ name: 'ade' }).eq('id', 1).select('fx_display').rollback();
    expect(updated.data).toEqual([{ fx_display: 'ADE #1' }]);
    const upserted = await service().from('fx_users').upsert({ id: 2, name: 'bo' }).select('fx_display').rollback();
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([{ fx_display: 'BO #2' }]);
  });

  it('serve the rows of a function returning the table\'s type as well', async () => {
    const { data, error } = await service().rpc('fx_user_list').select('fx_display').gt('id', 1).order('fx_display', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([{ fx_display: 'CY #3' }, { fx_display: 'BOB #2' }]);
  });

  it('a name that is neither a column nor a computed field is the database\'s 400 42703, as PostgREST answers', async () => {
    const selected = await get('fx_users?select=id,fx_nothing');
    expect(selected.status).toBe(400);
    expect(selected.body).toEqual({ code: '42703', message: 'column fx_users.fx_nothing does not exist', details: null, hint: null });
    const filtered = await service().from('fx_users').select('id').eq('fx_nothing', 'x');
    expect(filtered.status).toBe(400);
    expect(filtered.error?.code).toBe('42703');
    // A computed field belongs to its own relation only.
    expect((await get('fx_channels?select=fx_display')).body).toMatchObject({ code: '42703' });
  });
});

describe('computed relationships', () => {
  it('a function returning a set of rows embeds as an array, with filters, order and limit inside it', async () => {
    const { data, error } = await service()
      .from('fx_channels')
      .select('slug, fx_recent_messages(body)')
      .order('id')
      .order('id', { referencedTable: 'fx_recent_messages', ascending: false })
      .limit(1, { referencedTable: 'fx_recent_messages' })
      .neq('fx_recent_messages.body', 'first');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', fx_recent_messages: [{ body: 'second' }] },
      { slug: 'random', fx_recent_messages: [{ body: 'third' }] },
      { slug: 'empty', fx_recent_messages: [] },
    ]);
    const inner = await service().from('fx_channels').select('slug, fx_recent_messages!inner(body)').eq('fx_recent_messages.body', 'third');
    expect(inner.data).toEqual([{ slug: 'random', fx_recent_messages: [{ body: 'third' }] }]);
  });

  it('rows 1 (or a function not returning a set) makes it to-one: an object (null without a row for setof); it spreads and nests', async () => {
    const toOne = await service().from('fx_messages').select('body, fx_author(name)').order('id');
    expect(toOne.error).toBeNull();
    expect(toOne.data).toEqual([
      { body: 'first', fx_author: { name: 'ada' } },
      { body: 'second', fx_author: { name: 'bob' } },
      { body: 'third', fx_author: { name: 'ada' } },
    ]);
    const single = await get('fx_employees?select=name,boss:fx_manager(name,fx_manager(name))&id=eq.3');
    expect(single.body).toEqual([{ name: 'dev', boss: { name: 'lead', fx_manager: { name: 'boss' } } }]);
    // A function not returning a set yields one row even when it finds none: Postgres's row of nulls, as on PostgREST
    // (whose documentation asks for SETOF for this reason).
    const top = await get('fx_employees?select=name,fx_manager(name)&id=eq.1');
    expect(top.body).toEqual([{ name: 'boss', fx_manager: { name: null } }]);
    const spread = await get('fx_messages?select=body,...fx_author(author:name)&id=eq.2');
    expect(spread.body).toEqual([{ body: 'second', author: 'bob' }]);
    await db.asAdmin((tx) => tx.exec("insert into fx_messages (id, channel_id, body) values (99, 3, 'anonymous')"));
    try {
      expect((await get('fx_messages?select=body,fx_author(name)&id=eq.99')).body).toEqual([{ body: 'anonymous', fx_author: null }]);
    } finally {
      await db.asAdmin((tx) => tx.exec('delete from fx_messages where id = 99'));
    }
  });

  it('one named after a relation replaces the relationship detected from the foreign key, hint or not', async () => {
    const { data, error } = await service().from('fx_users').select('name, fx_films(title)').eq('id', 1).single();
    expect(error).toBeNull();
    // The function leaves drafts out; the foreign key alone would give both films.
    expect(data).toEqual({ name: 'ada', fx_films: [{ title: 'released' }] });
    const hinted = await get('fx_users?select=name,fx_films!fx_films_director_id_fkey(title)&id=eq.1');
    expect(hinted.body).toEqual([{ name: 'ada', fx_films: [{ title: 'released' }] }]);
    // The other direction is still the foreign key's.
    const back = await service().from('fx_films').select('title, fx_users(name)').eq('id', 2).single();
    expect(back.data).toEqual({ title: 'draft', fx_users: { name: 'ada' } });
  });

  it('one whose name a foreign key\'s column also answers to is ambiguous: 300 PGRST201, the function listed as {}', async () => {
    const answer = await get('fx_messages?select=body,author_id(name)');
    expect(answer.status).toBe(300);
    expect(answer.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'fx_messages' and 'author_id'",
      details: [
        { cardinality: 'many-to-one', embedding: 'fx_messages with fx_users', relationship: 'fx_messages_author_id_fkey using fx_messages(author_id) and fx_users(id)' },
        {},
      ],
      hint: "Try changing 'author_id' to one of the following: 'fx_users!fx_messages_author_id_fkey', . Find the desired relationship in the 'details' key.",
    });
  });

  it('embed from the rows of a function returning a table\'s type too', async () => {
    const { data, error } = await service().rpc('fx_channel_list').select('slug, fx_recent_messages(body)').eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'random', fx_recent_messages: [{ body: 'third' }] }]);
  });

  it('a name that is no relationship and no function is 400 PGRST200', async () => {
    const answer = await get('fx_channels?select=slug,fx_nothing(body)');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'fx_channels' and 'fx_nothing' in the schema cache" });
  });
});

describe('embeds through views', () => {
  it('a view passing foreign key columns through embeds the tables they reference (view → table)', async () => {
    const { data, error } = await service().from('fx_message_view').select('body, fx_channels(slug), fx_users(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { body: 'first', fx_channels: { slug: 'general' }, fx_users: { name: 'ada' } },
      { body: 'second', fx_channels: { slug: 'general' }, fx_users: { name: 'bob' } },
      { body: 'third', fx_channels: { slug: 'random' }, fx_users: { name: 'ada' } },
    ]);
    // A view of a view passes the columns on.
    const nested = await service().from('fx_general_messages').select('body, fx_channels(slug)').order('id');
    expect(nested.data).toEqual([{ body: 'first', fx_channels: { slug: 'general' } }, { body: 'second', fx_channels: { slug: 'general' } }]);
  });

  it('a table embeds a view passing the referenced key through (table → view), and views embed views', async () => {
    const toView = await service().from('fx_messages').select('body, fx_channel_names(slug)').eq('id', 3).single();
    expect(toView.error).toBeNull();
    expect(toView.data).toEqual({ body: 'third', fx_channel_names: { slug: 'random' } });
    const viewToView = await service()
      .from('fx_channel_names')
      .select('slug, fx_message_view(body)')
      .order('id')
      .order('id', { referencedTable: 'fx_message_view' });
    expect(viewToView.data).toEqual([
      { slug: 'general', fx_message_view: [{ body: 'first' }, { body: 'second' }] },
      { slug: 'random', fx_message_view: [{ body: 'third' }] },
      { slug: 'empty', fx_message_view: [] },
    ]);
    const back = await get('fx_message_view?select=body,fx_channel_names(slug)&id=eq.1');
    expect(back.body).toEqual([{ body: 'first', fx_channel_names: { slug: 'general' } }]);
  });

  it('a view keeps one-to-one and many-to-many relationships, and hints by the table\'s constraint', async () => {
    const oneToOne = await service().from('fx_channel_names').select('slug, fx_channel_details(topic)').order('id').limit(2);
    expect(oneToOne.data).toEqual([
      { slug: 'general', fx_channel_details: { topic: 'everything' } },
      { slug: 'random', fx_channel_details: null },
    ]);
    const manyToMany = await service()
      .from('fx_channel_names')
      .select('slug, fx_users(name)')
      .order('id')
      .order('name', { referencedTable: 'fx_users' });
    expect(manyToMany.error).toBeNull();
    expect(manyToMany.data).toEqual([
      { slug: 'general', fx_users: [{ name: 'ada' }, { name: 'bob' }] },
      { slug: 'random', fx_users: [{ name: 'ada' }] },
      { slug: 'empty', fx_users: [] },
    ]);
    const hinted = await get('fx_message_view?select=body,fx_channels!fx_messages_channel_id_fkey(slug)&id=eq.2');
    expect(hinted.body).toEqual([{ body: 'second', fx_channels: { slug: 'general' } }]);
  });

  it('a view over a join passes its columns through under any name, quoted ones included', async () => {
    const { data, error } = await service()
      .from('fx_channel_labels')
      .select('"name {x}", topic, fx_messages(body)')
      .order('"the (id)"')
      .order('id', { referencedTable: 'fx_messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { 'name {x}': 'general', topic: 'everything', fx_messages: [{ body: 'first' }, { body: 'second' }] },
      { 'name {x}': 'random', topic: null, fx_messages: [{ body: 'third' }] },
      { 'name {x}': 'empty', topic: null, fx_messages: [] },
    ]);
  });

  it('a view column that is computed, not passed through, carries no relationship: 400 PGRST200 both ways', async () => {
    const from = await get('fx_message_digest?select=excerpt,fx_channels(slug)');
    expect(from.status).toBe(400);
    expect(from.body).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'fx_message_digest' and 'fx_channels' in the schema cache" });
    const to = await get('fx_channels?select=slug,fx_message_digest(excerpt)');
    expect(to.status).toBe(400);
    expect(to.body).toMatchObject({ code: 'PGRST200' });
    // Its rows are served all the same.
    const detail = await get('fx_message_digest?select=excerpt&id=eq.1');
    expect(detail.body).toEqual([{ excerpt: 'fir' }]);
  });
});
