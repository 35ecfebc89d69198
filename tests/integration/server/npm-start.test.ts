// Issue 7 "npm start": the real script as a child process on a fresh data folder, stopped with
// Ctrl-C (SIGINT), started again on another app port: data kept, the sandbox's webhook follows.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../support/local-http.js';

const root = join(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = async () => Number(new URL(await closedPort()).port);

interface Started {
  readonly output: () => string;
  readonly urls: { app: string; mailbox: string; sandbox: string };
  stop(): Promise<{ code: number | null; output: string }>;
}

/** Runs scripts/start.ts and resolves once it printed its URLs (the stack is then up). */
async function npmStart(ports: Record<string, number>): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, OFFLINE_MODEL_TOKEN_DELAY_MS: '0' };
  for (const name of ['SUPABASE_URL', 'BILLING_ACCESS_TOKEN', 'PUBLIC_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL']) delete env[name];
  for (const [name, port] of Object.entries(ports)) env[name] = String(port);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Ctrl-C stops everything/.test(output)) resolve();
    });
    void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const url = (label: string) => new RegExp(`${label}\\s+(http://\\S+)`).exec(output)?.[1] ?? '';
  return {
    output: () => output,
    urls: { app: url('Ensemble'), mailbox: url('Mailbox'), sandbox: url('Billing sandbox') },
    stop: async () => {
      child.kill('SIGINT');
      return { code: await exited, output };
    },
  };
}

const seed = () => JSON.parse(readFileSync(join(dataDir, 'billing', 'seed.json'), 'utf8')) as { accessToken: string; webhookEndpointId: string };

describe('npm start (issue 7): the whole product offline in one command', () => {
  it('prints the URLs and serves app, mailbox and sandbox; Ctrl-C stops it; a second start keeps the data', async () => {
    const ports = { SUPABASE_PORT: await freePort(), MAILBOX_PORT: await freePort(), BILLING_SANDBOX_PORT: await freePort() };
    const firstPort = await freePort();
    const first = await npmStart({ ...ports, PORT: firstPort });
    expect(first.urls.app).toBe(`http://localhost:${firstPort}`);
    expect(first.output()).toMatch(/Real providers: set SUPABASE_URL/);
    expect((await fetch(`${first.urls.app}/api/health`)).status).toBe(200);
    // The built client (built by npm start when missing or stale) is what the app's address serves.
    const home = await fetch(`${first.urls.app}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toMatch(/<script type="module"[^>]+src="\/assets\/[^"]+\.js"/);
    const config = (await (await fetch(`${first.urls.app}/api/config`)).json()) as { supabaseUrl: string; supabaseAnonKey: string; billingAvailable: boolean };
    expect(config.billingAvailable).toBe(true);
    const otp = (createUser: boolean) =>
      fetch(`${config.supabaseUrl}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com', create_user: createUser }),
      });
    expect((await otp(true)).status).toBe(200);
    expect((await fetch(first.urls.mailbox)).status).toBe(200);
    expect((await fetch(`${first.urls.sandbox}/__sandbox/health`)).status).toBe(200);
    const sandboxCall = (path: string, init: RequestInit = {}) =>
      fetch(`${first.urls.sandbox}${path}`, { ...init, headers: { authorization: `Bearer ${seed().accessToken}`, 'content-type': 'application/json' } });
    const created = await sandboxCall('/v1/customers/', { method: 'POST', body: JSON.stringify({ email: 'kept@example.com', external_id: 'kept-user' }) });
    expect(created.status).toBe(201);
    const stopped = await first.stop();
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toMatch(/SIGINT: stopping/);

    const secondPort = await freePort();
    const second = await npmStart({ ...ports, PORT: secondPort });
    try {
      const kept = await sandboxCall('/v1/customers/external/kept-user');
      expect(kept.status).toBe(200);
      // The user signed up before the restart is still known (a new address would be refused here).
      expect((await otp(false)).status).toBe(200);
      const endpoint = (await (await sandboxCall(`/v1/webhooks/endpoints/${seed().webhookEndpointId}`)).json()) as { url: string };
      expect(endpoint.url).toBe(`http://127.0.0.1:${secondPort}/api/webhooks/billing`);
      expect((await fetch(`${second.urls.app}/api/health`)).status).toBe(200);
    } finally {
      expect((await second.stop()).code).toBe(0);
    }
  }, 180_000);
});
