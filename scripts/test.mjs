// `npm test`: the typecheck and the lint side by side, then every test file, stopping after the first
// step that fails and exiting with its code. Each phase's time is printed at the end, whether the run
// passed or not. The typecheck and ESLint keep incremental caches under node_modules/.cache/ (a second
// run reads only what changed); extra arguments go to vitest (`npm test -- tests/unit`).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = join('node_modules', '.cache');
mkdirSync(join(CACHE, 'eslint'), { recursive: true });
mkdirSync(join(CACHE, 'tsc'), { recursive: true });

const bin = (name) => join('node_modules', '.bin', name);
// TypeScript 7's native compiler (installed as `typescript-native`; ESLint's parser keeps TypeScript 5.9,
// the `typescript` package): several times faster than tsc 5.9 over the same program and the same checks.
const TSC = join('node_modules', 'typescript-native', 'bin', 'tsc');
const tsc = (project, info) => [process.execPath, [TSC, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', join(CACHE, 'tsc', info)]];

/**
 * The steps, one after another; the phases of a step run side by side (the typecheck's compiler is
 * native and threaded, ESLint runs on one core), each phase's commands one after another. A side-by-side
 * phase's output is held until it ends, so two phases' messages never interleave.
 */
const STEPS = [
  [
    ['typecheck', [tsc('tsconfig.json', 'app.tsbuildinfo'), tsc('core/tsconfig.json', 'core.tsbuildinfo')]],
    ['lint', [[bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(CACHE, 'eslint') + '/']], [bin('knip'), []]]],
  ],
  [['vitest', [[bin('vitest'), ['run', ...process.argv.slice(2)]]]]],
];

/** Runs one command; its output goes straight through, or into `held` when given. */
const run = (command, args, held) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('error', (error) => {
      const text = `${command}: ${error.message}\n`;
      if (held) held.push(Buffer.from(text));
      else process.stderr.write(text);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/** A phase's commands in turn, up to the first that fails: its name, exit code and time. */
async function runPhase([name, commands], hold) {
  const started = performance.now();
  const held = hold ? [] : undefined;
  let code = 0;
  for (const [command, args] of commands) {
    code = await run(command, args, held);
    if (code !== 0) break;
  }
  if (held && held.length > 0) process.stdout.write(Buffer.concat(held));
  return { name, code, ms: performance.now() - started };
}

const results = [];
const started = performance.now();
for (const step of STEPS) {
  const finished = await Promise.all(step.map((phase) => runPhase(phase, step.length > 1)));
  results.push(...finished);
  if (finished.some((phase) => phase.code !== 0)) break;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failed = results.find((phase) => phase.code !== 0);
console.log('\nnpm test, phase by phase:');
for (const { name, code, ms } of results) console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${code !== 0 ? `  (failed, exit code ${code})` : ''}`);
for (const [name] of STEPS.flat().slice(results.length)) console.log(`  ${name.padEnd(10)} ${'not run'.padStart(9)}`);
if (STEPS[0].length > 1) console.log(`  (${STEPS[0].map(([name]) => name).join(' and ')} ran side by side)`);
console.log(`  ${'total'.padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
process.exit(failed ? failed.code : 0);
