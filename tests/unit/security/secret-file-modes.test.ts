// Local secrets are the owner's only. The billing sandbox's log and snapshot carry the
// organization token and webhook secret; the stand-in's keys file the JWT secret and service key.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderPersistence } from '@ensemble/billing-sandbox/engine';
import { openLocalDb, openLocalKeys, openMailbox, ownerOnlyFolder, ownerOnlyTree } from '@ensemble/supabase-stand-in';

const roots: string[] = [];
const root = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-modes-'));
  roots.push(dir);
  return dir;
};
afterEach(() => roots.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const mode = (path: string) => statSync(path).mode & 0o777;
/** Every path under `dir` that someone other than the owner could read, write or enter. */
const groupOrOtherAccess = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .concat(dir)
    .filter((path) => (lstatSync(path).mode & 0o077) !== 0 && !lstatSync(path).isSymbolicLink());

describe('secret-bearing files and folders are 0600 / 0700', () => {
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
    // PGlite writes its files 0666: none is readable by anyone else once it is open, nor after close.
    expect(groupOrOtherAccess(dbDir)).toEqual([]);
    await db.asAdmin((tx) => tx.exec('create table public.scratch_modes (id int); insert into public.scratch_modes values (1)'));
    await db.close();
    expect(mode(dbDir)).toBe(0o700);
    expect(groupOrOtherAccess(dbDir)).toEqual([]);
  }, 60_000);

  it('files an earlier version wrote with default modes become the owner\'s only when opened again', async () => {
    const dir = join(root(), 'data');
    await openLocalKeys({ dataDir: dir, issuer: 'http://127.0.0.1:54321/auth/v1' });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'supabase-keys.json'), 0o644);
    writeFileSync(join(dir, 'mailbox.jsonl'), '', { mode: 0o644 });
    await openLocalKeys({ dataDir: dir, issuer: 'http://127.0.0.1:54321/auth/v1' });
    await openMailbox({ file: join(dir, 'mailbox.jsonl') });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'supabase-keys.json'))).toBe(0o600);
    expect(mode(join(dir, 'mailbox.jsonl'))).toBe(0o600);

    const billing = join(root(), 'billing');
    const first = new FolderPersistence(billing, { fsync: false });
    first.load();
    first.compact(new Map([['tokens', new Map([['t1', { token: 'polar_oat_secret' }]])]]));
    first.close();
    chmodSync(join(billing, 'state.json'), 0o644);
    const again = new FolderPersistence(billing, { fsync: false });
    again.load();
    again.close();
    expect(mode(join(billing, 'state.json'))).toBe(0o600);
  });

  it('ownerOnlyTree narrows a whole folder: folders 0700, files 0600', async () => {
    const dir = join(root(), 'tree');
    mkdirSync(join(dir, 'a', 'b'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'a', 'b', 'f'), 'x', { mode: 0o666 });
    chmodSync(join(dir, 'a', 'b', 'f'), 0o666);
    await ownerOnlyTree(dir);
    expect(groupOrOtherAccess(dir)).toEqual([]);
    await ownerOnlyFolder(join(dir, 'new'));
    expect(mode(join(dir, 'new'))).toBe(0o700);
  });
});
