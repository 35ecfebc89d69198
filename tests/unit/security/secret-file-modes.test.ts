// Issue 14: local secrets are the owner's only. The billing sandbox's log and snapshot carry the
// organization token and webhook secret; the stand-in's keys file the JWT secret and service key.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderPersistence } from '../../../adapters/billing/sandbox/engine/persistence.js';
import { openLocalDb } from '../../../adapters/supabase/local/db.js';
import { openLocalKeys } from '../../../adapters/supabase/local/keys.js';

const roots: string[] = [];
const root = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-modes-'));
  roots.push(dir);
  return dir;
};
afterEach(() => roots.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('secret-bearing files and folders are 0600 / 0700 (issue 14)', () => {
  it('the billing sandbox: its folder 0700, the write-ahead log and the snapshot 0600', () => {
    const dir = join(root(), 'billing');
    const persistence = new FolderPersistence(dir, { fsync: false });
    persistence.load();
    persistence.append([['tokens', 't1', { token: 'polar_oat_secret' }]]);
    persistence.compact(new Map([['tokens', new Map([['t1', { token: 'polar_oat_secret' }]])]]));
    persistence.close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'wal.log'))).toBe(0o600);
    expect(mode(join(dir, 'state.json'))).toBe(0o600);
  });

  it('the Supabase stand-in: the keys file 0600 in a 0700 folder, and the database folder 0700', async () => {
    const dir = join(root(), 'data');
    await openLocalKeys({ dataDir: dir, issuer: 'http://127.0.0.1:54321/auth/v1' });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'supabase-keys.json'))).toBe(0o600);
    const dbDir = join(dir, 'postgres');
    const db = await openLocalDb({ dataDir: dbDir });
    await db.close();
    expect(mode(dbDir)).toBe(0o700);
  }, 60_000);
});
