// `npm start`: each part switches to its real counterpart when its configuration is present.
// The "real" Supabase and billing provider here are a stand-in and a sandbox started by the test on
// their own ports: the stack must use them and start nothing of its own for that part.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { startLocalStack, type LocalStack } from '../../../scripts/local-stack.js';
import { startTestSandbox, type TestSandbox } from '../billing-sandbox/sandbox-harness.js';
import { freePort } from '../../support/free-port.js';
import { standInEnv, startTestSupabase } from '../../support/local-supabase.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';
import { entryArgs } from '../../support/prebuilt-entry-args.js';

const dataDir = mkdtempSync(join(tmpdir(), 'stack-switching-'));
let supabase: LocalSupabase;
let billing: TestSandbox;

beforeAll(async () => {
  [supabase, billing] = await Promise.all([startTestSupabase(), startTestSandbox()]);
  // The stack's own stand-in opens a database already migrated, as on a second `npm start` (the first,
  // which migrates a fresh one, is npm-start.test.ts's): what is tested here is which parts start.
  cpSync(await migratedDataDir(), join(dataDir, 'postgres'), { recursive: true });
});
afterAll(async () => {
  await Promise.all([supabase?.stop(), billing?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** startLocalStack reads process.env, as npm start does; each case sets its own and restores it. Each part starts in a process of its own: a case has two minutes. */
async function stackWith(env: Record<string, string>): Promise<LocalStack> {
  const saved = { ...process.env };
  for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'BILLING_ACCESS_TOKEN', 'BILLING_SERVER', 'BILLING_PRODUCT_ID', 'BILLING_DISCOUNT_ID', 'BILLING_WEBHOOK_SECRET', 'PUBLIC_URL']) {
    delete process.env[name];
  }
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    SUPABASE_PORT: String(await freePort()),
    MAILBOX_PORT: String(await freePort()),
    BILLING_SANDBOX_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    // Its parts from the run's bundle of scripts/stack-part.ts: which parts start is the question here
    // (npm-start.test.ts starts them through tsx, as npm start does).
    return await startLocalStack({ serveClient: false, partEntry: entryArgs('stack-part') });
  } finally {
    process.env = saved;
  }
}

const supabaseEnv = () => standInEnv(supabase);
const billingEnv = () => ({
  BILLING_ACCESS_TOKEN: billing.seed.accessToken,
  BILLING_SERVER: billing.sandbox.url,
  BILLING_PRODUCT_ID: billing.seed.productId,
  BILLING_DISCOUNT_ID: billing.seed.discountId,
  BILLING_WEBHOOK_SECRET: billing.seed.webhookSecret,
});

const json = async (url: string) => (await fetch(url)).json() as Promise<Record<string, unknown>>;

describe('npm start uses what is configured and starts only the rest', () => {
  it('with Supabase and billing configured it starts neither stand-in and talks to the configured ones', async () => {
    const stack = await stackWith({ ...supabaseEnv(), ...billingEnv() });
    try {
      expect(stack.supabase).toBeNull();
      expect(stack.sandbox).toBeNull();
      expect(stack.app.dataMode).toBe('supabase');
      const base = `http://127.0.0.1:${stack.app.port}`;
      const config = await json(`${base}/api/config`);
      expect(config).toMatchObject({ supabaseUrl: supabase.url, supabaseAnonKey: supabase.anonKey, billingAvailable: true });
      // The catalogue comes from the configured database, the plan from the configured provider.
      const models = (await json(`${base}/api/models`)).models as { id: string }[];
      expect(models.map((m) => m.id)).toContain('offline');
      const plan = await json(`${base}/api/billing/plan`);
      expect(plan).toMatchObject({ available: true, productId: billing.seed.productId });
    } finally {
      await stack.stop();
    }
  }, 120_000);

  it('with only Supabase configured it starts the billing sandbox, and with only billing configured the Supabase stand-in', async () => {
    const onlySupabase = await stackWith(supabaseEnv());
    try {
      expect(onlySupabase.supabase).toBeNull();
      expect(onlySupabase.sandbox).not.toBeNull();
      expect((await json(`http://127.0.0.1:${onlySupabase.app.port}/api/config`)).supabaseUrl).toBe(supabase.url);
    } finally {
      await onlySupabase.stop();
    }
    const onlyBilling = await stackWith(billingEnv());
    try {
      expect(onlyBilling.sandbox).toBeNull();
      expect(onlyBilling.supabase).not.toBeNull();
      const config = await json(`http://127.0.0.1:${onlyBilling.app.port}/api/config`);
      expect(config.supabaseUrl).toBe(onlyBilling.supabase?.url);
      expect(config.supabaseUrl).not.toBe(supabase.url);
      expect((await json(`http://127.0.0.1:${onlyBilling.app.port}/api/billing/plan`)).productId).toBe(billing.seed.productId);
    } finally {
      await onlyBilling.stop();
    }
  }, 120_000);
});
