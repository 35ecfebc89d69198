// scripts/test.mjs (`npm test`) in a folder of its own, with stand-in commands where it looks for the
// typecheck, ESLint, knip and vitest: the checks run beside the tests, a failing check stops the tests
// at once and gives the run its exit code, and each phase's time is reported whatever happened.
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
let dir: string;

/**
 * A stand-in command: appends "<name> start" (and its arguments) to the log; once the log holds the line
 * `<NAME>_AFTER` names (if any) and `<NAME>_MS` more have passed (default 0), appends "<name> end" and
 * exits with `<NAME>_EXIT` (default 0). On SIGTERM, from before its first line, it appends "<name> stopped".
 */
const standIn = (name: string) => `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require('node:fs');
const file = require('node:path').join(process.env.LOG_DIR, 'log');
const log = (what) => appendFileSync(file, '${name} ' + what + '\\n');
const key = '${name.toUpperCase()}';
process.on('SIGTERM', () => { log('stopped'); process.exit(143); });
log('start ' + process.argv.slice(2).join(' '));
const after = process.env[key + '_AFTER'];
const finish = () => setTimeout(() => { log('end'); process.exit(Number(process.env[key + '_EXIT'] ?? 0)); }, Number(process.env[key + '_MS'] ?? 0));
if (after === undefined) finish();
else { const wait = setInterval(() => { if (readFileSync(file, 'utf8').split('\\n').some((line) => line.startsWith(after))) { clearInterval(wait); finish(); } }, 10); }
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'test-runner-'));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', 'typescript-native', 'bin'), { recursive: true });
  copyFileSync(join(repoRoot, 'scripts', 'test.mjs'), join(dir, 'scripts', 'test.mjs'));
  // A package.json without "type": the stand-ins are CommonJS.
  writeFileSync(join(dir, 'package.json'), '{}\n');
  writeFileSync(join(dir, 'node_modules', 'typescript-native', 'bin', 'tsc'), standIn('tsc'));
  for (const name of ['eslint', 'knip', 'vitest']) {
    const path = join(dir, 'node_modules', '.bin', name);
    writeFileSync(path, standIn(name));
    chmodSync(path, 0o755);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node scripts/test.mjs ...args` there with `env`: exit status, output and the stand-ins' log. */
function npmTest(env: Record<string, string>, ...args: string[]): Promise<{ status: number; out: string; log: string[] }> {
  const logDir = mkdtempSync(join(dir, 'run-'));
  writeFileSync(join(logDir, 'log'), '');
  return new Promise((resolve) => {
    // Bounded: a runner that waited for one step before starting the next would never end here.
    execFile(process.execPath, ['scripts/test.mjs', ...args], { cwd: dir, timeout: 15_000, env: { ...process.env, ...env, LOG_DIR: logDir } }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ status, out: stdout + stderr, log: readFileSync(join(logDir, 'log'), 'utf8').split('\n').filter(Boolean) });
    });
  });
}

describe('npm test (scripts/test.mjs)', () => {
  it('runs the typecheck and the lint beside the tests, passes arguments to vitest, and reports every phase', async () => {
    // Each check ends only once the tests have started, and the tests only once both checks have ended:
    // run one after another, the run would never end.
    const run = await npmTest({ TSC_AFTER: 'vitest start', ESLINT_AFTER: 'vitest start', KNIP_AFTER: 'vitest start', VITEST_AFTER: 'knip end' }, 'tests/unit');
    expect(run.status, run.out).toBe(0);
    const at = (line: string) => run.log.indexOf(line);
    expect(at('vitest start run tests/unit')).toBeGreaterThanOrEqual(0);
    expect(at('vitest start run tests/unit')).toBeLessThan(Math.min(at('tsc end'), at('eslint end')));
    expect(Math.max(at('tsc end'), at('eslint end'))).toBeLessThan(at('vitest end'));
    // knip after ESLint, the core's typecheck after the app's.
    expect(at('knip start ')).toBeGreaterThan(at('eslint end'));
    expect(run.log.filter((line) => line.startsWith('tsc start'))).toHaveLength(2);
    expect(run.out).toMatch(/npm test, phase by phase:\n {2}typecheck +\d+\.\d s\n {2}lint +\d+\.\d s\n {2}vitest +\d+\.\d s\n/);
    expect(run.out).toMatch(/total +\d+\.\d s/);
    // Where the kernel counts CPU time (/proc/stat), how busy the machine's cores were, on the line after the total.
    if (existsSync('/proc/stat')) {
      const busy = /total +\d+\.\d s\n {2}\(the machine's (\d+) cores were busy (\d+) % of the run: (\d+) CPU-seconds\)\n/.exec(run.out);
      expect(busy, run.out).not.toBeNull();
      expect(Number(busy?.[1])).toBe(availableParallelism());
      expect(Number(busy?.[2])).toBeLessThanOrEqual(100);
    }
  });

  it('a failing typecheck stops the tests at once; the run exits with its code and says why', async () => {
    // The typecheck fails once the tests have started (and can take a signal).
    const run = await npmTest({ TSC_EXIT: '2', TSC_AFTER: 'vitest start', VITEST_MS: '30000' });
    expect(run.status).toBe(2);
    expect(run.log).toContain('vitest stopped');
    expect(run.log).not.toContain('vitest end');
    expect(run.out).toContain('typecheck failed (exit code 2); stopping the tests.');
    expect(run.out).toMatch(/typecheck +\d+\.\d s {2}\(failed, exit code 2\)/);
    expect(run.out).toMatch(/vitest +\d+\.\d s {2}\(stopped: typecheck failed\)/);
  });

  it('failing tests give the run their exit code once the checks have passed', async () => {
    const run = await npmTest({ VITEST_EXIT: '1', VITEST_AFTER: 'knip end', TSC_AFTER: 'vitest start' });
    expect(run.status).toBe(1);
    expect(run.log).toContain('tsc end');
    expect(run.out).toMatch(/vitest +\d+\.\d s {2}\(failed, exit code 1\)/);
    expect(run.out).not.toContain('stopping the tests');
  });
});
