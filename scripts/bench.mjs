// Runs every benchmark under tests/bench/ one after another (each is a standalone script that prints
// its figures against the budgets of DESIGN.md) and exits non-zero when one fails to run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'tests', 'bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`!!! ${file} exited with ${run.status ?? run.signal}`);
  }
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
