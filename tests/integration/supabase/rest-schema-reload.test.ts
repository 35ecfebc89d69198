// The stand-in's REST side reloads its schema cache as PostgREST 12 on a hosted project does (docs.postgrest.org
// v12 "Schema Cache": NOTIFY pgrst, 'reload schema', sent after DDL by the project's event triggers): a table,
// column, view, function, computed field or computed relationship created after the first request is served
// without a restart. Runs on PGlite and on the PostgreSQL lane, where the notice arrives over a connection of its
// own (hence the polling).
import { describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { serviceClient, type RestServer } from '../../support/supabase-rest-harness.js';
import { restServerPerFile } from './rest-file-server.js';

let db: LocalDb;
let server: RestServer;

restServerPerFile(null, (opened) => ({ db, server } = opened));

const service = () => serviceClient(server);
const admin = (sql: string) => db.asAdmin((tx) => tx.exec(`set local role postgres;\n${sql}`));
const poll = { timeout: 5_000, interval: 50 };

describe('schema cache reload', () => {
  it('a table created after the first request is served once its DDL commits', async () => {
    const before = await service().from('fr_notes').select('*');
    expect(before.status).toBe(404);
    expect(before.error?.code).toBe('PGRST205');
    await admin("create table fr_notes (id int primary key, body text); insert into fr_notes values (1, 'hello');");
    await expect.poll(async () => (await service().from('fr_notes').select('id, body')).data, poll).toEqual([{ id: 1, body: 'hello' }]);
  });

  it('a column added, a relationship added and a function created are served as well', async () => {
    await admin('alter table fr_notes add column stars int not null default 0;');
    await expect.poll(async () => (await service().from('fr_notes').select('id, stars')).data, poll).toEqual([{ id: 1, stars: 0 }]);
    await admin(`create table fr_replies (id int primary key, note_id int references fr_notes (id));
      insert into fr_replies values (7, 1);
      create function fr_double(n int) returns int language sql as $$ select n * 2 $$;`);
    await expect.poll(async () => (await service().from('fr_notes').select('id, fr_replies(id)')).data, poll)
      .toEqual([{ id: 1, fr_replies: [{ id: 7 }] }]);
    await expect.poll(async () => (await service().rpc('fr_double', { n: 21 })).data, poll).toBe(42);
  });

  it('a view, a computed field and a computed relationship created later are served as well', async () => {
    await admin(`create table fr_books (id int primary key, title text not null);
      create table fr_pages (id int primary key, book_id int not null references fr_books (id), words int not null);
      insert into fr_books values (1, 'atlas');
      insert into fr_pages values (1, 1, 10), (2, 1, 20);`);
    await expect.poll(async () => (await service().from('fr_books').select('id, fr_pages(id)')).error, poll).toBeNull();
    expect((await service().from('fr_books').select('fr_shout')).error?.code).toBe('42703');
    await admin(`create view fr_page_view as select id, book_id from fr_pages;
      create function fr_shout(fr_books) returns text language sql stable as $$ select upper($1.title) $$;
      create function fr_long_pages(fr_books) returns setof fr_pages language sql stable as $$ select * from fr_pages where book_id = $1.id and words > 15 $$;`);
    await expect.poll(async () => (await service()
      .from('fr_books')
      .select('fr_shout, fr_long_pages(id), fr_page_view(id)')
      .order('id', { referencedTable: 'fr_page_view' })).data, poll)
      .toEqual([{ fr_shout: 'ATLAS', fr_long_pages: [{ id: 2 }], fr_page_view: [{ id: 1 }, { id: 2 }] }]);
  });

  it('a dropped table is gone from the cache: 404 PGRST205, not a database error', async () => {
    await admin('drop table fr_replies;');
    await expect.poll(async () => (await service().from('fr_replies').select('*')).error?.code, poll).toBe('PGRST205');
  });

  it('with the DDL triggers off, a change waits for NOTIFY pgrst, \'reload schema\'', async () => {
    await db.asAdmin((tx) => tx.exec('alter event trigger pgrst_ddl_watch disable'));
    try {
      await admin('create table fr_quiet (id int primary key);');
      // No notice yet: the cache still answers that the table does not exist.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await service().from('fr_quiet').select('*')).error?.code).toBe('PGRST205');
      await db.asAdmin((tx) => tx.exec("notify pgrst, 'reload schema'"));
      await expect.poll(async () => (await service().from('fr_quiet').select('*')).status, poll).toBe(200);
    } finally {
      await db.asAdmin((tx) => tx.exec('alter event trigger pgrst_ddl_watch enable'));
    }
  });

  it('temporary tables do not reload the cache (as hosted, whose triggers skip pg_temp)', async () => {
    const notices: string[] = [];
    const unlisten = await db.listen('pgrst', (payload) => notices.push(payload));
    try {
      await db.asAdmin((tx) => tx.exec('create temp table fr_scratch (id int) on commit drop'));
      await admin('create table fr_loud (id int);');
      await expect.poll(() => notices.length, poll).toBeGreaterThan(0);
      expect(notices).toEqual(['reload schema']);
    } finally {
      await unlisten();
    }
  });
});
