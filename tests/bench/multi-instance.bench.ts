// Several app servers on one Supabase (DESIGN.md: stateless servers behind any load balancer).
// The Supabase stand-in runs in its own process, on PGlite and then on a real PostgreSQL server
// (provisioned as the tests' postgres lane does: Debian's package, installed when missing, one
// throw-away cluster); 1, 2 and 3 app server processes run behind a round-robin proxy, on the
// offline model with zero token delay:
// - chat streams per second with 12 clients chatting at once, and their p50 time to first token,
//   each against one instance; the p50 time to first token of one client alone; on both engines,
//   with the CPU time per chat (utime + stime from /proc, over the loaded seconds) of the app
//   servers, of the stand-in's process (REST and Auth; on PGlite the database too) and of the
//   PostgreSQL server (the postmaster and its backends), so the figure extrapolates to N machines;
// - the time to the first resumed event after a reconnect through another instance (p50 over 30
//   resumes; budget <= 50 ms): a client reads an answer on one instance, its connection drops, and
//   it asks another for the rest at once (the answer still runs: these servers write a token every
//   20 ms, so the first resumed event may still have to be produced). Also printed: the same 100 ms
//   after the drop, when the browser's ChatClient retries first (the events wait in the shared log),
//   and how soon a stop through the other instance ends the answer.
// Exits non-zero when the resume p50 is over budget. --pglite-only / --postgres-only run one engine.
// Run: npx tsx tests/bench/multi-instance.bench.ts   (or npm run bench -- multi-instance)
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { postgresSqlDb } from '@ensemble/supabase-stand-in';
import { killAppServerProcesses, spawnAppServer, type AppServerProcess } from '../support/app-server-process.js';
import { provisionPostgres, startPostgresServer } from '../support/postgres-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { freePort } from '../support/stack-script.js';
import { signUpWithCode, spawnStandIn, type StandInProcess } from '../support/stand-in-process.js';
import { summarise } from './model-stream.bench.js';

const CLIENTS = 12;
const LOAD_MS = 6_000;
const RESUMES = 30;
const RESUME_BUDGET_MS = 50;
const PROMPT = 'Explain in two sentences why streaming answers feel faster.';
const LONG_PROMPT = 'Tell me a long story about the sea';
type Line = Record<string, unknown>;

const began = performance.now();
const log = (line: string) => process.stderr.write(`[bench ${((performance.now() - began) / 1000).toFixed(1)} s] ${line}\n`);

/** Reads NDJSON lines as they arrive: `next` answers the next one (null at the end). */
function lines(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    async next(): Promise<Line | null> {
      for (;;) {
        const newline = buffered.indexOf('\n');
        if (newline >= 0) {
          const line = JSON.parse(buffered.slice(0, newline)) as Line;
          buffered = buffered.slice(newline + 1);
          return line;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffered += value;
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

function appServers(standIn: StandInProcess, count: number, tokenDelayMs: number, tag: string): Promise<AppServerProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, n) =>
      spawnAppServer({
        PORT: String(await freePort()),
        INSTANCE_NAME: `bench-${tag}-${n}`,
        SUPABASE_URL: standIn.url,
        SUPABASE_ANON_KEY: standIn.keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: standIn.keys.serviceRoleKey,
        SUPABASE_JWT_SECRET: standIn.keys.jwtSecret,
        OFFLINE_MODEL_TOKEN_DELAY_MS: String(tokenDelayMs),
        RATE_LIMIT_BURST: '100000',
        RATE_LIMIT_PER_MINUTE: '100000',
        RATE_LIMIT_READS_BURST: '100000',
        RATE_LIMIT_READS_PER_MINUTE: '100000',
        SHUTDOWN_GRACE_MS: '0',
      }),
    ),
  );
}

/** CPU time a process has used, in ms: utime + stime, plus its reaped children's with `reaped` (clock ticks of 10 ms). */
function cpuMs(pid: number, reaped = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
    return Number.isFinite(ticks) ? ticks * 10 : 0;
  } catch {
    return 0; // gone since
  }
}

/** A PostgreSQL server's CPU time: the postmaster, its live backends and workers, and those that have ended. */
function postgresCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (parent === postmaster) total += cpuMs(Number(entry), true);
    } catch {
      // ended while listed
    }
  }
  return total;
}

interface ScaleOut {
  readonly count: number;
  readonly perSecond: number;
  readonly loaded: number;
  readonly alone: number;
  /** CPU ms per chat over the loaded seconds: the app servers, the stand-in's process, the PostgreSQL server (null on PGlite). */
  readonly appCpu: number;
  readonly standInCpu: number;
  readonly postgresCpu: number | null;
}

type Call = (path: string, token: string, init?: { method?: string; json?: unknown; backend?: number; signal?: AbortSignal }) => Promise<Response>;

function caller(proxy: RoundRobinProxy): Call {
  return (path, token, init = {}) =>
    fetch(`${proxy.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.backend === undefined ? {} : { 'x-backend': String(init.backend) }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
}

/** One chat through the balancer, read to its end: its time to first token (ms). */
async function chat(call: Call, token: string, backend?: number): Promise<number> {
  const started = performance.now();
  const response = await call('/api/chat', token, { method: 'POST', json: { message: PROMPT, modelIds: ['offline'] }, ...(backend === undefined ? {} : { backend }) });
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const stream = lines(response);
  let firstToken = Number.NaN;
  let last: Line | null = null;
  for (let line = await stream.next(); line; line = await stream.next()) {
    if (Number.isNaN(firstToken) && line.type === 'delta') firstToken = performance.now() - started;
    last = line;
  }
  if (Number.isNaN(firstToken) || last?.type !== 'done') throw new Error(`the chat ended without an answer: ${JSON.stringify(last)}`);
  return firstToken;
}

/** 1, 2 and 3 of `fast` behind the proxy, CLIENTS users chatting for LOAD_MS each time, with the CPU each side used. */
async function scaleOut(proxy: RoundRobinProxy, users: readonly { token: string }[], fast: readonly AppServerProcess[], standIn: StandInProcess, postmaster: number | null, engine: string): Promise<ScaleOut[]> {
  const call = caller(proxy);
  const results: ScaleOut[] = [];
  for (const count of [1, 2, 3]) {
    const servers = fast.slice(0, count);
    proxy.backends = servers.map((s) => s.url);
    for (let n = 0; n < count; n += 1) for (let i = 0; i < 5; i += 1) await chat(call, users[i % CLIENTS]!.token, n);
    const alone: number[] = [];
    for (let i = 0; i < 20; i += 1) alone.push(await chat(call, users[i % CLIENTS]!.token));
    const ttft: number[] = [];
    const cpuBefore = { app: servers.reduce((sum, s) => sum + cpuMs(s.pid), 0), standIn: cpuMs(standIn.pid), postgres: postmaster === null ? 0 : postgresCpuMs(postmaster) };
    const started = performance.now();
    const until = started + LOAD_MS;
    await Promise.all(
      users.map(async (u) => {
        while (performance.now() < until) ttft.push(await chat(call, u.token));
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const chats = ttft.length;
    const app = servers.reduce((sum, s) => sum + cpuMs(s.pid), 0) - cpuBefore.app;
    const standInCpu = cpuMs(standIn.pid) - cpuBefore.standIn;
    const postgres = postmaster === null ? null : postgresCpuMs(postmaster) - cpuBefore.postgres;
    results.push({
      count, perSecond: chats / elapsed, loaded: summarise(ttft).p50Ms, alone: summarise(alone).p50Ms,
      appCpu: app / chats, standInCpu: standInCpu / chats, postgresCpu: postgres === null ? null : postgres / chats,
    });
    log(`${engine}, ${count} instance(s): ${chats} chats in ${elapsed.toFixed(1)} s, served ${proxy.served.join(' / ')}`);
  }
  return results;
}

function printScaleOut(engine: string, results: readonly ScaleOut[]): void {
  const one = results[0]!;
  console.log(`several app servers on one Supabase stand-in (${engine}), behind a round-robin proxy; offline model, zero token delay; ${CLIENTS} clients`);
  console.log('  instances   chats/s   (x one)   p50 first token, loaded   (x one)   p50 alone   CPU ms per chat: app servers   stand-in process   PostgreSQL');
  for (const r of results) {
    console.log(
      `  ${String(r.count).padStart(9)}   ${r.perSecond.toFixed(1).padStart(7)}   ${(r.perSecond / one.perSecond).toFixed(2).padStart(7)}   ${`${r.loaded.toFixed(1)} ms`.padStart(23)}   ${(r.loaded / one.loaded).toFixed(2).padStart(7)}   ${`${r.alone.toFixed(1)} ms`.padStart(9)}   ${r.appCpu.toFixed(2).padStart(28)}   ${r.standInCpu.toFixed(2).padStart(16)}   ${r.postgresCpu === null ? '(in the stand-in)' : r.postgresCpu.toFixed(2).padStart(10)}`,
    );
  }
  const last = results[results.length - 1]!;
  const database = last.postgresCpu === null ? last.standInCpu : last.postgresCpu;
  const total = last.appCpu + last.standInCpu + (last.postgresCpu ?? 0);
  console.log(
    `  per chat at ${last.count} instances: ${last.appCpu.toFixed(2)} ms of app server CPU, ${last.standInCpu.toFixed(2)} ms in the stand-in's process${last.postgresCpu === null ? ' (PGlite inside it)' : `, ${last.postgresCpu.toFixed(2)} ms in PostgreSQL`}: ` +
      `one core of app servers serves ${(1000 / last.appCpu).toFixed(0)} chats/s, one core of ${last.postgresCpu === null ? 'the stand-in' : 'PostgreSQL'} ${(1000 / database).toFixed(0)} chats/s (${(1000 / total).toFixed(0)} chats/s per core for the whole chain)`,
  );
}

/** The scale-out on a fresh PostgreSQL cluster: a database for the stand-in (it applies the migrations), then the same load. */
async function onPostgres(proxy: RoundRobinProxy): Promise<ScaleOut[]> {
  const bin = provisionPostgres();
  const server = await startPostgresServer(bin, await freePort());
  let standIn: StandInProcess | null = null;
  try {
    const admin = postgresSqlDb(server.urlOf('postgres'), { max: 1 });
    await admin.query('create database ensemble_bench');
    await admin.close();
    log(`PostgreSQL up (${bin}); starting the Supabase stand-in on it (migrations first)`);
    standIn = await spawnStandIn({ postgresUrl: server.urlOf('ensemble_bench') });
    const running = standIn;
    const stamp = Date.now();
    const users = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => signUpWithCode(running, `bench-pg-${stamp}-${i}@example.com`, 100_000_000)));
    const fast = await appServers(running, 3, 0, 'postgres');
    try {
      return await scaleOut(proxy, users, fast, running, server.pid, 'PostgreSQL');
    } finally {
      for (const app of fast) app.kill('SIGKILL');
    }
  } finally {
    await standIn?.stop();
    await server.stop();
  }
}

async function main(): Promise<void> {
  log('starting the Supabase stand-in in its own process (a fresh data folder: migrations first)');
  const standIn = await spawnStandIn();
  const proxy = await startRoundRobinProxy();
  try {
    const stamp = Date.now();
    const users = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => signUpWithCode(standIn, `bench-multi-${stamp}-${i}@example.com`, 100_000_000)));
    const call = caller(proxy);

    log(`${CLIENTS} users signed up; starting 3 app servers on the offline model with zero token delay, and 2 that write a token every 20 ms (for answers still running when resumed)`);
    const [fast, slow] = await Promise.all([appServers(standIn, 3, 0, 'load'), appServers(standIn, 2, 20, 'resume')]);
    const results = await scaleOut(proxy, users, fast, standIn, null, 'PGlite');
    for (const server of fast) server.kill('SIGKILL');
    log('resuming');
    proxy.backends = slow.map((s) => s.url);

    /**
     * A chat read on one instance until its fourth event, its connection dropped, `pauseMs`, then
     * the rest asked of the other instance: ms to its meta line and to its first event; then the
     * answer stopped through the other instance: ms until its done.
     */
    const resume = async (i: number, pauseMs: number) => {
      const { token } = users[i % CLIENTS]!;
      const producer = i % 2;
      const elsewhere = 1 - producer;
      const leave = new AbortController();
      const started = await call('/api/chat', token, { method: 'POST', json: { message: LONG_PROMPT, modelIds: ['offline'] }, backend: producer, signal: leave.signal });
      const first = lines(started);
      const meta = (await first.next()) as { runId: string };
      let last = 0;
      for (let line = await first.next(); line && last < 4; line = await first.next()) last = Number(line.seq);
      leave.abort();
      await first.cancel();
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const asked = performance.now();
      const resumed = await call(`/api/chat/runs/${meta.runId}/events?after=${last}`, token, { backend: elsewhere });
      if (resumed.status !== 200) throw new Error(`resume answered ${resumed.status}: ${await resumed.text()}`);
      const rest = lines(resumed);
      const head = await rest.next();
      const metaMs = performance.now() - asked;
      const next = await rest.next();
      const firstMs = performance.now() - asked;
      if (head?.type !== 'meta' || Number(next?.seq) !== last + 1) throw new Error(`the resumed stream did not go on from ${last}: ${JSON.stringify([head, next])}`);
      const stopAsked = performance.now();
      const stopped = await call(`/api/chat/runs/${meta.runId}/stop`, token, { method: 'POST', backend: elsewhere });
      if (stopped.status !== 202) throw new Error(`stop answered ${stopped.status}`);
      let end: Line | null = next;
      for (let line = await rest.next(); line; line = await rest.next()) end = line;
      const stopMs = performance.now() - stopAsked;
      if (end?.type !== 'done') throw new Error(`the resumed stream ended without done: ${JSON.stringify(end)}`);
      return { metaMs, firstMs, stopMs };
    };

    for (let i = 0; i < 6; i += 1) await resume(i, 0);
    const atOnce: Awaited<ReturnType<typeof resume>>[] = [];
    const paused: Awaited<ReturnType<typeof resume>>[] = [];
    for (let i = 0; i < RESUMES; i += 1) {
      atOnce.push(await resume(i, 0));
      paused.push(await resume(i, 100));
    }
    // What the instances logged for the resumed requests: their own time to answer (auth, rate limit, the log's read).
    const served = slow.flatMap((s) => s.logged('request')).filter((l) => String(l['path']).endsWith('/events')).map((l) => Number(l['ms']));
    killAppServerProcesses();

    printScaleOut('PGlite, its own process', results);
    const p50 = (list: readonly { metaMs: number; firstMs: number; stopMs: number }[], key: 'metaMs' | 'firstMs' | 'stopMs') => summarise(list.map((r) => r[key]));
    const firstAtOnce = p50(atOnce, 'firstMs');
    console.log(`resuming a running answer through another instance (2 instances, a token every 20 ms, ${RESUMES} resumes each):`);
    console.log(`  reconnect at once:        meta line p50 ${p50(atOnce, 'metaMs').p50Ms.toFixed(1)} ms; first resumed event p50 ${firstAtOnce.p50Ms.toFixed(1)} ms, p90 ${firstAtOnce.p90Ms.toFixed(1)} ms (budget ${RESUME_BUDGET_MS} ms: ${firstAtOnce.p50Ms <= RESUME_BUDGET_MS ? 'within' : 'OVER'})`);
    console.log(`  reconnect after 100 ms:   meta line p50 ${p50(paused, 'metaMs').p50Ms.toFixed(1)} ms; first resumed event p50 ${p50(paused, 'firstMs').p50Ms.toFixed(1)} ms (its events wait in the shared log)`);
    console.log(`  of which the instance's own time to answer (its request log, auth + rate limit + the log's read): p50 ${summarise(served).p50Ms.toFixed(1)} ms`);
    console.log(`  stop through that instance: the answer's done p50 ${p50([...atOnce, ...paused], 'stopMs').p50Ms.toFixed(0)} ms after the stop was asked`);
    if (firstAtOnce.p50Ms > RESUME_BUDGET_MS) process.exitCode = 1;
  } finally {
    killAppServerProcesses();
    await proxy.close();
    await standIn.stop();
  }
}

/** The same scale-out with the stand-in on a PostgreSQL server. */
async function mainOnPostgres(): Promise<void> {
  log('PostgreSQL: a server of its own, provisioned as the tests\' postgres lane does');
  const proxy = await startRoundRobinProxy();
  try {
    printScaleOut('PostgreSQL, a server of its own; the stand-in in its own process', await onPostgres(proxy));
  } finally {
    killAppServerProcesses();
    await proxy.close();
  }
}

// --postgres-only / --pglite-only run one engine (the resume figures are PGlite's).
if (!process.argv.includes('--postgres-only')) await main();
if (!process.argv.includes('--pglite-only')) await mainOnPostgres();
