// Time-to-first-token of the offline model, the baseline of the app server's streaming budget
// (DESIGN.md: streaming adds <= 10 ms to time-to-first-token over the model stream alone, p50).
// Run: npx tsx tests/bench/model-stream.bench.ts   (or npm run bench -- model-stream)
import { streamText } from 'ai';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ChatStreamEvent } from '../../core/chat/index.js';
import { createModelGateway } from '../../adapters/models/create-model-gateway.js';
import { OfflineLanguageModel } from '../../adapters/models/offline-language-model.js';

export const BENCH_PROMPT = 'Explain in two sentences why streaming answers feel faster.';

export interface LatencySummary {
  readonly runs: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly minMs: number;
  readonly maxMs: number;
}

export function summarise(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { runs: sorted.length, p50Ms: at(0.5), p90Ms: at(0.9), p99Ms: at(0.99), minMs: sorted[0] ?? NaN, maxMs: sorted.at(-1) ?? NaN };
}

/**
 * Milliseconds from calling `open` to the first item `isFirstToken` accepts; the rest of the
 * stream is abandoned (the iterator's return() cancels it), as a user pressing stop would.
 */
export async function timeToFirstToken<T>(
  open: () => AsyncIterable<T> | Promise<AsyncIterable<T>>,
  isFirstToken: (item: T) => boolean,
): Promise<number> {
  const started = performance.now();
  for await (const item of await open()) {
    if (isFirstToken(item)) return performance.now() - started;
  }
  throw new Error('the stream ended without a token');
}

export type Probe = () => Promise<number>;

/**
 * Runs the probes in turn, one sample each per round, so machine noise (other processes, GC, JIT
 * warm-up) falls on all of them alike and their ratio holds.
 */
export async function compareInterleaved<K extends string>(
  probes: Readonly<Record<K, Probe>>,
  runs = 200,
  warmup = 20,
): Promise<Record<K, LatencySummary>> {
  const names = Object.keys(probes) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const name of names) {
      const sample = await probes[name]();
      if (round >= warmup) samples[name].push(sample);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarise(samples[name])])) as Record<K, LatencySummary>;
}

/** One sample of the baseline: the offline model through streamText, zero token delay, no gateway. */
export function offlineModelProbe(prompt = BENCH_PROMPT): Probe {
  const model = new OfflineLanguageModel('offline', { tokenDelayMs: 0 });
  return () =>
    timeToFirstToken(
      () => streamText({ model, messages: [{ role: 'user', content: prompt }] }).fullStream,
      (part) => part.type === 'text-delta',
    );
}

/** One sample of the same model behind AiSdkModelGateway, to show what the gateway adds. */
export function gatewayProbe(prompt = BENCH_PROMPT): Probe {
  const created = createModelGateway({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' },
    catalogue: [],
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  if (!created.success) throw new Error(created.error.message);
  const gateway = created.data;
  return () =>
    timeToFirstToken(
      () => gateway.stream({ modelIds: ['offline'], messages: [{ role: 'user', content: prompt }] }),
      (event: ChatStreamEvent) => event.type === 'delta',
    );
}

/** The baseline alone (p50 over `runs`), for a bench that cannot interleave. */
export async function measureOfflineModelTimeToFirstToken(runs = 200, warmup = 20): Promise<LatencySummary> {
  return (await compareInterleaved({ direct: offlineModelProbe() }, runs, warmup)).direct;
}

const format = (s: LatencySummary) =>
  `p50 ${s.p50Ms.toFixed(3)} ms  p90 ${s.p90Ms.toFixed(3)} ms  p99 ${s.p99Ms.toFixed(3)} ms  (min ${s.minMs.toFixed(3)}, max ${s.maxMs.toFixed(3)}, ${s.runs} runs)`;

async function main(): Promise<void> {
  const { direct, gateway } = await compareInterleaved({ direct: offlineModelProbe(), gateway: gatewayProbe() });
  console.log('time to first token, offline model, zero token delay, interleaved runs');
  console.log(`  streamText directly (baseline): ${format(direct)}`);
  console.log(`  through AiSdkModelGateway:      ${format(gateway)}`);
  console.log(`  gateway adds (p50):             ${(gateway.p50Ms - direct.p50Ms).toFixed(3)} ms`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
