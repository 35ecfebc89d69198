// `npm start`: the real script as a child process on a fresh data folder, stopped with
// Ctrl-C (SIGINT), started again on another app port: data kept, the sandbox's webhook follows.
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
