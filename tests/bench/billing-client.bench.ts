// Billing client budgets (DESIGN.md "Performance budgets"): parse and validate a 100-item list page in
// <= 1 ms (median), faster than the official SDK's own inbound schema on the same page (ratio printed);
// iterating 10,000 items keeps memory flat.
// Run: npx tsx tests/bench/billing-client.bench.ts   (or npm run bench -- billing-client)
import { performance } from 'node:perf_hooks';
import { CustomersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerslist.js';
import { Agent } from 'undici';
import { camelize, createBillingClient } from '@ensemble/billing-client';
import { listResource, customer } from '@ensemble/billing-client/schemas';
import { customerWire } from '../support/billing-fixtures/customers.js';
import { localServer } from '../support/local-http.js';

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const pageOf = (start: number, count: number, total: number) => ({
  items: Array.from({ length: count }, (_, i) =>
    customerWire({ id: `00000000-0000-4000-8000-${String(start + i).padStart(12, '0')}`, email: `user${start + i}@example.com`, external_id: `user-${start + i}` }),
  ),
  pagination: { total_count: total, max_page: Math.ceil(total / 100) },
});

/** Median of 500 timed runs after 100 warm-up runs (the first runs warm the JIT). */
function medianOf(run: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < 600; i += 1) {
    const started = performance.now();
    run();
    if (i >= 100) samples.push(performance.now() - started);
  }
  return median(samples);
}

const pageText = JSON.stringify(pageOf(0, 100, 100));

/** Ours: JSON.parse, validate, camelize. */
function parseBench(): number {
  const schema = listResource(customer);
  return medianOf(() => {
    const checked = schema.safeParse(JSON.parse(pageText));
    if (!checked.success) throw new Error('fixture does not validate');
    camelize(checked.data);
  });
}

/** The official SDK 0.48.1 on the same page: JSON.parse, then its `customers.list` inbound schema (validate, camelCase, dates). */
function sdkParseBench(): number {
  return medianOf(() => {
    const checked = CustomersListResponse$inboundSchema.safeParse({ Result: JSON.parse(pageText) });
    if (!checked.success) throw new Error('the official SDK refuses the fixture');
  });
}

async function iterateBench(total: number) {
  const pages = new Map<number, string>();
  const server = await localServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const page = Number(q.get('page') ?? 1);
    const limit = Math.min(Number(q.get('limit') ?? 10), 100);
    const start = (page - 1) * limit;
    const key = page;
    // Page bodies are built once and reused so the server's own allocations do not blur the client's.
    if (!pages.has(key)) pages.set(key, JSON.stringify(pageOf(start, Math.max(0, Math.min(limit, total - start)), total)));
    res.writeHead(200, { 'content-type': 'application/json' }).end(pages.get(key));
  });
  const dispatcher = new Agent({ connections: 1 });
  const client = createBillingClient({ server: server.url, accessToken: 'polar_oat_bench', dispatcher });
  // Warm the server's page cache so its memory is counted before, not during, the run.
  for await (const _ of client.customers.list.items({ limit: 100 })) void _;
  const before = heapMb();
  let count = 0;
  let peak = before;
  const started = performance.now();
  for await (const item of client.customers.list.items({ limit: 100 })) {
    count += item.email === null ? 0 : 1;
    if (count % 1000 === 0) peak = Math.max(peak, heapMb());
  }
  const seconds = (performance.now() - started) / 1000;
  const after = heapMb();
  await dispatcher.close();
  await server.close();
  return { count, seconds, before, after, peak };
}

const parseMedian = parseBench();
console.log(`parse+validate 100-item customers page: median ${parseMedian.toFixed(3)} ms (budget <= 1 ms) ${parseMedian <= 1 ? 'OK' : 'OVER BUDGET'}`);
const sdkMedian = sdkParseBench();
const ratio = parseMedian / sdkMedian;
console.log(
  `official SDK 0.48.1 inbound schema, same page: median ${sdkMedian.toFixed(3)} ms; ours / SDK = ${ratio.toFixed(2)} (${(sdkMedian / parseMedian).toFixed(1)}x faster) ${ratio < 1 ? 'OK' : 'SLOWER THAN THE SDK'}`,
);
// Being faster than the SDK's own parsing is a requirement, not a figure: a slower client fails the run.
if (ratio >= 1) process.exitCode = 1;
const it = await iterateBench(10_000);
console.log(`item iterator: ${it.count} customers in ${it.seconds.toFixed(2)} s (${Math.round(it.count / it.seconds)} items/s)`);
console.log(
  `heap${gc ? '' : ' (run with --expose-gc for exact figures)'}: before ${it.before.toFixed(1)} MB, peak ${it.peak.toFixed(1)} MB, after ${it.after.toFixed(1)} MB, growth ${(it.after - it.before).toFixed(1)} MB ${it.after - it.before < 10 ? 'flat OK' : 'NOT FLAT'}`,
);
if (it.count !== 10_000) {
  console.log('iteration did not yield every item');
  process.exit(1);
}
