// The Redis lane's server is provisioned like Chromium: found, else installed from Debian's
// packages when the run may, else the run stops at once with the one command to run.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provisionRedis } from '../../support/redis-server.js';

const dirs: string[] = [];
const emptyDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'redis-probe-'));
  dirs.push(dir);
  return dir;
};
const fakeServer = (dir: string) => {
  const path = join(dir, 'redis-server');
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('provisionRedis (tests/support/redis-server.ts)', () => {
  it('takes REDIS_SERVER_PATH when it is executable, and refuses it by name otherwise', () => {
    const path = fakeServer(emptyDir());
    expect(provisionRedis({ env: { REDIS_SERVER_PATH: path }, places: [] })).toBe(path);
    expect(() => provisionRedis({ env: { REDIS_SERVER_PATH: '/nowhere/redis-server' }, places: [] })).toThrow(/REDIS_SERVER_PATH is set to \/nowhere/);
  });

  it('installs when none is found and it may, then uses what was installed', () => {
    const dir = emptyDir();
    const place = join(dir, 'redis-server');
    let installs = 0;
    expect(provisionRedis({ env: {}, places: [place], canInstall: () => true, install: () => { installs += 1; fakeServer(dir); } })).toBe(place);
    expect(installs).toBe(1);
  });

  it('stops with the one command to run when it may not install', () => {
    expect(() => provisionRedis({ env: {}, places: [join(emptyDir(), 'redis-server')], canInstall: () => false }))
      .toThrow(/sudo apt-get update && sudo apt-get install -y redis-server/);
  });
});
