import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '@ensemble/billing-sandbox/engine';
import { removeDir, tempDir } from './sandbox-harness.js';

interface Item {
  readonly id: string;
  readonly org: string;
  readonly email: string;
}

const dirs: string[] = [];
const newDir = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

const open = (dir: string, compactEvery = 5_000) => {
  const store = new Store({ dataDir: dir, compactEvery });
  return { store, items: store.collection<Item>('items', { byOrg: (i) => i.org, email: (i) => `${i.org}|${i.email}` }) };
};

describe('sandbox engine: store and persistence (state persists, atomic writes)', () => {
  it('keeps records by id and secondary index, updating the index when a record changes', () => {
    const { items } = open(newDir());
    items.put({ id: 'a', org: 'o1', email: 'a@x.co' });
    items.put({ id: 'b', org: 'o1', email: 'b@x.co' });
    items.update('a', { email: 'c@x.co' });
    expect(items.byIndex('byOrg', 'o1').map((i) => i.id)).toEqual(['a', 'b']);
    expect(items.oneByIndex('email', 'o1|a@x.co')).toBeUndefined();
    expect(items.oneByIndex('email', 'o1|c@x.co')?.id).toBe('a');
    items.delete('b');
    expect(items.byIndex('byOrg', 'o1').map((i) => i.id)).toEqual(['a']);
  });

  it('undoes every write of a transaction that throws, in memory and on disk', () => {
    const dir = newDir();
    const { store, items } = open(dir);
    items.put({ id: 'a', org: 'o1', email: 'a@x.co' });
    expect(() =>
      store.transaction(() => {
        items.update('a', { email: 'changed@x.co' });
        items.put({ id: 'b', org: 'o1', email: 'b@x.co' });
        throw new Error('rejected');
      }),
    ).toThrow('rejected');
    expect(items.get('a')?.email).toBe('a@x.co');
    expect(items.get('b')).toBeUndefined();
    expect(items.oneByIndex('email', 'o1|changed@x.co')).toBeUndefined();
    store.close();
    const again = open(dir);
    expect([...again.items.values()]).toEqual([{ id: 'a', org: 'o1', email: 'a@x.co' }]);
  });

  it('restores everything after a restart, from the log alone and after compaction', () => {
    const dir = newDir();
    const first = open(dir, 3);
    for (let i = 0; i < 10; i += 1) first.items.put({ id: `i${i}`, org: 'o', email: `${i}@x.co` });
    first.items.delete('i4');
    // no close(): the process "dies" here, with part of the state in the snapshot and part in the log
    const second = open(dir, 3);
    expect(second.items.size).toBe(9);
    expect(second.items.get('i4')).toBeUndefined();
    expect(second.items.oneByIndex('email', 'o|9@x.co')?.id).toBe('i9');
  });

  it('drops a torn last log line (a write never acknowledged) and keeps appending after it', () => {
    const dir = newDir();
    const first = open(dir);
    first.items.put({ id: 'kept', org: 'o', email: 'k@x.co' });
    appendFileSync(join(dir, 'wal.log'), '{"s":2,"o":[["items","torn",{"id":"to');
    const second = open(dir);
    expect([...second.items.values()].map((i) => i.id)).toEqual(['kept']);
    second.items.put({ id: 'after', org: 'o', email: 'a@x.co' });
    const third = open(dir);
    expect([...third.items.values()].map((i) => i.id)).toEqual(['kept', 'after']);
  });

  it('replays nothing twice when a crash falls between writing the snapshot and emptying the log', () => {
    const dir = newDir();
    const first = open(dir);
    first.items.put({ id: 'a', org: 'o', email: 'a@x.co' });
    first.items.put({ id: 'b', org: 'o', email: 'b@x.co' });
    const log = readFileSync(join(dir, 'wal.log'), 'utf8');
    first.store.compact();
    writeFileSync(join(dir, 'wal.log'), log); // the truncation "did not happen"
    first.store.close();
    const second = open(dir);
    second.items.delete('a');
    const third = open(dir);
    expect([...third.items.values()].map((i) => i.id)).toEqual(['b']);
  });

  it('refuses a data folder another live process holds, and takes over the lock of a dead one', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'LOCK'), String(process.ppid));
    expect(() => new Store({ dataDir: dir })).toThrow(/in use by process/);
    writeFileSync(join(dir, 'LOCK'), '999999999');
    const store = new Store({ dataDir: dir });
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(String(process.pid));
    store.close();
  });

  it('loses no acknowledged transaction, and no half transaction, when the writer is killed mid-write', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'store-writer-child.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let acknowledged = -1;
    let buffer = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) acknowledged = Number(line.slice(4));
        if (acknowledged >= 300 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const store = new Store({ dataDir: dir });
    const items = store.collection<{ id: string; n: number }>('items');
    const pairs = store.collection<{ id: string; n: number }>('pairs');
    for (let n = 0; n <= acknowledged; n += 1) expect(items.get(`item-${n}`)?.n).toBe(n);
    // transactions are all or nothing: every item has its pair
    expect(pairs.size).toBe(items.size);
    for (const item of items.values()) expect(pairs.get(`pair-${item.n}`)).toBeDefined();
    store.close();
  });
});
