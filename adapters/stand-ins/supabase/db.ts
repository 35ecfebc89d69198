import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { ownerOnlyFolder, ownerOnlyTree } from './owner-only.js';
import { postgresSqlDb } from './postgres-sql-db.js';
import type { SqlDb, SqlQueryable } from './sql-db.js';

/** The API roles PostgREST switches to; `service_role` bypasses row-level security. */
export type DbRole = 'anon' | 'authenticated' | 'service_role';
export type JwtClaims = Readonly<Record<string, unknown>>;
/** A transaction of the stand-in's database (PGlite's or a real server's). */
export type Transaction = SqlQueryable;

export interface LocalDb {
  /** The database itself, as the superuser: what GoTrue's own database user may do. */
  readonly sql: SqlDb;
  /** Which Postgres this is: PGlite in this process, or a PostgreSQL server. */
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in a transaction as the superuser. */
  asAdmin<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in a transaction as `role` with `request.jwt.claims` set, exactly as PostgREST does, so
   * row-level security is Postgres's own. On PGlite transactions are serialised (one connection); on
   * a server they run side by side, as in production.
   */
  withRole<T>(role: DbRole, claims: JwtClaims | null, fn: (tx: Transaction) => Promise<T>, options?: RoleOptions): Promise<T>;
  /** LISTEN on `channel` (PostgREST's `pgrst`, which DDL and `NOTIFY pgrst, 'reload schema'` signal). */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** A copy of the data directory (an uncompressed tar), to open further instances from (tests; PGlite only). */
  dumpTemplate(): Promise<Blob>;
  close(): Promise<void>;
}

export interface RoleOptions {
  /** PostgREST runs GET and HEAD requests read-only: a writing function then fails with 25006. */
  readonly readOnly?: boolean;
  /** `Prefer: timezone=…`: the transaction's TimeZone (a name already checked against pg_timezone_names). */
  readonly timezone?: string;
}

export interface OpenLocalDbOptions {
  /** Folder for the data (e.g. `.data/postgres`); omitted means in memory. */
  readonly dataDir?: string;
  /** A data directory from `dumpTemplate()`; the new instance is in memory. */
  readonly template?: Blob;
  /**
   * A database on a PostgreSQL server instead of PGlite (`postgres://…`), connected as a superuser
   * (Supabase's `supabase_admin`). The same bootstrap and migrations run there.
   */
  readonly postgresUrl?: string;
  /**
   * Applies the migrations up to this version only (tests of a migration on rows written before it:
   * open up to the version before, write, close, open again without it).
   */
  readonly upToVersion?: string;
}

const setRole = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";
// Switching a transaction to read-only is allowed after its first query, so one statement does it all.
const setRoleReadOnly = `${setRole}, set_config('transaction_read_only', 'on', true)`;
export const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
export const storageSchemaFile = fileURLToPath(new URL('./storage/storage-schema.sql', import.meta.url));
// The product's SQL migrations (adapters/supabase/migrations/), applied as a hosted project applies them:
// the one path outside this package it reads, as data (it imports nothing from there).
export const migrationsDir = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

export async function openLocalDb(options: OpenLocalDbOptions = {}): Promise<LocalDb> {
  const dataDir = options.postgresUrl ? undefined : options.dataDir;
  const sql = options.postgresUrl ? postgresSqlDb(options.postgresUrl) : await openPglite(options);
  try {
    await bootstrap(sql);
    await applyMigrations(sql, options.upToVersion);
    await watchSchemaChanges(sql);
    if (dataDir) await ownerOnlyTree(dataDir);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return {
    sql,
    engine: options.postgresUrl ? 'postgres' : 'pglite',
    asAdmin: (fn) => sql.transaction(fn),
    withRole: (role, claims, fn, roleOptions) =>
      sql.transaction(async (tx) => {
        // set_config(..., true) is SET LOCAL: all of it ends with the transaction.
        await tx.query(roleOptions?.readOnly ? setRoleReadOnly : setRole, [role, JSON.stringify({ ...claims, role })]);
        if (roleOptions?.timezone) await tx.query("select set_config('timezone', $1, true)", [roleOptions.timezone]);
        return fn(tx);
      }),
    listen: (channel, onNotify) => sql.listen(channel, onNotify),
    dumpTemplate: async () => {
      if (!(sql instanceof PGlite)) throw new Error('A PostgreSQL server database is copied with CREATE DATABASE ... TEMPLATE, not dumped');
      // Uncompressed: an instance opened from it skips the gunzip, the larger file costs nothing in memory.
      return sql.dumpDataDir('none');
    },
    close: async () => {
      await sql.close();
      if (dataDir) await ownerOnlyTree(dataDir);
    },
  };
}

async function openPglite(options: OpenLocalDbOptions): Promise<PGlite> {
  // The data folder is the owner's only; PGlite writes its files 0666, so they are narrowed to
  // 0600 once it has opened them and again when it closes.
  if (options.dataDir) await ownerOnlyFolder(options.dataDir);
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
}

async function bootstrap(sql: SqlDb): Promise<void> {
  const { rows } = await sql.query<{ auth: boolean; storage: boolean }>(
    "select to_regnamespace('auth') is not null as auth, to_regnamespace('storage') is not null as storage",
  );
  if (!rows[0]?.auth) {
    const script = await readFile(bootstrapFile, 'utf8');
    await sql.transaction((tx) => tx.exec(script));
  }
  // Storage came later: a data folder made before it gets its schema here, before the migrations need it.
  if (!rows[0]?.storage) {
    const script = await readFile(storageSchemaFile, 'utf8');
    await sql.transaction((tx) => tx.exec(script));
  }
}

// As on a hosted project: event triggers that tell PostgREST (here the REST side's schema cache) to reload
// after any DDL, by the same NOTIFY a person can send: `NOTIFY pgrst, 'reload schema'`.
// As hosted, only changes to what the API exposes count, and temporary objects never do.
const schemaWatch = `
create schema if not exists extensions;
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  if exists (
    select 1 from pg_event_trigger_ddl_commands() c
    where c.schema_name is distinct from 'pg_temp' and c.command_tag in (
      'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
      'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW', 'CREATE MATERIALIZED VIEW',
      'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION', 'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE',
      'CREATE RULE', 'COMMENT')
  ) then
    perform pg_notify('pgrst', 'reload schema');
  end if;
end $$;
create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $$
begin
  if exists (
    select 1 from pg_event_trigger_dropped_objects() o
    where not o.is_temporary and o.object_type in
      ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger', 'type', 'rule', 'table column')
  ) then
    perform pg_notify('pgrst', 'reload schema');
  end if;
end $$;
create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();
`;

async function watchSchemaChanges(sql: SqlDb): Promise<void> {
  const { rows } = await sql.query<{ n: number }>("select count(*)::int as n from pg_event_trigger where evtname in ('pgrst_ddl_watch', 'pgrst_drop_watch')");
  if (rows[0]?.n === 2) return;
  await sql.transaction(async (tx) => {
    await tx.exec('drop event trigger if exists pgrst_ddl_watch; drop event trigger if exists pgrst_drop_watch;');
    await tx.exec(schemaWatch);
  });
}

export interface MigrationFile {
  readonly version: string;
  readonly name: string;
  readonly path: string;
}

export async function listMigrations(dir = migrationsDir): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d+_[a-z0-9_]+\.sql$/.test(name)).sort();
  return names.map((file) => {
    const [version = '', ...rest] = file.replace(/\.sql$/, '').split('_');
    return { version, name: rest.join('_'), path: `${dir}/${file}` };
  });
}

/** Applies, in order and once each, the migrations not yet in supabase_migrations.schema_migrations. */
async function applyMigrations(sql: SqlDb, upToVersion?: string): Promise<void> {
  const applied = await sql.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(applied.rows.map((row) => row.version));
  for (const migration of await listMigrations()) {
    if (done.has(migration.version)) continue;
    if (upToVersion !== undefined && migration.version > upToVersion) break;
    const script = await readFile(migration.path, 'utf8');
    await sql.transaction(async (tx) => {
      try {
        // As on a hosted project, migrations run as `postgres`, which is not a superuser there: a
        // migration that needs more fails here too (on PGlite `postgres` is the superuser itself).
        await tx.exec(`set local role postgres;\n${script}`);
      } catch (error) {
        throw new Error(`migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.exec('reset role');
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
}
