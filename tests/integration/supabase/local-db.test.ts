import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, openLocalDb, type LocalDb } from '@ensemble/supabase-stand-in';
import { openTestDb, testTemplate } from '../../support/supabase-rest-harness.js';

let dir: string;
let db: LocalDb;
// Opening databases is setup (slow on a loaded machine); the tests themselves only query.
beforeAll(async () => {
  const template = await testTemplate();
  dir = await mkdtemp(join(tmpdir(), 'ensemble-local-db-'));
  // Seeded from the migrated template (initdb on disk is slow); the test's reopen is the real restart.
  const first = await openLocalDb({ dataDir: dir, template });
  await first.asAdmin((tx) => tx.query("insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'kept@example.test')"));
  await first.close();
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the stand-in database (PGlite) as a hosted project has it', () => {
  it('applies every migration once, persists data in its folder and reopens without re-running them', async () => {
    const second = await openLocalDb({ dataDir: dir });
    const versions = await second.asAdmin((tx) => tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version'));
    expect(versions.rows.map((row) => row.version)).toEqual((await listMigrations()).map((migration) => migration.version));
    const kept = await second.withRole('service_role', null, (tx) => tx.query<{ credits: number }>('select credits from public.profiles'));
    expect(kept.rows).toEqual([{ credits: 100 }]);
    await second.close();
  });

  it('withRole switches role and claims for one transaction only', async () => {
    const sub = '22222222-2222-4222-8222-222222222222';
    const inside = await db.withRole('authenticated', { sub }, (tx) =>
      tx.query<{ who: string; uid: string; role: string }>('select current_user as who, auth.uid()::text as uid, auth.role() as role'));
    expect(inside.rows[0]).toEqual({ who: 'authenticated', uid: sub, role: 'authenticated' });
    const after = await db.asAdmin((tx) => tx.query<{ who: string; uid: string | null }>('select current_user as who, auth.uid()::text as uid'));
    expect(after.rows[0]).toEqual({ who: 'postgres', uid: null });
    await expect(db.withRole('anon', null, (tx) => tx.query('insert into public.models (id, label, provider, input_credits_per_1k, output_credits_per_1k) values ($1, $2, $3, 1, 1)', ['x', 'x', 'offline'])))
      .rejects.toMatchObject({ code: '42501' });
    const readOnly = db.withRole('service_role', null, (tx) => tx.query("update public.models set label = 'x' where id = 'offline'"), { readOnly: true });
    await expect(readOnly).rejects.toMatchObject({ code: '25006' });
  });

  it('auth.users has the GoTrue columns the Auth side writes, and an anonymous user gets no free credits', async () => {
    const columns = await db.asAdmin((tx) => tx.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'"));
    expect(columns.rows.map((row) => row.column_name)).toEqual(expect.arrayContaining([
      'id', 'email', 'encrypted_password', 'email_confirmed_at', 'last_sign_in_at', 'raw_user_meta_data', 'raw_app_meta_data',
      'created_at', 'updated_at', 'is_anonymous',
    ]));
    await db.asAdmin((tx) => tx.query(
      `insert into auth.users (id, is_anonymous, raw_user_meta_data) values
         ('33333333-3333-4333-8333-333333333333', true, '{}'),
         ('44444444-4444-4444-8444-444444444444', false, '{"marketing_consent": "true"}')`));
    const profiles = await db.asAdmin((tx) => tx.query<{ id: string; credits: number; marketing_consent: boolean }>(
      "select id::text, credits, marketing_consent from public.profiles where id::text like '3333%' or id::text like '4444%' order by id"));
    expect(profiles.rows).toEqual([
      { id: '33333333-3333-4333-8333-333333333333', credits: 0, marketing_consent: false },
      { id: '44444444-4444-4444-8444-444444444444', credits: 100, marketing_consent: true },
    ]);
  });
});
