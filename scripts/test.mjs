// `npm test`: the tests, with the typecheck and the lint alongside them, and a report of each phase's time
// at the end, whether the run passed or not. The typecheck and ESLint keep incremental caches under
// node_modules/.cache/ (a second run reads only what changed); extra arguments go to vitest
// (`npm test -- tests/unit`).
//
// The static checks run at a lower CPU priority beside vitest instead of before it: the first minutes of
// the tests are mostly browser tests, which wait on Chromium and the stack more than they compute, and
// the checks take the cores they leave idle. A failing check stops the run at once (vitest with it) and
// its exit code is the run's; otherwise the run exits with the first failing phase's code, in the order
// typecheck, lint, tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const CACHE = join('node_modules', '.cache');
mkdirSync(join(CACHE, 'eslint'), { recursive: true });
mkdirSync(join(CACHE, 'tsc'), { recursive: true });

const bin = (name) => join('node_modules', '.bin', name);
// TypeScript 7's native compiler (installed as `typescript-native`; ESLint's parser keeps TypeScript 5.9,
// the `typescript` package): several times faster than tsc 5.9 over the same program and the same checks.
const TSC = join('node_modules', 'typescript-native', 'bin', 'tsc');
const tsc = (project, info) => [process.execPath, [TSC, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', join(CACHE, 'tsc', info)]];

/** The static checks: each phase's commands one after another, the phases beside each other and beside vitest. */
const CHECKS = [
  ['typecheck', [tsc('tsconfig.json', 'app.tsbuildinfo'), tsc('core/tsconfig.json', 'core.tsbuildinfo')]],
  ['lint', [[bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(CACHE, 'eslint') + '/']], [bin('knip'), []]]],
];
const TESTS = ['vitest', [[bin('vitest'), ['run', ...process.argv.slice(2)]]]];
/** How much less CPU the checks get than the tests when both want it (nice(1) steps; 0 turns it off). */
const CHECK_NICENESS = 10;
/** nice(1), where the system has it; without it the checks run at the tests' priority. */
const NICE = process.platform === 'win32' ? undefined : ['/usr/bin/nice', '/bin/nice'].find((path) => existsSync(path));

const children = new Set();

/**
 * Runs one command; its output goes straight through, or into `held` when given. A command run `nice`
 * starts at lower priority itself (the threads it starts inherit it).
 */
const run = (command, args, { held, nice = 0 } = {}) =>
  new Promise((resolve) => {
    const [file, argv] = nice > 0 && NICE !== undefined ? [NICE, ['-n', String(nice), command, ...args]] : [command, args];
    // A check leads a process group of its own, so stopping it stops what it started (knip's workers); the
    // tests stay in this terminal's group and take Ctrl-C from it as they would run alone.
    const ownGroup = held !== undefined && process.platform !== 'win32';
    const child = spawn(file, argv, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: ownGroup });
    child.ownGroup = ownGroup;
    children.add(child);
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('error', (error) => {
      children.delete(child);
      const text = `${command}: ${error.message}\n`;
      if (held) held.push(Buffer.from(text));
      else process.stderr.write(text);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });

/** Ends a command, a check with whatever it started. */
function stop(child, signal) {
  try {
    if (child.ownGroup) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}
const stopAll = (signal = 'SIGTERM') => children.forEach((child) => stop(child, signal));
// Ctrl-C reaches the terminal's group, the tests included; the checks lead groups of their own, so it is
// passed on to them. A SIGTERM sent to this process alone is passed on to every command. Either way the
// report below still prints once they have ended.
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
  for (const child of children) if (child.ownGroup) stop(child, 'SIGINT');
});
process.on('SIGTERM', () => {
  interrupted = true;
  stopAll('SIGTERM');
});

/** A phase's commands in turn, up to the first that fails: its name, exit code, time and held output. */
async function runPhase([name, commands], options) {
  const started = performance.now();
  const held = options.hold ? [] : undefined;
  let code = 0;
  for (const [command, args] of commands) {
    // Once the run is stopping (a check failed, or Ctrl-C), a phase starts nothing more.
    if (stoppedBy !== null || interrupted) {
      code = code || 1;
      break;
    }
    code = await run(command, args, { held, nice: options.nice });
    if (code !== 0) break;
  }
  return { name, code, ms: performance.now() - started, output: held ? Buffer.concat(held) : null };
}

/**
 * Seconds the machine's CPUs have spent busy since boot, all of them together (Linux's /proc/stat: user,
 * nice, system, irq, softirq and steal time); null where there is no /proc. Read at the start and the end,
 * it says how much CPU the run took and whether the cores were the limit: a run whose cores were busy
 * throughout waits for CPU, not for its tests.
 */
function busyCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const ticks = user + nice + system + irq + softirq + steal;
    // The kernel counts in USER_HZ, 100 per second on every Linux architecture Node runs on.
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

const started = performance.now();
const busyAtStart = busyCpuSeconds();
let stoppedBy = null;
const checks = CHECKS.map((phase) =>
  runPhase(phase, { hold: true, nice: CHECK_NICENESS }).then((result) => {
    // A failing check's messages at once, and the run stops: there is no point waiting for the tests.
    if (result.code !== 0 && stoppedBy === null && !interrupted) {
      stoppedBy = result.name;
      process.stdout.write(`\n${result.name} failed (exit code ${result.code}); stopping the tests.\n`);
      if (result.output) process.stdout.write(result.output);
      stopAll();
    }
    return result;
  }),
);
const tests = runPhase(TESTS, { hold: false });
const results = [...(await Promise.all(checks)), await tests];

// The passing checks' messages (knip's, for instance) after the tests' report, so the two never interleave.
for (const result of results) if (result.output && result.output.length > 0 && result.name !== stoppedBy) process.stdout.write(result.output);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failed = results.find((phase) => phase.name === stoppedBy) ?? results.find((phase) => phase.code !== 0);
console.log('\nnpm test, phase by phase:');
for (const { name, code, ms } of results) {
  const note = code === 0 ? '' : stoppedBy !== null && name !== stoppedBy ? `  (stopped: ${stoppedBy} failed)` : `  (failed, exit code ${code})`;
  console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${note}`);
}
console.log(`  (${CHECKS.map(([name]) => name).join(' and ')} ran beside the tests, at lower priority)`);
const totalMs = performance.now() - started;
console.log(`  ${'total'.padEnd(10)} ${seconds(totalMs).padStart(9)}`);
const busyAtEnd = busyCpuSeconds();
if (busyAtStart !== null && busyAtEnd !== null && totalMs > 0) {
  // Every process of the machine counts, the run's and any other's.
  const cores = availableParallelism();
  const busy = busyAtEnd - busyAtStart;
  const share = Math.min(100, Math.round((100 * busy) / ((cores * totalMs) / 1000)));
  console.log(`  (the machine's ${cores} cores were busy ${share} % of the run: ${busy.toFixed(0)} CPU-seconds)`);
}
process.exit(interrupted ? 130 : failed ? failed.code : 0);
