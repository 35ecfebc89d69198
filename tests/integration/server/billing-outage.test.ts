// A frozen billing provider is noticed: the billing sandbox runs as a process of its own and is
// frozen with SIGSTOP (its port still accepts connections, nothing answers). Billing calls answer
// 503 within the interactive timeout, the circuit breaker then refuses at once, /api/config agrees,
// and after SIGCONT a probe finds the provider back.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { startAppServer, type RunningAppServer } from '../../../web/server/start-app-server.js';
import { freePort } from '../../support/free-port.js';
import { spawnSandbox, type SandboxProcess } from '../../support/sandbox-process.js';

// Long enough that an answer refused by the open breaker is clearly quicker even on a busy machine.
const TIMEOUT_MS = 2500;
const COOLDOWN_MS = 1500;
const jwtSecret = randomBytes(32).toString('hex');
let sandbox: SandboxProcess;
let app: RunningAppServer;
const logger = new InMemoryLogger();

beforeAll(async () => {
  const port = String(await freePort());
  sandbox = await spawnSandbox({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/billing` });
  app = await startAppServer(
    {
      PORT: port,
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon-key-for-tests',
      SUPABASE_JWT_SECRET: jwtSecret,
      AUTH_SESSION_CHECK_MS: '0',
      BILLING_SERVER: sandbox.url,
      BILLING_ACCESS_TOKEN: sandbox.seed.accessToken,
      BILLING_PRODUCT_ID: sandbox.seed.productId,
      BILLING_WEBHOOK_SECRET: sandbox.seed.webhookSecret,
      BILLING_TIMEOUT_MS: String(TIMEOUT_MS),
      BILLING_BREAKER_FAILURES: '3',
      BILLING_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
      RATE_LIMIT_BURST: '1000',
      CLIENT_DIST: 'tests/integration/server/no-client-here',
    },
    { logger },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sandbox?.stop();
});

const token = () =>
  new SignJWT({ role: 'authenticated', email: 'outage@example.com' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
const timed = async (path: string, auth?: string) => {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, auth ? { headers: { authorization: `Bearer ${auth}` } } : {});
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: Math.round(performance.now() - started) };
};
const billingAvailable = async () => (await timed('/api/config')).body['billingAvailable'];

describe('a frozen billing provider (SIGSTOP) is noticed', () => {
  it('503 within the interactive timeout, then at once once the breaker is open; /api/config agrees; after SIGCONT a probe turns billing back on', async () => {
    const auth = await token();
    expect(await billingAvailable()).toBe(true);
    expect((await timed('/api/billing/plan')).body).toMatchObject({ available: true });
    expect((await timed('/api/billing/state', auth)).status).toBe(200);

    sandbox.signal('SIGSTOP');
    try {
      const first = await timed('/api/billing/state', auth);
      expect(first.status).toBe(503);
      expect(first.body).toMatchObject({ error: 'billing_unavailable' });
      // The plan and the config say the same from the first timeout on.
      expect(await billingAvailable()).toBe(false);
      expect((await timed('/api/billing/plan')).body).toMatchObject({ available: false });
      // One call at a time tries the provider now; the third failure in a row opens the breaker.
      const third = await timed('/api/billing/state', auth);
      expect(third.status).toBe(503);

      // 20 at once: refused at once by the open breaker, none waits for a timeout.
      const many = await Promise.all(Array.from({ length: 20 }, () => timed('/api/billing/state', auth)));
      expect(many.every((r) => r.status === 503)).toBe(true);
      const slowest = Math.max(...many.map((r) => r.ms));
      console.log(
        `[figure] provider frozen: first 503 after ${first.ms} ms (interactive timeout ${TIMEOUT_MS} ms); ` +
          `20 concurrent calls with the breaker open: slowest 503 after ${slowest} ms`,
      );
      expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(first.ms).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(slowest).toBeLessThan(TIMEOUT_MS);
      expect(logger.entries.some((e) => e.level === 'warn' && /not answering/.test(e.message))).toBe(true);
    } finally {
      sandbox.signal('SIGCONT');
    }

    // After the cooldown billing looks worth a try again; the next call is the probe and finds it back.
    await until(async () => (await billingAvailable()) === true);
    expect((await timed('/api/billing/plan')).body).toMatchObject({ available: true });
    expect((await timed('/api/billing/state', auth)).status).toBe(200);
    expect(await billingAvailable()).toBe(true);
  }, 60_000);
});

describe('20 billing calls at the moment the provider freezes', () => {
  it('each answers 503 within one interactive timeout (plus a margin), none waits longer; /api/config then agrees', async () => {
    // The provider answers (the breaker closed, as the test above left it); 20 users then ask at once
    // just as it freezes, so every one of them is already waiting on it.
    expect(await billingAvailable()).toBe(true);
    const users = await Promise.all(Array.from({ length: 20 }, () => token()));
    expect((await timed('/api/billing/state', users[0])).status).toBe(200);
    sandbox.signal('SIGSTOP');
    try {
      const started = performance.now();
      const answers = await Promise.all(users.map((auth) => timed('/api/billing/state', auth)));
      const all = Math.round(performance.now() - started);
      const times = answers.map((a) => a.ms).sort((a, b) => a - b);
      console.log(
        `[figure] 20 billing calls at the freeze: all 503 after ${all} ms (interactive timeout ${TIMEOUT_MS} ms); ` +
          `fastest ${times[0]} ms, median ${times[10]} ms, slowest ${times[19]} ms`,
      );
      expect(answers.map((a) => `${a.status} ${String(a.body['error'])}`)).toEqual(Array<string>(20).fill('503 billing_unavailable'));
      // One timeout for all of them (they wait together, not one after another), and a margin.
      expect(all).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(await billingAvailable()).toBe(false);
    } finally {
      sandbox.signal('SIGCONT');
    }
    await until(async () => (await billingAvailable()) === true);
    expect((await timed('/api/billing/state', users[0])).status).toBe(200);
  }, 60_000);
});

/** Asks again (every 100 ms, at most 20 s) until the condition holds: the cooldown is wall time. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition never became true');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
