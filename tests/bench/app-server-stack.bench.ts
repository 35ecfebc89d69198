// App server budget (DESIGN.md, issue 13) with the real local stack: time to first token added by
// POST /api/chat over the model alone, p50 <= 10 ms, with the Supabase stand-in (PGlite) in its own
// process: the user's token verified, the catalogue, the balance, the credit hold, the new
// conversation, its turn and the user message written, all before the first word. Prints where the
// time goes (auth, preflight, writes: the medians of their own durations before the first token).
// Run: npx tsx tests/bench/app-server-stack.bench.ts   (or npm run bench -- app-server-stack)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { KEYS_FILE_NAME } from '../../adapters/supabase/local/keys.js';
import { jwtSecretVerifier } from '../../web/server/auth/token-verifier.js';
import { composeServer } from '../../web/server/compose-server.js';
import { parseServerConfig } from '../../web/server/config.js';
import { listen } from '../../web/server/listen.js';
import type { ServerDataPorts } from '../../web/server/server-ports.js';
import { supabaseDataPorts } from '../../web/server/supabase-ports.js';
import { closedPort } from '../support/local-http.js';
import { BENCH_PROMPT, compareInterleaved, offlineModelProbe, summarise, type LatencySummary } from './model-stream.bench.js';

type Phase = 'auth' | 'preflight' | 'writes';
const PHASE_OF: Record<string, Phase> = {
  catalogue: 'preflight', getBalance: 'preflight', getProfile: 'preflight', holdCredits: 'preflight', listMessages: 'preflight',
  createConversation: 'writes', claim: 'writes', appendMessage: 'writes', start: 'writes',
};

/** Every port call of the current request, with when it started and how long it took. */
let calls: { phase: Phase; name: string; startedAt: number; ms: number }[] = [];

function timed<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      const phase = typeof key === 'string' ? PHASE_OF[key] : undefined;
      if (typeof value !== 'function' || !phase) return typeof value === 'function' ? value.bind(object) : value;
      return async (...args: unknown[]) => {
        const startedAt = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
        } finally {
          calls.push({ phase, name: String(key), startedAt, ms: performance.now() - startedAt });
        }
      };
    },
  });
}

async function startStandIn(): Promise<{ url: string; keys: { jwtSecret: string; anonKey: string; serviceRoleKey: string }; mailbox: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-supabase-'));
  const [port, mailboxPort] = [new URL(await closedPort()).port, new URL(await closedPort()).port];
  const child = spawn(process.execPath, ['--import', 'tsx', 'adapters/supabase/local/main.ts', '--port', port, '--mailbox-port', mailboxPort, '--data', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    // Any HTTP answer (401 without an API key) means it listens; migrations of a fresh data dir take a while.
    const up = existsSync(join(dir, KEYS_FILE_NAME)) && (await fetch(`${url}/auth/v1/health`).then(() => true, () => false));
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the Supabase stand-in did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const keys = JSON.parse(readFileSync(join(dir, KEYS_FILE_NAME), 'utf8')) as { jwtSecret: string; anonKey: string; serviceRoleKey: string };
  return {
    url, keys, mailbox: `http://127.0.0.1:${mailboxPort}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user signed up through the stand-in's e-mailed code, with a large balance. */
async function signedUpUser(standIn: Awaited<ReturnType<typeof startStandIn>>): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
  const client = createClient(standIn.url, standIn.keys.anonKey, { auth });
  await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
  const mails = (await (await fetch(`${standIn.mailbox}/api/messages`)).json()) as { messages?: { to: string; code?: string }[] } | { to: string; code?: string }[];
  const list = Array.isArray(mails) ? mails : (mails.messages ?? []);
  const code = list.find((m) => m.to === email)?.code;
  if (!code) throw new Error('no code was e-mailed');
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (!verified.data.session) throw new Error(`sign-in failed: ${verified.error?.message}`);
  const service = createClient(standIn.url, standIn.keys.serviceRoleKey, { auth });
  await service.from('profiles').update({ credits: 100_000_000 }).eq('id', verified.data.session.user.id);
  return verified.data.session.access_token;
}

const format = (s: LatencySummary) => `p50 ${s.p50Ms.toFixed(2)} ms  p90 ${s.p90Ms.toFixed(2)} ms (${s.runs} runs)`;

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  log('starting the Supabase stand-in (a fresh data dir: migrations first)');
  const standIn = await startStandIn();
  log('stand-in up');
  const env = {
    SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: standIn.keys.serviceRoleKey,
    SUPABASE_JWT_SECRET: standIn.keys.jwtSecret, OFFLINE_MODEL_TOKEN_DELAY_MS: '0', CLIENT_DIST: 'tests/integration/server/no-client-here',
    RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000',
  };
  const config = parseServerConfig(env);
  if (!config.success) throw new Error(config.error.message);
  const real = supabaseDataPorts({ url: standIn.url, serviceRoleKey: standIn.keys.serviceRoleKey });
  const data: ServerDataPorts = {
    ...real,
    catalogue: async () => {
      const startedAt = performance.now();
      try {
        return typeof real.catalogue === 'function' ? await real.catalogue() : { success: true as const, data: real.catalogue };
      } finally {
        calls.push({ phase: 'preflight', name: 'catalogue', startedAt, ms: performance.now() - startedAt });
      }
    },
    profileStore: timed(real.profileStore),
    conversationStore: timed(real.conversationStore),
    conversationTurns: timed(real.conversationTurns),
    usageLedger: timed(real.usageLedger),
  };
  const verify = jwtSecretVerifier(standIn.keys.jwtSecret);
  const composed = composeServer({
    config: config.data, env, logger: new InMemoryLogger(), data, billing: null,
    verifyToken: async (token) => {
      const startedAt = performance.now();
      try {
        return await verify(token);
      } finally {
        calls.push({ phase: 'auth', name: 'verifyToken', startedAt, ms: performance.now() - startedAt });
      }
    },
  });
  if (!composed.success) throw new Error(composed.error.message);
  const server = await listen(composed.data.app.fetch, { port: 0, host: '127.0.0.1' });
  const token = await signedUpUser(standIn);
  log('signed up; measuring');
  const phases: Record<Phase, number[]> = { auth: [], preflight: [], writes: [] };
  const byCall: Record<string, number[]> = {};
  const lastOffsets: string[] = [];

  // A fresh token string per request, so the server's verified-token cache cannot hide the check.
  const probe = async () => {
    calls = [];
    const started = performance.now();
    const response = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-bench': String(Math.random()) },
      body: JSON.stringify({ message: BENCH_PROMPT, modelIds: ['offline'] }),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    let firstToken = Number.NaN;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      if (Number.isNaN(firstToken) && text.includes('{"type":"delta"')) firstToken = performance.now() - started;
    }
    if (Number.isNaN(firstToken)) throw new Error(`no token: ${text.slice(0, 200)}`);
    const before = calls.filter((c) => c.startedAt - started < firstToken);
    for (const phase of Object.keys(phases) as Phase[]) phases[phase].push(before.filter((c) => c.phase === phase).reduce((sum, c) => sum + c.ms, 0));
    for (const call of before) (byCall[`${call.phase}: ${call.name}`] ??= []).push(call.ms);
    lastOffsets.push(before.map((c) => `${c.name}@${(c.startedAt - started).toFixed(1)}+${c.ms.toFixed(1)}`).join(' '));
    return firstToken;
  };

  try {
    const result = await compareInterleaved({ direct: offlineModelProbe(), server: probe }, 100, 20);
    const added = result.server.p50Ms - result.direct.p50Ms;
    console.log('time to first token with the real local stack (Supabase stand-in in its own process, PGlite), interleaved runs');
    console.log(`  model stream alone (streamText): ${format(result.direct)}`);
    console.log(`  through POST /api/chat:          ${format(result.server)}`);
    console.log(`  server adds (p50): ${added.toFixed(2)} ms  (budget 10 ms: ${added <= 10 ? 'within' : 'OVER'})`);
    console.log('  where the time goes before the first token (median per request; calls may overlap):');
    for (const phase of Object.keys(phases) as Phase[]) console.log(`    ${phase.padEnd(9)} ${summarise(phases[phase].slice(-100)).p50Ms.toFixed(2)} ms`);
    console.log('  each call (median ms, calls seen before the first token):');
    for (const [name, ms] of Object.entries(byCall)) console.log(`    ${name.padEnd(28)} ${summarise(ms.slice(-100)).p50Ms.toFixed(2)} ms  (${ms.length})`);
    console.log(`  one request's timeline (call@start+ms): ${lastOffsets.at(-1) ?? ''}`);
    if (added > 10) process.exitCode = 1;
  } finally {
    await server.close();
    await standIn.stop();
  }
}

await main();
