import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateEvent } from '@polar-sh/sdk/webhooks.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents } from '@ensemble/billing-sandbox/engine';
import { verifyWebhook } from '@ensemble/billing-client';
import { webhookEventTypes } from '@ensemble/billing-client/schemas';
import { repoRoot } from '../../support/billing-spec-calls.js';
import { advanceClock, DAY } from '../billing-sandbox/commerce-harness.js';
import { purchase } from '../billing-sandbox/benefits-usage-harness.js';
import { EVENT_TYPES_NOT_IN_SDK_048, issueLines } from './oracle.js';
import { closeWorld, created, newProduct, portal, richBuyer, startWorld, type OracleWorld } from './world.js';

/**
 * Every webhook event type the sandbox sends is parsed by the official SDK's `validateEvent` (signature
 * and payload schema), and by our own `verifyWebhook`. Types SDK 0.48 does not know (the provider sends
 * them too, reference §1) are listed in EVENT_TYPES_NOT_IN_SDK_048 and must fail there for that reason only.
 */

/**
 * Every event type the sandbox can send, read from its source: each `ctx.emit('<type>', …)`, and the
 * types `changeEvents` gives `saveSubscription` (its one `ctx.emit(type, …)`). Another emit whose type
 * is not written out fails here, so a new type cannot go unnoticed by the scenario below.
 */
function sandboxEventTypes(): { types: Set<string>; unread: string[] } {
  const dir = join(repoRoot, 'adapters', 'stand-ins', 'billing');
  const types = new Set<string>();
  const unread: string[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/\bctx\.emit\(\s*([^,]+),/g)) {
      const literal = /^'([a-z_]+\.[a-z_]+)'$/.exec(m[1]?.trim() ?? '');
      if (literal) types.add(literal[1] as string);
      else if (file === join('resources', 'subscriptions', 'save.ts') && m[1]?.trim() === 'type') {
        for (const kind of ['created', 'canceled', 'uncanceled', 'revoked', 'updated', 'ended'] as const) for (const t of changeEvents(kind)) types.add(t);
      } else unread.push(`${file}: ctx.emit(${m[1]?.trim()}, …)`);
    }
  }
  return { types, unread };
}

interface Delivery {
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly type: string;
}

let w: OracleWorld;
let server: Server;
let secret = '';
const deliveries: Delivery[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      deliveries.push({ body, headers, type: (JSON.parse(body) as { type: string }).type });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  w = await startWorld();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  secret = created<{ secret: string }>(await w.t.api('POST', '/v1/webhooks/endpoints', { url, format: 'raw', events: webhookEventTypes })).secret;
  await everyKindOfChange(w);
  await w.t.sandbox.ctx.webhooks.idle();
}, 120_000);

afterAll(async () => {
  await closeWorld(w);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Catalog edits, purchases, portal changes, cancel and uncancel, refunds, revocation, renewal and expiry. */
async function everyKindOfChange(w: OracleWorld): Promise<void> {
  const { t } = w;
  const rich = await richBuyer(w);
  const product = await newProduct(w, [{ amount_type: 'fixed', price_amount: 700, price_currency: 'usd' }]);
  created(await t.api('PATCH', `/v1/products/${product.id}`, { name: 'Renamed product' }), 200);
  created(await t.api('PATCH', `/v1/benefits/${rich.benefits.custom}`, { type: 'custom', description: 'Renamed benefit' }), 200);
  const discount = created(await t.api('POST', '/v1/discounts/', { name: 'Hook', type: 'percentage', basis_points: 100, duration: 'once' }));
  created(await t.api('PATCH', `/v1/discounts/${discount.id}`, { name: 'Hook 2' }), 200);
  await t.api('DELETE', `/v1/discounts/${discount.id}`);
  created(await t.api('PATCH', `/v1/organizations/${t.seed.organizationId}`, { website: 'https://ensemble.example' }), 200);
  created(await t.api('PATCH', `/v1/customers/${w.buyer.customerId}`, { name: 'Ada Byron' }), 200);
  const grants = created<{ items: { id: string; benefit: { type: string } }[] }>(await portal(w, 'GET', '/v1/customer-portal/benefit-grants/?limit=100', undefined, rich.buyer.session), 200);
  const discord = grants.items.find((g) => g.benefit.type === 'discord')?.id;
  created(await portal(w, 'PATCH', `/v1/customer-portal/benefit-grants/${discord}`, { benefit_type: 'discord', properties: { account_id: 'discord-1' } }, rich.buyer.session), 200);
  const sub = w.buyer.subscriptionId as string;
  created(await t.api('PATCH', `/v1/subscriptions/${sub}`, { cancel_at_period_end: true }), 200);
  created(await t.api('PATCH', `/v1/subscriptions/${sub}`, { cancel_at_period_end: false }), 200);
  const oneTime = await purchase(t, product.id, 'hook-refund');
  const order = created<{ items: { id: string }[] }>(await t.api('GET', `/v1/orders/?customer_id=${oneTime.customerId}`), 200).items[0]?.id;
  created(await t.api('POST', '/v1/refunds/', { order_id: order, reason: 'customer_request', amount: 700 }));
  const revoked = await purchase(t, t.seed.productId, 'hook-revoke');
  created(await t.api('DELETE', `/v1/subscriptions/${revoked.subscriptionId}`), 200);
  created(await t.api('POST', '/v1/checkouts/', { products: [t.seed.productId] }));
  const gone = created(await t.api('POST', '/v1/customers/', { email: `gone-${Date.now()}@example.com` }));
  await t.api('DELETE', `/v1/customers/${gone.id}`);
  created(await t.api('PATCH', `/v1/subscriptions/${rich.buyer.subscriptionId}`, { cancel_at_period_end: true }), 200);
  expect((await advanceClock(t, 32 * DAY)).status).toBe(200); // renewals, the end of a cancelled period, checkout expiry
}

describe("the official SDK's validateEvent parses every webhook the sandbox sends", () => {
  it("sends every event type the sandbox's source can emit (read from its emit calls)", () => {
    const { types: emitted, unread } = sandboxEventTypes();
    expect(unread, 'emit calls whose type this test cannot read').toEqual([]);
    expect(emitted.size).toBeGreaterThanOrEqual(30);
    expect(emitted).toContain('subscription.uncanceled');
    const sent = new Set(deliveries.map((d) => d.type));
    expect([...emitted].filter((type) => !sent.has(type)).sort(), 'types the scenario never sends: extend everyKindOfChange').toEqual([]);
    expect([...sent].filter((type) => !emitted.has(type)).sort()).toEqual([]);
  });

  it('each delivery of a type SDK 0.48 knows passes validateEvent (signature and payload schema)', () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const d of deliveries.filter((x) => !EVENT_TYPES_NOT_IN_SDK_048.has(x.type))) {
      try {
        validateEvent(d.body, d.headers, secret);
        seen.add(d.type);
      } catch (error) {
        const cause = (error as { cause?: { issues?: unknown[] } }).cause;
        failures.push(`${d.type}: ${cause?.issues ? [...new Set(issueLines(cause.issues))].join('; ').slice(0, 1500) : String(error)}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
    expect(seen.size).toBeGreaterThanOrEqual(27);
  });

  it('types SDK 0.48 lacks fail there only as unknown types; our client verifies and parses them all', () => {
    const unknown = deliveries.filter((d) => EVENT_TYPES_NOT_IN_SDK_048.has(d.type));
    expect(unknown.map((d) => d.type)).toEqual(expect.arrayContaining(['discount.created', 'discount.updated', 'discount.deleted']));
    for (const d of unknown) {
      expect(() => validateEvent(d.body, d.headers, secret), d.type).toThrow(/Failed to parse event/);
      const cause = (() => { try { validateEvent(d.body, d.headers, secret); } catch (error) { return (error as { cause?: unknown }).cause; } return undefined; })();
      expect(String((cause as { message?: string })?.message ?? cause)).toContain(`Unknown event type: ${d.type}`);
    }
    const ours = deliveries.map((d) => ({ type: d.type, result: verifyWebhook(d.body, d.headers, secret) }));
    expect(ours.filter((o) => !o.result.success).map((o) => `${o.type}: ${JSON.stringify(o.result)}`.slice(0, 600))).toEqual([]);
  });
});
