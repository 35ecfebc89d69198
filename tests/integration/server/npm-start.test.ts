// `npm start`: the real script as a child process on a fresh data folder, stopped with
// Ctrl-C (SIGINT), started again on another app port: data kept, the sandbox's webhook follows.
// Each part runs in a process of its own; Ctrl-C, or a part that dies, stops them all.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killStackScripts, runStackScript } from '../../support/stack-script.js';

const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
afterAll(() => {
  killStackScripts();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs scripts/start.ts on the shared data folder and resolves once it printed its URLs. */
async function npmStart(ports: Record<string, number>) {
  const started = await runStackScript('scripts/start.ts', { DATA_DIR: dataDir, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) });
  return { ...started, urls: { app: started.url('Ensemble'), mailbox: started.url('Mailbox'), sandbox: started.url('Billing sandbox') } };
}

/** The processes npm start printed: the stack's own and each part's. */
function processesOf(output: string): Record<'stack' | 'app' | 'supabase' | 'billing', number> {
  const line = /Processes\s+(.+)/.exec(output)?.[1] ?? '';
  const pid = (name: string) => Number(new RegExp(`${name} (\\d+)`).exec(line)?.[1] ?? NaN);
  return { stack: pid('stack'), app: pid('app'), supabase: pid('supabase'), billing: pid('billing') };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (bounded) until none of `pids` runs any more; answers those still running. */
async function gone(pids: readonly number[]): Promise<number[]> {
  for (let attempt = 0; attempt < 400 && pids.some(alive); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(alive);
}

const seed = () => JSON.parse(readFileSync(join(dataDir, 'billing', 'seed.json'), 'utf8')) as { accessToken: string; webhookEndpointId: string };

describe('npm start: the whole product offline in one command', () => {
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
    // The app server's process holds the app alone: the stand-in, its mailbox and the sandbox run in
    // processes of their own, each its own, none of them the one that started them.
    const pids = processesOf(first.output());
    expect(Object.values(pids).every((pid) => Number.isInteger(pid) && alive(pid)), first.output()).toBe(true);
    expect(new Set(Object.values(pids)).size).toBe(4);
    const stopped = await first.stop();
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toMatch(/SIGINT: stopping/);
    // Ctrl-C leaves nothing behind.
    expect(await gone(Object.values(pids))).toEqual([]);

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
      // A part that dies takes the whole down, saying which one.
      const parts = processesOf(second.output());
      process.kill(parts.billing, 'SIGKILL');
      expect(await gone(Object.values(parts))).toEqual([]);
    } finally {
      const ended = await second.stop();
      expect(ended.code, ended.output).toBe(1);
      expect(ended.output).toMatch(/the billing process stopped unexpectedly \(signal SIGKILL\); stopping the rest of the stack/);
    }
  }, 400_000);
});
