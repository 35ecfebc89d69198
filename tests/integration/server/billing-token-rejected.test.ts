// App spec §6 against the real billing sandbox: an access token the provider rejects (401
// invalid_token) logs a warning and turns billing off; the routes then say so plainly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { startAppServer, type RunningAppServer } from '../../../web/server/start-app-server.js';
import { startTestSandbox, type TestSandbox } from '../billing-sandbox/sandbox-harness.js';

let sandbox: TestSandbox;
let app: RunningAppServer;
const logger = new InMemoryLogger();

beforeAll(async () => {
  sandbox = await startTestSandbox();
  app = await startAppServer(
    {
      PORT: '0',
      // No Supabase needed here: the routes under test are public; the secret only lets the server start.
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'anon-key-for-tests',
      SUPABASE_JWT_SECRET: 'jwt-secret-for-this-test-0123456789abcdef',
      BILLING_SERVER: sandbox.sandbox.url,
      // Shaped like a real token, but not one the sandbox issued.
      BILLING_ACCESS_TOKEN: 'polar_oat_ThisTokenWasNeverIssuedBySandbox0123456789',
      BILLING_PRODUCT_ID: sandbox.seed.productId,
      BILLING_WEBHOOK_SECRET: sandbox.seed.webhookSecret,
      CLIENT_DIST: 'tests/integration/server/no-client-here',
    },
    { logger },
  );
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
});

describe('a billing token the provider rejects (app spec §6)', () => {
  it('the plan answers billing unavailable with the fallback price, one warning is logged, and config says unavailable', async () => {
    const before = (await (await fetch(`${app.url}/api/config`)).json()) as { billingAvailable: boolean };
    expect(before.billingAvailable).toBe(true);

    const plan = (await (await fetch(`${app.url}/api/billing/plan`)).json()) as { available: boolean; basePriceCents: number };
    expect(plan.available).toBe(false);
    expect(plan.basePriceCents).toBe(2500);
    // The adapter warns what the provider said; the guard warns that billing is off, once.
    const rejected = () => logger.entries.filter((e) => e.level === 'warn' && /rejected the access token/.test(e.message)).map((e) => e.message);
    expect(rejected()).toEqual(['Billing provider rejected the access token', 'The billing provider rejected the access token; billing features are turned off']);

    const after = (await (await fetch(`${app.url}/api/config`)).json()) as { billingAvailable: boolean };
    expect(after.billingAvailable).toBe(false);
    // Asking again does not ask the provider again: no new rejection, the same fallback answer.
    const again = (await (await fetch(`${app.url}/api/billing/plan`)).json()) as { available: boolean };
    expect(again.available).toBe(false);
    expect(rejected()).toHaveLength(2);
  });
});
