// The app server against the real local stand-ins: the Supabase stand-in (PGlite, supabase-js
// adapters) and the billing sandbox (Polar API, webhooks signed and delivered over HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { RunningSandbox } from '@ensemble/billing-sandbox';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { authServerVerifier } from '../../../adapters/auth/token-verifier.js';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startStackOnStandIns } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let sandbox: RunningSandbox;
let app: RunningAppServer;
let close: () => Promise<void>;
const logger = new InMemoryLogger();

beforeAll(async () => {
  ({ supabase, sandbox, server: app, close } = await startStackOnStandIns((seed) => ({ BILLING_DISCOUNT_ID: seed.discountId, OFFLINE_MODEL_TOKEN_DELAY_MS: '0' }), logger));
}, 60_000);
afterAll(() => close?.());

/** Signs up through the stand-in exactly as the browser does: e-mailed code, then verifyOtp. */
const signUp = () => signUpOnStandIn(supabase, app.url, { tag: 'stack' });

const sandboxApi = (path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? sandbox.seed!.accessToken}` }),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });

/** Polls the app until `check` holds (webhooks arrive asynchronously); a bounded wait, not a sleep. */
async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    last = await probe();
    if (check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the condition never held; last value: ${JSON.stringify(last)}`);
}

describe('app server on the Supabase stand-in and the billing sandbox', () => {
  it('chat with the offline model is saved and charged exactly through log_usage', async () => {
    const u = await signUp();
    const before = await (await u.call('GET', '/api/credits')).json();
    const lines = await readNdjson(await u.call('POST', '/api/chat', { message: 'Hello from the stand-in', modelIds: ['offline'] }));
    const finish = lines.find((l) => l.type === 'finish') as { creditsCharged: number; balance: number };
    expect(finish.creditsCharged).toBeGreaterThan(0);
    const after = await (await u.call('GET', '/api/credits')).json();
    expect(after.balance).toBe(before.balance - finish.creditsCharged);
    expect(after.history[0]).toMatchObject({ kind: 'usage_charge', amount: -finish.creditsCharged, modelId: 'offline' });
    const { conversationId } = lines[0] as { conversationId: string };
    const messages = (await (await u.call('GET', `/api/conversations/${conversationId}/messages`)).json()).messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('checkout -> confirm on the sandbox -> webhook -> profile active with the period credits', async () => {
    const u = await signUp();
    const startBalance = (await (await u.call('GET', '/api/credits')).json()).balance;
    const checkout = await (await u.call('POST', '/api/billing/checkout', {})).json();
    const details = await (await sandboxApi(`/v1/checkouts/${checkout.checkoutId}`)).json();
    // The checkout is the caller's: their user id as the external customer id, their e-mail filled in,
    // the plan product, and back into the app's subscribe page once paid.
    expect(details).toMatchObject({ external_customer_id: u.userId, customer_email: u.email, product_id: sandbox.seed!.productId });
    expect(details.success_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/subscribe\?checkout_id=/);
    expect(checkout.url).toBe(details.url);
    const confirmed = await sandboxApi(`/v1/checkouts/client/${details.client_secret}/confirm`, {
      method: 'POST',
      token: null,
      json: { customer_email: u.email, customer_name: 'Ada Lovelace', customer_billing_address: { country: 'FR' }, confirmation_token_id: TEST_CONFIRMATION_TOKENS.success },
    });
    expect(confirmed.status).toBe(200);
    await until(async () => (await u.call('GET', '/api/account')).json(), (a) => a.subscribed === true);
    const credits = await until(async () => (await u.call('GET', '/api/credits')).json(), (c) => c.balance === startBalance + 1000);
    expect(credits.history.filter((e: { kind: string }) => e.kind === 'subscription_grant')).toHaveLength(1);

    // Cancel at period end: still subscribed; after the period (sandbox clock), the webhook ends it.
    const canceled = await u.call('POST', '/api/billing/subscription/cancel', { reason: 'too_expensive', comment: null });
    expect(canceled.status).toBe(200);
    expect((await canceled.json()).subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await (await u.call('GET', '/api/account')).json()).subscribed).toBe(true);
    const advanced = await sandboxApi('/v1/__sandbox/clock/advance', { method: 'POST', json: { seconds: 32 * 24 * 3600 } });
    expect(advanced.status).toBe(200);
    await until(async () => (await u.call('GET', '/api/account')).json(), (a) => a.subscribed === false);
  });

  it('a redelivered order.paid (same webhook id) and a forged webhook change nothing in Supabase', async () => {
    const u = await signUp();
    const startBalance = (await (await u.call('GET', '/api/credits')).json()).balance;
    const checkout = await (await u.call('POST', '/api/billing/checkout', {})).json();
    const details = await (await sandboxApi(`/v1/checkouts/${checkout.checkoutId}`)).json();
    const confirmed = await sandboxApi(`/v1/checkouts/client/${details.client_secret}/confirm`, {
      method: 'POST',
      token: null,
      json: { customer_email: u.email, customer_name: 'Grace Hopper', customer_billing_address: { country: 'FR' }, confirmation_token_id: TEST_CONFIRMATION_TOKENS.success },
    });
    expect(confirmed.status).toBe(200);
    const granted = await until(async () => (await u.call('GET', '/api/credits')).json(), (c) => c.balance === startBalance + 1000);

    type Delivery = { succeeded: boolean; webhook_event: { id: string; type: string; payload: string | null } };
    const deliveries = async (): Promise<Delivery[]> =>
      (await (await sandboxApi(`/v1/webhooks/deliveries?endpoint_id=${sandbox.seed!.webhookEndpointId}&limit=100`)).json()).items;
    const paid = (list: Delivery[]) => list.filter((d) => d.webhook_event.type === 'order.paid' && d.webhook_event.payload?.includes(u.userId));
    const [first] = paid(await until(deliveries, (list) => paid(list).some((d) => d.succeeded)));
    const redelivered = await sandboxApi(`/v1/webhooks/events/${first!.webhook_event.id}/redeliver`, { method: 'POST' });
    expect(redelivered.status).toBe(202);
    await until(deliveries, (list) => paid(list).filter((d) => d.succeeded).length === 2);

    const forged = await fetch(`${app.url}/api/webhooks/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,Zm9yZ2VkIHNpZ25hdHVyZQ==' },
      body: first!.webhook_event.payload ?? '{}',
    });
    expect(forged.status).toBe(401);

    const after = await (await u.call('GET', '/api/credits')).json();
    expect(after.balance).toBe(granted.balance);
    expect(after.history.filter((e: { kind: string }) => e.kind === 'subscription_grant')).toHaveLength(1);
    expect((await (await u.call('GET', '/api/account')).json()).subscribed).toBe(true);
  });

  it('without a JWT secret, tokens are checked with Supabase Auth (GET /auth/v1/user)', async () => {
    const u = await signUp();
    const verify = authServerVerifier({ supabaseUrl: supabase.url, anonKey: supabase.anonKey });
    const good = await verify(u.token);
    expect(good.ok && good.user.id).toBe(u.userId);
    const bad = await verify(`${u.token.slice(0, -4)}AAAA`);
    expect(bad).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
