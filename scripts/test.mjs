// `npm test`: the typecheck, the lint, then every test file, stopping at the first phase that fails
// and exiting with its code. Each phase's time is printed at the end, whether the run passed or not.
// The typecheck and ESLint keep incremental caches under node_modules/.cache/ (a second run reads
// only what changed); extra arguments go to vitest (`npm test -- tests/unit`).
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

/** Each phase: a name and the commands it runs, one after another. */
const PHASES = [
  ['typecheck', [tsc('tsconfig.json', 'app.tsbuildinfo'), tsc('core/tsconfig.json', 'core.tsbuildinfo')]],
  ['lint', [[bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(CACHE, 'eslint') + '/']], [bin('knip'), []]]],
  ['vitest', [[bin('vitest'), ['run', ...process.argv.slice(2)]]]],
];

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const times = [];
let failed = null;
let exitCode = 0;
const started = performance.now();
for (const [name, commands] of PHASES) {
  const phaseStart = performance.now();
  for (const [command, args] of commands) {
    exitCode = await run(command, args);
    if (exitCode !== 0) break;
  }
  times.push([name, performance.now() - phaseStart]);
  if (exitCode !== 0) {
    failed = name;
    break;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nnpm test, phase by phase:');
for (const [name, ms] of times) console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${name === failed ? `  (failed, exit code ${exitCode})` : ''}`);
for (const [name] of PHASES.slice(times.length)) console.log(`  ${name.padEnd(10)} ${'not run'.padStart(9)}`);
console.log(`  ${'total'.padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
process.exit(exitCode);
