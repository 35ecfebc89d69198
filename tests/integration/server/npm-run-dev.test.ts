// `npm run dev`: the same stack as npm start, with the client served by Vite's dev server
// (hot reload) that proxies /api to the app server. Run as the real script, stopped with Ctrl-C.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killStackScripts, runStackScript } from '../../support/stack-script.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';

const dataDir = mkdtempSync(join(tmpdir(), 'npm-run-dev-'));
// The stand-in opens a database already migrated, as on a second start (npm-start.test.ts runs the first).
beforeAll(async () => {
  cpSync(await migratedDataDir(), join(dataDir, 'postgres'), { recursive: true });
});
afterAll(() => {
  killStackScripts();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev: the stack with Vite hot reload', () => {
  it('serves the client from Vite with its hot-reload client, proxies /api to the app server, and stops on Ctrl-C', async () => {
    const [app, supabase, mailbox, sandbox, vite] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const dev = await runStackScript('scripts/dev.ts', {
      DATA_DIR: dataDir,
      PORT: String(app),
      SUPABASE_PORT: String(supabase),
      MAILBOX_PORT: String(mailbox),
      BILLING_SANDBOX_PORT: String(sandbox),
      VITE_PORT: String(vite),
    });
    try {
      const base = dev.url('Ensemble');
      expect(base).toBe(`http://localhost:${vite}`);
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      // Vite's development page: its hot-reload client and the app's entry module as source, not a build.
      expect(html).toContain('/@vite/client');
      expect(html).toMatch(/<script type="module" src="[^"]*main\.tsx"/);
      expect((await fetch(`${base}/@vite/client`)).status).toBe(200);
      // /api goes through Vite's proxy to the app server, which the stand-in and the sandbox back.
      const config = (await (await fetch(`${base}/api/config`)).json()) as { supabaseUrl: string; billingAvailable: boolean };
      expect(config.supabaseUrl).toBe(`http://127.0.0.1:${supabase}`);
      expect(config.billingAvailable).toBe(true);
      expect((await fetch(`http://127.0.0.1:${app}/api/health`)).status).toBe(200);
    } finally {
      const stopped = await dev.stop();
      expect(stopped.code, stopped.output).toBe(0);
    }
  }, 120_000);
});
