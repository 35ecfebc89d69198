// The test command provisions Chromium itself, or stops at once with the command to run.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provisionChromium } from '../../support/global-setup.js';

const dirs: string[] = [];
const emptyDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-probe-'));
  dirs.push(dir);
  return dir;
};
const fakeBrowser = (dir: string, name = 'chromium') => {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('provisionChromium (tests/support/global-setup.ts)', () => {
  it('takes CHROMIUM_PATH when it is executable', () => {
    const path = fakeBrowser(emptyDir());
    expect(provisionChromium({ env: { CHROMIUM_PATH: path, PATH: '' }, places: [] })).toBe(path);
  });

  it('refuses a CHROMIUM_PATH that is not an executable, naming it', () => {
    expect(() => provisionChromium({ env: { CHROMIUM_PATH: '/nowhere/chromium', PATH: '' }, places: [] })).toThrow(/CHROMIUM_PATH is set to \/nowhere\/chromium/);
  });

  it('finds chromium-browser on PATH', () => {
    const dir = emptyDir();
    const path = fakeBrowser(dir, 'chromium-browser');
    expect(provisionChromium({ env: { PATH: dir }, places: [] })).toBe(path);
  });

  it('installs when none is found and it may, then uses what was installed', () => {
    const dir = emptyDir();
    let installs = 0;
    const found = provisionChromium({ env: { PATH: dir }, places: [], canInstall: () => true, install: () => { installs += 1; fakeBrowser(dir); } });
    expect(installs).toBe(1);
    expect(found).toBe(join(dir, 'chromium'));
  });

  it('stops with the one command to run when it may not install', () => {
    expect(() => provisionChromium({ env: { PATH: emptyDir() }, places: [], canInstall: () => false, install: () => { throw new Error('must not install'); } }))
      .toThrow(/sudo apt-get update && sudo apt-get install -y chromium/);
  });

  it('says so when an install leaves no executable behind', () => {
    expect(() => provisionChromium({ env: { PATH: emptyDir() }, places: [], canInstall: () => true, install: () => undefined })).toThrow(/no executable was found/);
  });
});
