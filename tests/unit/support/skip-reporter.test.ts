// The reporter of `npm test` fails a run with a silent skip or a todo, lists stated reasons, and lets
// a filtered run (`-t`) leave tests out. Each case is a real vitest run over small test files.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, specsExpected } from '../../support/billing-spec-calls.js';

const run = promisify(execFile);
const REPORTER = join(repoRoot, 'tests', 'support', 'skip-reporter.ts');
const VITEST = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
let dir: string;

const FILES: Record<string, string> = {
  'reasoned.test.js': `it('runs', () => {});\nit('needs a provider key', (ctx) => ctx.skip('no provider key on this machine'));\n`,
  'silent.test.js': `it('runs too', () => {});\nit.skip('comes later', () => {});\n`,
  'todo.test.js': `it('runs as well', () => {});\nit.todo('write me');\n`,
  'plain.test.js': `describe('alpha', () => {\n  it('first', () => {});\n  it('second', () => {});\n});\nit('beta', () => {});\n`,
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skip-reporter-'));
  mkdirSync(join(dir, 'cases'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, 'cases', name), text);
  // Globals, so the files need no `vitest` import (there is no node_modules beside them).
  writeFileSync(join(dir, 'vitest.config.mjs'), `export default { test: { globals: true, include: ['cases/*.test.js'], reporters: ['default', ${JSON.stringify(REPORTER)}] } };\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `vitest run` in the temporary folder: exit status and what the reporter printed. */
async function vitest(...args: string[]): Promise<{ status: number; out: string }> {
  // The outer run's own variables (VITEST_*, a worker id, CI) would change how the inner one behaves.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'CI' && key !== 'NODE_OPTIONS'));
  try {
    const { stdout } = await run(process.execPath, [VITEST, 'run', '--config', join(dir, 'vitest.config.mjs'), '--root', dir, ...args], { cwd: dir, env });
    return { status: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the skip reporter (tests/support/skip-reporter.ts)', () => {
  it('lists a skip with its stated reason and lets the run pass', async () => {
    const { status, out } = await vitest('cases/reasoned.test.js');
    expect(out).toContain('Skipped tests: 1\n');
    expect(out).toMatch(/cases\/reasoned\.test\.js > needs a provider key\n\s+reason: no provider key on this machine/);
    expect(status).toBe(0);
  });

  it('fails the run on a skip without a reason', async () => {
    const { status, out } = await vitest('cases/silent.test.js');
    expect(out).toMatch(/cases\/silent\.test\.js > comes later\n\s+reason: NONE GIVEN/);
    expect(out).toContain('1 test(s) skipped without a stated reason or left as todo');
    expect(status).toBe(1);
  });

  it('fails the run on a todo', async () => {
    const { status, out } = await vitest('cases/todo.test.js');
    expect(out).toMatch(/cases\/todo\.test\.js > write me\n\s+reason: TODO/);
    expect(status).toBe(1);
  });

  it('a name filter (-t) leaves tests out without failing the run, and says how many', async () => {
    const { status, out } = await vitest('cases/plain.test.js', 'cases/reasoned.test.js', '-t', 'alpha first');
    expect(out).toContain('Skipped tests: 0 (every test ran)');
    expect(out).toContain("Left out by the run's filter (-t, file:line or tags): 4");
    expect(status).toBe(0);
  });

  it('under a name filter, a skip the filter selects still needs its reason', async () => {
    const { status, out } = await vitest('cases/silent.test.js', '-t', 'comes later');
    expect(out).toMatch(/comes later\n\s+reason: NONE GIVEN/);
    expect(status).toBe(1);
  });

  it('a file:line filter leaves the other tests of the file out without failing the run', async () => {
    const { status, out } = await vitest('cases/silent.test.js:1');
    expect(out).toContain("Left out by the run's filter (-t, file:line or tags): 1");
    expect(status).toBe(0);
  });
});

describe('where the billing specs are expected (needSpecs throws there instead of skipping)', () => {
  it('in CI, when ENSEMBLE_SPEC_DIR names them, and beside the shared folder; a lone copy may skip', () => {
    const lone = mkdtempSync(join(tmpdir(), 'lone-'));
    const beside = mkdtempSync(join(tmpdir(), 'beside-'));
    mkdirSync(join(beside, 'shared'));
    mkdirSync(join(beside, 'repo'));
    try {
      expect(specsExpected({ CI: '1' }, join(lone, 'repo'))).toBe(true);
      expect(specsExpected({ ENSEMBLE_SPEC_DIR: '/specs' }, join(lone, 'repo'))).toBe(true);
      expect(specsExpected({}, join(beside, 'repo'))).toBe(true);
      expect(specsExpected({}, join(lone, 'repo'))).toBe(false);
    } finally {
      rmSync(lone, { recursive: true, force: true });
      rmSync(beside, { recursive: true, force: true });
    }
  });
});
