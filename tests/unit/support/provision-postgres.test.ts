// The PostgreSQL lane's server is provisioned like Chromium: found, else installed from Debian's
// packages when the run may, else the run stops at once with the one command to run.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPostgresBin, provisionPostgres } from '../../support/postgres-server.js';

const dirs: string[] = [];
const emptyDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'postgres-probe-'));
  dirs.push(dir);
  return dir;
};
/** A Debian-like /usr/lib/postgresql/<version>/bin with the two programs the lane runs. */
const fakeVersion = (root: string, version: string) => {
  const bin = join(root, version, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const name of ['initdb', 'postgres']) {
    writeFileSync(join(bin, name), '#!/bin/sh\n');
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('provisionPostgres (tests/support/postgres-server.ts)', () => {
  it('takes the newest installed version', () => {
    const root = emptyDir();
    fakeVersion(root, '15');
    const newest = fakeVersion(root, '17');
    mkdirSync(join(root, 'common'));
    expect(findPostgresBin({}, root)).toBe(newest);
  });

  it('takes POSTGRES_BINDIR when it holds initdb and postgres, and refuses it by name otherwise', () => {
    const bin = fakeVersion(emptyDir(), '16');
    expect(provisionPostgres({ env: { POSTGRES_BINDIR: bin }, root: emptyDir() })).toBe(bin);
    expect(() => provisionPostgres({ env: { POSTGRES_BINDIR: '/nowhere' }, root: emptyDir(), canInstall: () => true, install: () => { throw new Error('must not install'); } }))
      .toThrow(/POSTGRES_BINDIR is set to \/nowhere/);
  });

  it('installs when none is found and it may, then uses what was installed', () => {
    const root = emptyDir();
    let installs = 0;
    const found = provisionPostgres({ env: {}, root, canInstall: () => true, install: () => { installs += 1; fakeVersion(root, '15'); } });
    expect(installs).toBe(1);
    expect(found).toBe(join(root, '15', 'bin'));
  });

  it('stops with the one command to run when it may not install', () => {
    expect(() => provisionPostgres({ env: {}, root: emptyDir(), canInstall: () => false, install: () => { throw new Error('must not install'); } }))
      .toThrow(/sudo apt-get update && sudo apt-get install -y postgresql/);
  });

  it('says so when an install leaves no server behind', () => {
    expect(() => provisionPostgres({ env: {}, root: emptyDir(), canInstall: () => true, install: () => undefined })).toThrow(/no initdb was found/);
  });
});
