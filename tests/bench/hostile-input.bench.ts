// Hostile input costs the attacker, not the server. Against the app server in a process of its own
// (as `npm start` and production run it), with its PDF reader beside it:
// - PDF decompression bombs (400 MiB and 4 GiB unpacked): time to the refusal, the server's peak
//   resident memory over its own before, and /api/health latency meanwhile against the same probe on
//   an idle server in this run (ratio);
// - deep JSON: server CPU per request for a body 10,000 levels deep (refused) and for the deepest
//   accepted body (32 levels), against an ordinary small body's;
// - the Auth stand-in at its defaults: how many wrong guesses a six-digit code survives, and how
//   many sign-ups one client address gets in a minute.
// Run: npx tsx tests/bench/hostile-input.bench.ts   (or npm run bench -- hostile-input)
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startLocalSupabase } from '@ensemble/supabase-stand-in';
import { killAppServerProcesses, signatureOnlyServerEnv, spawnAppServer, type AppServerProcess } from '../support/app-server-process.js';
import { browserLikeClient, latestMailTo } from '../support/local-supabase.js';
import { deflateBomb, pdfWithFlateContent } from '../support/pdf-fixture.js';
import { signedUserToken } from '../support/signed-token.js';
import { testTemplate } from '../support/supabase-rest-harness.js';

const MB = 1024 * 1024;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;
const jwtSecret = randomBytes(32).toString('hex');

const token = () => signedUserToken(jwtSecret, 'bench@example.com');

/** CPU time (user + system) the process has used, in ms, from /proc (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function healthWhile<T>(server: AppServerProcess, work: () => Promise<T>) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      samples.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const result = await work();
  const tookMs = performance.now() - started;
  running = false;
  await loop;
  return { samples, tookMs, result };
}

async function bombs(server: AppServerProcess): Promise<void> {
  const auth = `Bearer ${await token()}`;
  const idle = await healthWhile(server, () => new Promise((resolve) => setTimeout(resolve, 1500)));
  const idleP95 = percentile(idle.samples, 0.95);
  console.log(`/api/health on the idle server: p50 ${percentile(idle.samples, 0.5).toFixed(2)} ms, p95 ${idleP95.toFixed(2)} ms (${idle.samples.length} probes)`);
  const ROUNDS = 5;
  for (const mib of [400, 4096]) {
    const pdf = pdfWithFlateContent(deflateBomb(mib));
    const samples: number[] = [];
    const took: number[] = [];
    const statuses = new Set<string>();
    let growth = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      server.resetPeak();
      const before = server.memory().rss;
      const run = await healthWhile(server, async () => {
        const response = await fetch(`${server.url}/api/attachments?name=report.pdf`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/pdf' }, body: pdf as Uint8Array<ArrayBuffer> });
        const body = (await response.json()) as { details?: { limit?: string } };
        return `${response.status} ${body.details?.limit ?? ''}`;
      });
      growth = Math.max(growth, (server.memory().peak - before) / MB);
      samples.push(...run.samples);
      took.push(run.tookMs);
      statuses.add(run.result);
    }
    const p95 = percentile(samples, 0.95);
    const slowest = Math.max(...took);
    const within = statuses.size === 1 && statuses.has('413 inflated_size') && slowest <= 2000 && growth < 100 && p95 < 100;
    console.log(
      `PDF unpacking to ${mib} MiB (${(pdf.length / MB).toFixed(2)} MB upload), ${ROUNDS} uploads: ${[...statuses].join(', ')} in ${percentile(took, 0.5).toFixed(0)} ms median, ${slowest.toFixed(0)} ms slowest (budget 2,000 ms); ` +
        `server peak RSS +${growth.toFixed(1)} MB at most (budget 100 MB); /api/health meanwhile p50 ${percentile(samples, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms over ${samples.length} probes ` +
        `(p95 ${(p95 / idleP95).toFixed(2)}x idle; budget 100 ms) ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
}

async function deepJson(server: AppServerProcess): Promise<void> {
  const bearer = await token();
  const post = (body: string) =>
    fetch(`${server.url}/api/conversations`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  let nested: unknown = 'x';
  for (let i = 0; i < 30; i += 1) nested = { a: nested };
  const cases = [
    ['an ordinary body (baseline)', JSON.stringify({ title: 'Tides' })],
    ['the deepest body past the bound check (32 levels; its schema then refuses the unknown field)', JSON.stringify({ title: 'Tides', extra: nested })],
    ['10,000 levels of nesting (refused)', '['.repeat(10_000) + ']'.repeat(10_000)],
  ] as const;
  const ROUNDS = 200;
  const perRequest: number[] = [];
  for (const [name, body] of cases) {
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i += 1) statuses.add(await post(body));
    const cpuBefore = cpuMs(server.pid);
    const start = performance.now();
    for (let i = 0; i < ROUNDS; i += 1) statuses.add(await post(body));
    const wall = (performance.now() - start) / ROUNDS;
    const cpu = (cpuMs(server.pid) - cpuBefore) / ROUNDS;
    perRequest.push(cpu);
    console.log(`${name} (${body.length} bytes): answers ${[...statuses].join('/')}, server CPU ${cpu.toFixed(3)} ms and ${wall.toFixed(2)} ms round trip per request (${(cpu / perRequest[0]!).toFixed(2)}x the ordinary body)`);
  }
}

async function authStandIn(): Promise<void> {
  // Only the code's own limit is measured here: the per-address limits are left out of the way.
  const authRateLimits = { signInsAndSignUps: 0, tokenVerifications: 0, tokenRefreshes: 0 };
  const supabase = await startLocalSupabase({ port: 0, mailboxPort: 0, siteUrl: 'http://127.0.0.1:3000', emailMinIntervalSeconds: 0, authRateLimits, dbTemplate: await testTemplate() });
  try {
    // For k = 1, 2, …: a new code, k wrong guesses, then the right code; the first k it fails at kills the code.
    for (let k = 1; k <= 20; k += 1) {
      const email = `guess-${randomUUID()}@example.com`;
      const client = browserLikeClient(supabase);
      const sent = await client.auth.signInWithOtp({ email });
      if (sent.error) throw sent.error;
      const { code } = await latestMailTo(supabase, email);
      for (let n = 1; n <= k; n += 1) await client.auth.verifyOtp({ email, token: String((Number(code) + n) % 1_000_000).padStart(6, '0'), type: 'email' });
      const right = await client.auth.verifyOtp({ email, token: code, type: 'email' });
      if (right.error !== null) {
        console.log(`guesses allowed per six-digit code: ${k} (after ${k} wrong guesses the right code answers ${right.error.status} ${right.error.code ?? ''}; a new code must be sent)`);
        return;
      }
    }
    console.log('a six-digit code survived 20 wrong guesses: NO LIMIT');
  } finally {
    await supabase.stop();
  }
}

async function signUps(): Promise<void> {
  const supabase = await startLocalSupabase({ port: 0, mailboxPort: 0, siteUrl: 'http://127.0.0.1:3000', dbTemplate: await testTemplate() });
  try {
    const statuses: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 61; i += 1) {
      const sent = await browserLikeClient(supabase).auth.signInWithOtp({ email: `flood-${i}-${randomUUID()}@example.com` });
      statuses.push(sent.error?.status ?? 200);
    }
    const allowed = statuses.filter((s) => s === 200).length;
    console.log(`sign-ups from one client address within a minute: ${allowed} allowed, ${statuses.length - allowed} refused (429) of 61 in ${(performance.now() - started).toFixed(0)} ms`);
  } finally {
    await supabase.stop();
  }
}

async function main(): Promise<void> {
  const server = await spawnAppServer({ ...signatureOnlyServerEnv(jwtSecret), RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    // The server's PDF reader starts with it: measure once it is ready.
    await server.waitForLog('pdf reader ready');
    await bombs(server);
    await deepJson(server);
  } finally {
    killAppServerProcesses();
  }
  await authStandIn();
  await signUps();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
