// App server budgets (DESIGN.md): streaming adds <= 10 ms to time-to-first-token over the model
// stream alone (p50), and 2,000 concurrent streams on this machine with no errors and bounded memory (RSS per stream printed).
// Run: npx tsx tests/bench/app-server.bench.ts   (or npm run bench -- app-server)
// Server and client share one process and one event loop here, so a client only sees bytes when the
// server's work yields: the figure includes any stretch where streaming holds the loop (the offline
// model turns the loop between tokens for that reason; see offline-language-model.ts).
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
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

const STREAMS = Number(process.env['BENCH_STREAMS'] ?? 2_000);

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * One chat read to its end over undici's `request` (Node streams: the clients share this process with
 * the server, so they read raw chunks and only look for line starts, not decode every line): 'ok' or
 * what went wrong.
 */
async function streamOnce(agent: Agent, url: string, token: string, gate: Gate): Promise<string> {
  await gate.enter();
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${url}/api/chat`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tell me about concurrency on two cores.', modelIds: ['offline'] }),
    });
  } finally {
    gate.leave();
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    return `HTTP ${answer.statusCode}`;
  }
  gate.opened();
  let tail = '';
  let deltas = 0;
  let done = false;
  let failed: string | null = null;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) {
    const text = tail + chunk.toString('utf8');
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      if (text.startsWith('{"type":"delta"', start)) deltas += 1;
      else if (text.startsWith('{"type":"done"', start)) done = true;
      else if (text.startsWith('{"type":"error"', start)) failed ??= text.slice(start, newline);
      start = newline + 1;
    }
    tail = text.slice(start);
  }
  gate.closed();
  if (failed !== null) return `stream error: ${failed}`;
  return done && deltas > 0 ? 'ok' : 'stream ended early';
}

/**
 * How many requests wait for their answer's headers at once (connecting, sending, admitted): the
 * server's listen backlog holds 511 connections, and a burst of 2,000 connects overflows it (the
 * kernel resets what it cannot queue). Streams that have started do not count: all of them stay open
 * together, and `peak` records how many were.
 */
class Gate {
  private waiting = 0;
  private readonly queue: (() => void)[] = [];
  private open = 0;
  peak = 0;

  constructor(private readonly limit: number) {}

  async enter(): Promise<void> {
    if (this.waiting >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.waiting += 1;
  }

  leave(): void {
    this.waiting -= 1;
    this.queue.shift()?.();
  }

  opened(): void {
    this.open += 1;
    this.peak = Math.max(this.peak, this.open);
  }

  closed(): void {
    this.open -= 1;
  }
}

/**
 * `count` chats at once, each on its own connection, read to their end. RSS per stream is the peak
 * RSS while they run minus the idle server's (users signed in, after a collection when --expose-gc
 * is on, as `npm run bench` runs it), divided by the streams: server and clients share this
 * process, so it counts both ends of each connection.
 */
async function concurrentStreams(count = STREAMS): Promise<void> {
  // The requests all arrive in one burst on a loaded machine: the server gets minutes, not seconds,
  // to read each one's headers and body, and the clients as long to connect.
  const server = await startTestServer({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '10', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000', HEADERS_TIMEOUT_MS: '300000', REQUEST_TIMEOUT_MS: '300000' },
  });
  const agent = new Agent({ connections: count, connectTimeout: 300_000, headersTimeout: 600_000, bodyTimeout: 600_000 });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    silence(server);
  }, 25);
  try {
    const users = await Promise.all(Array.from({ length: count }, () => server.signIn(100_000)));
    silence(server);
    gc?.();
    const idleRss = process.memoryUsage().rss;
    peakRss = idleRss;
    const gate = new Gate(256);
    const started = performance.now();
    const outcomes = await Promise.all(
      users.map((user) =>
        streamOnce(agent, server.url, user.token, gate).catch((error: Error & { code?: string; cause?: { code?: string } }) => `client error: ${error.message} (${error.code ?? error.cause?.code ?? 'no code'})`),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const errors = outcomes.filter((o) => o !== 'ok');
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    console.log(`${count} concurrent streams on loopback (10 ms per token, server and clients in one process, ${gc ? 'collected before the idle figure' : 'no --expose-gc: idle figure uncollected'})`);
    console.log(`  completed ${count - errors.length}/${count} in ${seconds.toFixed(2)} s, errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}; ${gate.peak} streams open at once at the peak`);
    console.log(`  RSS idle server ${mib(idleRss)} MiB, peak ${mib(peakRss)} MiB: ${((peakRss - idleRss) / count / 1024).toFixed(1)} KiB per stream (both ends of its connection)`);
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await agent.close();
    await server.close();
  }
}

if (!process.argv.includes('--streams-only')) await firstTokenBudget();
if (!process.argv.includes("--first-token-only")) await concurrentStreams();
