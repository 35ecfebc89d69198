// App server budgets (DESIGN.md): streaming adds <= 10 ms to time-to-first-token over the model
// stream alone (p50), and 500 concurrent streams on this machine with no errors and bounded memory.
// Run: npx tsx tests/bench/app-server.bench.ts   (or npm run bench -- app-server)
// Server and client share one process and one event loop here, so a client only sees bytes when the
// server's work yields: the figure includes any stretch where streaming holds the loop (the offline
// model turns the loop between tokens for that reason; see offline-language-model.ts).
import { performance } from 'node:perf_hooks';
import { BENCH_PROMPT, compareInterleaved, offlineModelProbe, type LatencySummary, type Probe } from './model-stream.bench.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';

const silence = (server: TestServer) => {
  // The in-memory logger keeps every line; the benchmark would measure its growth, not the server's.
  server.logger.entries.length = 0;
};

async function* lines(response: Response): AsyncGenerator<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        yield buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * One sample: POST /api/chat on loopback until the first delta line arrives. The rest of the answer
 * is then read, untimed, so that one sample's work does not overlap the next one's (the baseline
 * likewise finishes with its stream before the next sample starts).
 */
function serverProbe(server: TestServer, token: string): Probe {
  return async () => {
    const started = performance.now();
    const response = await server.api('/api/chat', { method: 'POST', token, json: { message: BENCH_PROMPT, modelIds: ['offline'] } });
    let firstToken = Number.NaN;
    for await (const line of lines(response)) {
      if (Number.isNaN(firstToken) && line.startsWith('{"type":"delta"')) firstToken = performance.now() - started;
    }
    if (Number.isNaN(firstToken)) throw new Error('the server stream ended without a token');
    return firstToken;
  };
}

const format = (s: LatencySummary) => `p50 ${s.p50Ms.toFixed(2)} ms  p90 ${s.p90Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms (${s.runs} runs)`;

async function firstTokenBudget(): Promise<void> {
  const server = await startTestServer({ env: { RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  try {
    const user = await server.signIn(1_000_000);
    const probe = serverProbe(server, user.token);
    const result = await compareInterleaved({ direct: offlineModelProbe(), server: async () => (silence(server), probe()) }, 200, 60);
    const added = result.server.p50Ms - result.direct.p50Ms;
    console.log('time to first token, offline model, zero token delay, interleaved runs');
    console.log(`  model stream alone (streamText): ${format(result.direct)}`);
    console.log(`  through POST /api/chat:          ${format(result.server)}`);
    console.log(`  server adds (p50): ${added.toFixed(2)} ms  (budget 10 ms: ${added <= 10 ? 'within' : 'OVER'})`);
    console.log('  (data ports in memory: the figure is the server\'s own work, not a database\'s round trips)');
    if (added > 10) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

async function concurrentStreams(count = 500): Promise<void> {
  const server = await startTestServer({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '10', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000' } });
  let peakRss = process.memoryUsage().rss;
  const baseRss = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    silence(server);
  }, 25);
  try {
    const users = await Promise.all(Array.from({ length: count }, () => server.signIn(100_000)));
    const started = performance.now();
    const outcomes = await Promise.all(
      users.map(async (user) => {
        try {
          const response = await server.api('/api/chat', { method: 'POST', token: user.token, json: { message: 'Tell me about concurrency on two cores.', modelIds: ['offline'] } });
          if (response.status !== 200) return `HTTP ${response.status}`;
          let deltas = 0;
          let done = false;
          for await (const line of lines(response)) {
            if (line.startsWith('{"type":"delta"')) deltas += 1;
            if (line.startsWith('{"type":"error"')) return `stream error: ${line}`;
            if (line.startsWith('{"type":"done"')) done = true;
          }
          return done && deltas > 0 ? 'ok' : 'stream ended early';
        } catch (error) {
          return `client error: ${(error as Error).message}`;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const errors = outcomes.filter((o) => o !== 'ok');
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(`${count} concurrent streams on loopback (10 ms per token, server and clients in one process)`);
    console.log(`  completed ${count - errors.length}/${count} in ${seconds.toFixed(2)} s, errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`);
    console.log(`  RSS before ${(baseRss / 2 ** 20).toFixed(0)} MiB, peak ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await server.close();
  }
}

await firstTokenBudget();
if (!process.argv.includes("--first-token-only")) await concurrentStreams();
