import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { checkout, listResource, subscription, type SubscriptionWire, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import { startTestSandbox, wire, type Answer, type TestSandbox } from './sandbox-harness.js';

export const SUCCESS_TOKEN = TEST_CONFIRMATION_TOKENS.success;
export const DECLINED_TOKEN = TEST_CONFIRMATION_TOKENS.declined;

export interface WebhookEvent {
  readonly type: string;
  readonly timestamp: string;
  readonly data: Record<string, unknown> & { id: string };
}

/** A webhook endpoint on loopback that verifies every delivery's Standard Webhooks signature. */
export async function verifiedReceiver() {
  const events: WebhookEvent[] = [];
  const failures: string[] = [];
  const waiters: { match: (e: WebhookEvent[]) => boolean; resolve: () => void }[] = [];
  const state = { secret: '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      try {
        // The SDK's validateEvent: the HMAC key is the UTF-8 bytes of the whole secret (reference §5).
        new Webhook(Buffer.from(state.secret, 'utf8').toString('base64')).verify(body, headers);
        events.push(JSON.parse(body) as WebhookEvent);
      } catch (error) {
        failures.push(String(error));
      }
      res.writeHead(200).end('ok');
      for (const w of [...waiters]) {
        if (w.match(events)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    state,
    events,
    failures,
    /** Resolves once an event of `type` about `id` (data.id), with `data` matching `fields`, has arrived. */
    waitFor(type: string, id?: string, fields: Record<string, unknown> = {}): Promise<WebhookEvent> {
      const find = () =>
        events.find(
          (e) => e.type === type && (id === undefined || e.data.id === id) && Object.entries(fields).every(([k, v]) => e.data[k] === v),
        );
      const found = find();
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match: () => find() !== undefined, resolve: () => resolve(find() as WebhookEvent) }));
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type Receiver = Awaited<ReturnType<typeof verifiedReceiver>>;

const ALL_COMMERCE_EVENTS = [
  'checkout.created', 'checkout.updated', 'checkout.expired', 'customer.created', 'customer.updated', 'customer.state_changed',
  'order.created', 'order.updated', 'order.paid', 'order.refunded', 'subscription.created', 'subscription.updated',
  'subscription.active', 'subscription.canceled', 'subscription.uncanceled', 'subscription.revoked', 'refund.created',
  'benefit_grant.created', 'benefit_grant.revoked',
];

/** A sandbox plus a verified webhook receiver subscribed to the commerce events. */
export async function commerceSandbox(): Promise<{ t: TestSandbox; hooks: Receiver; close(): Promise<void> }> {
  const hooks = await verifiedReceiver();
  const t = await startTestSandbox();
  const endpoint = wire(webhookEndpoint, await t.api('POST', '/v1/webhooks/endpoints', { url: hooks.url, format: 'raw', events: ALL_COMMERCE_EVENTS }), 201);
  hooks.state.secret = endpoint.secret;
  return { t, hooks, close: async () => { await t.close(); await hooks.close(); } };
}

/** Creates a checkout for the seeded plan (or `products`) and returns its seller view body. */
export async function newCheckout(t: TestSandbox, body: Record<string, unknown> = {}): Promise<{ id: string; client_secret: string; url: string } & Record<string, unknown>> {
  const created = await t.api('POST', '/v1/checkouts/', { products: [t.seed.productId], ...body });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: string; client_secret: string; url: string };
}

/** A new customer (`tag` in their e-mail) subscribes to the seeded plan through a paid checkout: their subscription. */
export async function subscribe(t: TestSandbox, tag: string): Promise<SubscriptionWire> {
  const created = await newCheckout(t);
  const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(uniqueEmail(tag)));
  expect(confirmed.status, confirmed.text).toBe(200);
  const after = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
  const subs = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${after.customer_id}`));
  const [first] = subs.items;
  if (first === undefined) throw new Error(`the paid checkout ${created.id} left no subscription`);
  return first;
}

export const confirmBody = (email: string, token: string | null = SUCCESS_TOKEN) => ({
  customer_email: email,
  customer_name: 'Ada Lovelace',
  customer_billing_address: { country: 'FR' },
  ...(token === null ? {} : { confirmation_token_id: token }),
});

export const publicCall = (t: TestSandbox, method: string, secret: string, suffix = '', body?: unknown): Promise<Answer> =>
  t.api(method, `/v1/checkouts/client/${secret}${suffix}`, body, null);

export const uniqueEmail = (tag: string): string => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

export const advanceClock = (t: TestSandbox, seconds: number): Promise<Answer> => t.api('POST', '/v1/__sandbox/clock/advance', { seconds });

export const DAY = 24 * 3600;
