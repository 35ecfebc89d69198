import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { ownerOnlyFolder, ownerOnlyTree } from './owner-only.js';

/** The API roles PostgREST switches to; `service_role` bypasses row-level security. */
export type DbRole = 'anon' | 'authenticated' | 'service_role';
export type JwtClaims = Readonly<Record<string, unknown>>;
export type { Transaction };

export interface LocalDb {
  readonly pg: PGlite;
  /** Runs `fn` in a transaction as the superuser (`postgres`): what GoTrue's own database user may do. */
  asAdmin<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in a transaction as `role` with `request.jwt.claims` set, exactly as PostgREST does, so
   * row-level security is Postgres's own. Transactions are serialised: PGlite has one connection.
   */
  withRole<T>(role: DbRole, claims: JwtClaims | null, fn: (tx: Transaction) => Promise<T>, options?: RoleOptions): Promise<T>;
  /** A gzipped copy of the data directory, to open further instances from (tests). */
  dumpTemplate(): Promise<Blob>;
  close(): Promise<void>;
}

export interface RoleOptions {
  /** PostgREST runs GET and HEAD requests read-only: a writing function then fails with 25006. */
  readonly readOnly?: boolean;
}

export interface OpenLocalDbOptions {
  /** Folder for the data (e.g. `.data/postgres`); omitted means in memory. */
  readonly dataDir?: string;
  /** A data directory from `dumpTemplate()`; the new instance is in memory. */
  readonly template?: Blob;
}

const setRole = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";
// Switching a transaction to read-only is allowed after its first query, so one statement does it all.
const setRoleReadOnly = `${setRole}, set_config('transaction_read_only', 'on', true)`;
const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url));

export async function openLocalDb(options: OpenLocalDbOptions = {}): Promise<LocalDb> {
  // The data folder is the owner's only; PGlite writes its files 0666, so they are narrowed to
  // 0600 once it has opened them and again when it closes.
  const dataDir = options.dataDir;
  if (dataDir) await ownerOnlyFolder(dataDir);
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  await bootstrap(pg);
  await applyMigrations(pg);
  if (dataDir) await ownerOnlyTree(dataDir);
  return {
    pg,
    asAdmin: (fn) => pg.transaction(fn),
    withRole: (role, claims, fn, roleOptions) =>
      pg.transaction(async (tx) => {
        // set_config(..., true) is SET LOCAL: all of it ends with the transaction.
        await tx.query(roleOptions?.readOnly ? setRoleReadOnly : setRole, [role, JSON.stringify({ ...claims, role })]);
        return fn(tx);
      }),
    dumpTemplate: () => pg.dumpDataDir('gzip'),
    close: async () => {
      await pg.close();
      if (dataDir) await ownerOnlyTree(dataDir);
    },
  };
}

async function bootstrap(pg: PGlite): Promise<void> {
  const { rows } = await pg.query<{ ready: boolean }>("select to_regnamespace('auth') is not null as ready");
  if (rows[0]?.ready) return;
  const sql = await readFile(bootstrapFile, 'utf8');
  await pg.transaction((tx) => tx.exec(sql));
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
async function applyMigrations(pg: PGlite): Promise<void> {
  const applied = await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(applied.rows.map((row) => row.version));
  for (const migration of await listMigrations()) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    await pg.transaction(async (tx) => {
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
}
