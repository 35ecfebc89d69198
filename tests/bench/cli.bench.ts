// CLI budgets (DESIGN.md): `ensemble --help` ≤ 300 ms wall, and the first row of a 10,000-item
// listing within 500 ms. Run: npm run bench -- cli   (or npx tsx tests/bench/cli.bench.ts)
// Each figure is the median of several spawns of the real bin; a bare `node -e 0` spawn is measured
// in the same run as the baseline, since absolute times on a shared machine drift.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { newId } from '@ensemble/billing-sandbox/engine';
import type { SeedInfo } from '@ensemble/billing-sandbox';
import { startSandbox } from '@ensemble/billing-sandbox';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'cli', 'bin', 'ensemble.js');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER BUDGET');

function wall(args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}`);
  return performance.now() - started;
}

function helpWallTime(): void {
  wall([bin, '--help']); // builds cli/dist when it is missing or stale
  const runs = 11;
  const baseline = median(Array.from({ length: runs }, () => wall(['-e', '0'])));
  const help = median(Array.from({ length: runs }, () => wall([bin, '--help'])));
  console.log(`node -e 0 (baseline): ${baseline.toFixed(0)} ms median of ${runs}`);
  console.log(`ensemble --help: ${help.toFixed(0)} ms median of ${runs} (${(help / baseline).toFixed(1)}x baseline; budget ≤ 300 ms: ${verdict(help, 300)})`);
}

/** Spawns the bin and resolves when the first data row (the line after the header) is on stdout. */
function firstRow(args: readonly string[]): Promise<{ firstRowMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let errors = '';
    let done = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      if (!done && text.split('\n').length > 2) {
        done = true;
        resolve({ firstRowMs: performance.now() - started });
        child.kill();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('exit', (code) => {
      if (!done) reject(new Error(`ensemble ${args.join(' ')} exited with ${code} before a row: ${errors}`));
    });
  });
}

async function firstRowOfLargeListing(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, memory: true, seed: { webhookUrl: 'http://127.0.0.1:9/none' }, log: () => undefined });
  try {
    const seed = sandbox.seed as SeedInfo;
    const count = 10_000;
    // Written straight into the store: no webhooks, no HTTP, just the rows the listing pages through.
    sandbox.ctx.store.transaction(() => {
      const base = Date.now() - count * 1000;
      for (let i = 0; i < count; i += 1) {
        sandbox.ctx.db.customers.put({
          id: newId(), created_at: new Date(base + i * 1000).toISOString(), modified_at: null, organization_id: seed.organizationId,
          email_verified: false, email: `bench${i}@example.com`, name: `Bench ${i}`, external_id: `user-${i}`, billing_name: null,
          billing_address: null, tax_id: null, locale: null, metadata: {}, default_payment_method_id: null, deleted_at: null,
        } as never);
      }
    });
    const args = ['--env', sandbox.url, '--token', seed.accessToken, 'customers', 'list'];
    // Baseline: a bare node process fetching the same first page with global fetch (no CLI, no client).
    const page = `${sandbox.url}/v1/customers/?limit=100&sorting=-created_at`;
    const fetchScript = `const r = await fetch(${JSON.stringify(page)}, { headers: { authorization: 'Bearer ${seed.accessToken}' } }); if (!r.ok) process.exit(1); await r.text();`;
    const fetchOnce = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const child = spawn(process.execPath, ['--input-type=module', '-e', fetchScript], { stdio: 'ignore' });
        child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`fetch baseline exited with ${code}`))));
      });
    const served: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const started = performance.now();
      const answer = await fetch(page, { headers: { authorization: `Bearer ${seed.accessToken}` } });
      await answer.text();
      served.push(performance.now() - started);
    }
    await fetchOnce();
    const baselines: number[] = [];
    for (let i = 0; i < 7; i += 1) baselines.push(await fetchOnce());
    await firstRow(args); // warm-up (and sandbox sort caches, if any)
    const runs = 7;
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) times.push((await firstRow(args)).firstRowMs);
    // Not spawnSync: the sandbox answering the child lives in this process's event loop.
    const whole = performance.now();
    const rows = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
      let lines = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (lines += chunk.split('\n').length - 1));
      child.on('exit', (code) => (code === 0 ? resolve(lines - 1) : reject(new Error(`customers list exited with ${code}`))));
    });
    const wholeMs = performance.now() - whole;
    console.log(`sandbox answering the first page of 100 (in process, no spawn): ${median(served).toFixed(0)} ms median of 7`);
    console.log(`bare node fetching the first page (baseline): ${median(baselines).toFixed(0)} ms median of 7`);
    console.log(`customers list over ${count.toLocaleString('en')} customers: first row after ${median(times).toFixed(0)} ms median of ${runs} (${(median(times) / median(baselines)).toFixed(1)}x baseline; budget ≤ 500 ms: ${verdict(median(times), 500)})`);
    console.log(`whole listing streamed: ${rows.toLocaleString('en')} rows in ${(wholeMs / 1000).toFixed(2)} s`);
  } finally {
    await sandbox.close();
  }
}

helpWallTime();
await firstRowOfLargeListing();
