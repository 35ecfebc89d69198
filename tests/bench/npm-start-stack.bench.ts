// App server budget against what users run: `npm start` (scripts/start.ts: the app server, the
// Supabase stand-in with its mailbox and the billing sandbox, each in a process of its own), started
// as the real command on a fresh data folder with the offline model at zero token delay. Time to
// first token through POST /api/chat (a new conversation, one session), interleaved with the model
// alone; budget: the server adds <= 5 ms p50. Printed beside it: the figure of
// app-server-stack.bench.ts's topology (the app server in the bench's process, the stand-in in its own).
// Run: node --import tsx tests/bench/npm-start-stack.bench.ts   (or npm run bench -- npm-start-stack)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { freePort } from '../support/free-port.js';
import { BENCH_PROMPT, compareInterleaved, offlineModelProbe, type LatencySummary } from './model-stream.bench.js';

const BUDGET_MS = 5;
const root = join(import.meta.dirname, '..', '..');
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const format = (s: LatencySummary) => `p50 ${s.p50Ms.toFixed(2)} ms  p90 ${s.p90Ms.toFixed(2)} ms (${s.runs} runs)`;

/** Starts `npm start`'s script and resolves with its app and mailbox addresses once it says it is up. */
async function npmStart(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    SUPABASE_PORT: String(await freePort()),
    MAILBOX_PORT: String(await freePort()),
    BILLING_SANDBOX_PORT: String(await freePort()),
    OFFLINE_MODEL_TOKEN_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  for (const name of ['SUPABASE_URL', 'BILLING_ACCESS_TOKEN', 'PUBLIC_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Ctrl-C stops everything/.test(output)) resolve();
    });
    void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
  });
  const url = (label: string) => new RegExp(`${label}\\s+(http://\\S+)`).exec(output)?.[1] ?? '';
  return {
    app: url('Ensemble').replace('localhost', '127.0.0.1'),
    supabase: url('Supabase'),
    mailbox: url('Mailbox'),
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const runs = 100;
  const warmup = 20;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-npm-start-'));
  log('starting npm start on a fresh data folder');
  const stack = await npmStart(dataDir);
  try {
    const keys = JSON.parse(readFileSync(join(dataDir, 'supabase-keys.json'), 'utf8')) as { anonKey: string; serviceRoleKey: string };
    const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
    const client = createClient(stack.supabase, keys.anonKey, { auth });
    const email = `bench-${Date.now()}@example.com`;
    const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
    if (sent.error) throw sent.error;
    const mails = (await (await fetch(`${stack.mailbox}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { code?: string }[] };
    const verified = await client.auth.verifyOtp({ email, token: mails.messages[0]?.code ?? '', type: 'email' });
    const session = verified.data.session;
    if (!session) throw new Error(`sign-in failed: ${verified.error?.message}`);
    const service = createClient(stack.supabase, keys.serviceRoleKey, { auth });
    await service.from('profiles').update({ credits: 100_000_000 }).eq('id', session.user.id);
    log('signed in; measuring');

    const body = JSON.stringify({ message: BENCH_PROMPT, modelIds: ['offline'] });
    const throughNpmStart = async () => {
      const started = performance.now();
      const response = await fetch(`${stack.app}/api/chat`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' }, body });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let firstToken = Number.NaN;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
        if (Number.isNaN(firstToken) && text.includes('{"type":"delta"')) firstToken = performance.now() - started;
      }
      if (Number.isNaN(firstToken)) throw new Error(`no token: ${text.slice(0, 300)}`);
      // What the request does after its answer is over before the next one starts.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return firstToken;
    };
    const result = await compareInterleaved({ model: offlineModelProbe(), npmStart: throughNpmStart }, runs, warmup);
    const added = result.npmStart.p50Ms - result.model.p50Ms;
    console.log('time to first token, a new conversation, one session, interleaved runs:');
    console.log(`  model stream alone (streamText):                         ${format(result.model)}`);
    console.log(`  npm start (app, stand-in, sandbox: a process each):      ${format(result.npmStart)}`);
    console.log(`  server adds (p50): ${added.toFixed(2)} ms  (budget ${BUDGET_MS} ms: ${added <= BUDGET_MS ? 'within' : 'OVER'})`);
    console.log('  the app server in the bench\'s process over the stand-in in its own: npm run bench -- app-server-stack');
    if (added > BUDGET_MS) process.exitCode = 1;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
