// The worker's pool of migrated PGlite databases (tests/support/pooled-db.ts): a database a file gives
// back is lent again only as the template was: rows, sequences and session put back, and one whose
// schema, grants, roles or settings changed, or that holds a transaction open, is closed instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { openLocalDb } from '@ensemble/supabase-stand-in';
import { pooledTestDb } from '../../support/pooled-db.js';
import { testTemplate } from '../../support/supabase-rest-harness.js';

let template: LocalDb;
beforeAll(async () => {
  template = await openLocalDb({ template: await testTemplate() });
});
afterAll(async () => {
  await template?.close();
});

/** Everything a file may change by writing rows, read the same way from any database. */
async function state(db: LocalDb) {
  const one = async (sql: string) => (await db.sql.query<{ v: unknown }>(sql)).rows[0]?.v;
  return {
    users: await one('select count(*)::int as v from auth.users'),
    models: await one("select md5(string_agg(m::text, ',' order by m.id)) as v from public.models m"),
    prompts: await one('select count(*)::int as v from public.prompts'),
    translations: await one('select count(*)::int as v from public.prompt_translations'),
    migrations: await one('select count(*)::int as v from supabase_migrations.schema_migrations'),
    timezone: await one('show timezone'),
    sequences: await one("select string_agg(format('%s=%s', sequencename, last_value), ',' order by sequencename) as v from pg_sequences"),
  };
}

describe('the pool of test databases', () => {
  it('lends a used database again with the template’s rows, sequences and session, however the file left it', async () => {
    const expected = await state(template);
    const first = await pooledTestDb();
    const engine = first.sql;
    await first.sql.query("insert into auth.users (id, email) values (gen_random_uuid(), 'pool@example.com')");
    await first.sql.query("update public.models set label = 'Changed by a test' where id = (select min(id) from public.models)");
    await first.sql.query('delete from public.prompt_translations where ctid in (select ctid from public.prompt_translations limit 5)');
    await first.sql.query('delete from public.prompts where id = (select min(id) from public.prompts)');
    await first.sql.exec("set timezone = 'Asia/Tokyo'");
    const sequence = (await first.sql.query<{ name: string }>("select format('%I.%I', schemaname, sequencename) as name from pg_sequences limit 1")).rows[0]?.name;
    if (sequence) await first.sql.query('select nextval($1::regclass)', [sequence]);
    expect(await state(first)).not.toEqual(expected);
    await first.close();

    const second = await pooledTestDb();
    // The same database, not a new one: nothing of the file before shows.
    expect(second.sql === engine).toBe(true);
    expect(await state(second)).toEqual(expected);
    await second.close();
  });

  // Each change alone: the database it was made in is closed, and the next one lent is another, as the template.
  it.each([
    ['a table created', 'create table public.left_behind (id int primary key)'],
    ['a grant', 'grant insert on public.models to anon'],
    ['a role setting', 'alter role authenticated set statement_timeout = 1234'],
    ['a transaction left open', "begin; insert into auth.users (id, email) values (gen_random_uuid(), 'open@example.com')"],
  ])('closes a database given back after %s, and lends another', async (_, change) => {
    const first = await pooledTestDb();
    const engine = first.sql;
    await first.sql.exec(change);
    await first.close();
    const second = await pooledTestDb();
    expect(second.sql === engine).toBe(false);
    expect(await state(second)).toEqual(await state(template));
    expect((await second.sql.query("select to_regclass('public.left_behind') as t")).rows[0]).toEqual({ t: null });
    await second.close();
  });

  it('removes the listeners a file added: a NOTIFY after it gave the database back reaches nobody of it', async () => {
    const first = await pooledTestDb();
    const engine = first.sql;
    const heard: string[] = [];
    await first.listen('pgrst', (payload) => heard.push(payload));
    await first.sql.exec("notify pgrst, 'before'");
    await expect.poll(() => heard).toEqual(['before']);
    await first.close();
    const second = await pooledTestDb();
    expect(second.sql === engine).toBe(true);
    const heardNow: string[] = [];
    await second.listen('pgrst', (payload) => heardNow.push(payload));
    await second.sql.exec("notify pgrst, 'after'");
    await expect.poll(() => heardNow).toEqual(['after']);
    expect(heard).toEqual(['before']);
    await second.close();
  });

  it('two databases lent at once are two databases', async () => {
    const [a, b] = await Promise.all([pooledTestDb(), pooledTestDb()]);
    expect(a.sql === b.sql).toBe(false);
    await a.sql.query("insert into auth.users (id, email) values (gen_random_uuid(), 'a@example.com')");
    expect((await b.sql.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n).toBe(0);
    await a.close();
    await b.close();
  });
});
