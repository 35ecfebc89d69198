// For the tests that start the whole stack (browser-test stacks, npm run dev, the stack switching).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long a process waits for another one's migration before taking its lock to be left by a dead run. */
const WAIT_MS = 240_000;

/**
 * A PGlite data folder with the bootstrap and every migration applied, made once per machine and per
 * content of the bootstrap, storage schema and migrations, then copied into each stack's data folder:
 * the stand-in finds nothing left to apply, as on a second `npm start`. Made beside its final path and
 * renamed into place, so a stack never copies a half-written folder; two stacks starting at once both
 * wait for the one that takes the lock.
 */
export async function migratedDataDir(): Promise<string> {
  const { bootstrapFile, listMigrations, openLocalDb, storageSchemaFile } = await import('@ensemble/supabase-stand-in');
  const hash = createHash('sha256');
  hash.update(await readFile(bootstrapFile)).update(await readFile(storageSchemaFile));
  for (const migration of await listMigrations()) hash.update(migration.version).update(await readFile(migration.path));
  const path = join(tmpdir(), `ensemble-e2e-migrated-${hash.digest('hex').slice(0, 16)}`);
  const lock = `${path}.lock`;
  const until = Date.now() + WAIT_MS;
  while (!existsSync(path)) {
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process is migrating; past the wait its lock is taken to be left by a dead run.
      if (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    try {
      const staging = `${path}.${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      const db = await openLocalDb({ dataDir: staging });
      await db.close();
      renameSync(staging, path);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return path;
}
