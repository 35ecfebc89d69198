import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { orderWire } from '../../support/billing-fixtures/orders.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';
import { startTestServer, WEBHOOK_SECRET, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { CREDITS_PER_PERIOD: '750' } });
});
afterAll(async () => {
  await s.close();
});

const signer = (secret: string) => new Webhook(Buffer.from(secret, 'utf8').toString('base64'));

async function deliver(payload: unknown, options: { id?: string; at?: Date; secret?: string; tamper?: boolean } = {}) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const body = JSON.stringify(payload);
  const signature = signer(options.secret ?? WEBHOOK_SECRET).sign(id, at, body);
  return s.api('/api/webhooks/billing', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body: options.tamper ? body.replace('"active"', '"revoked"') : body,
  });
}

const subscriptionEvent = (type: string, userId: string, over: Record<string, unknown> = {}) => ({
  type,
  timestamp: new Date().toISOString(),
  data: subscriptionWire({ customer: customerWire({ external_id: userId }), ...over }),
});
const orderPaid = (userId: string, orderId: string, over: Record<string, unknown> = {}) => ({
  type: 'order.paid',
  timestamp: new Date().toISOString(),
  data: orderWire({ id: orderId, customer: customerWire({ external_id: userId }), ...over }),
});

describe('POST /api/webhooks/billing: verified, at most once, profile and credits in step', () => {
  it('subscription.active marks the profile active; subscription.revoked ends it', async () => {
    const u = await s.signIn();
    const first = await deliver(subscriptionEvent('subscription.active', u.userId));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ outcome: 'processed' });
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBe('active');
    await deliver(subscriptionEvent('subscription.revoked', u.userId, { status: 'canceled' }));
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBe('canceled');
  });

  it('subscription.canceled at period end keeps the plan until it ends; uncanceled and updated follow the status sent', async () => {
    const u = await s.signIn();
    const status = () => s.db.profiles.get(u.userId)?.subscriptionStatus;
    await deliver(subscriptionEvent('subscription.active', u.userId));
    // Cancelled at period end: the provider still says active, and the user keeps what they paid for.
    const canceled = await deliver(subscriptionEvent('subscription.canceled', u.userId, { status: 'active', cancel_at_period_end: true, canceled_at: new Date().toISOString() }));
    expect(canceled.status).toBe(202);
    expect(status()).toBe('active');
    await deliver(subscriptionEvent('subscription.uncanceled', u.userId, { status: 'active', cancel_at_period_end: false }));
    expect(status()).toBe('active');
    // A failed renewal: the update carries past_due, which is not subscribed; paying again makes it active.
    await deliver(subscriptionEvent('subscription.updated', u.userId, { status: 'past_due' }));
    expect(status()).toBe('past_due');
    expect((await (await s.api('/api/account', { token: u.token })).json()).subscribed).toBe(false);
    await deliver(subscriptionEvent('subscription.updated', u.userId, { status: 'active' }));
    expect(status()).toBe('active');
    expect((await (await s.api('/api/account', { token: u.token })).json()).subscribed).toBe(true);
  });

  it('an event naming a user who does not exist is acknowledged (202 ignored), so the provider stops retrying', async () => {
    const ghost = randomUUID();
    const first = await deliver(subscriptionEvent('subscription.active', ghost));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ outcome: 'ignored' });
    const paid = await deliver(orderPaid(ghost, randomUUID()));
    expect(paid.status).toBe(202);
    expect(await paid.json()).toEqual({ outcome: 'ignored' });
    expect(s.db.profiles.has(ghost)).toBe(false);
  });

  it('order.paid of a subscription grants CREDITS_PER_PERIOD once per order', async () => {
    const u = await s.signIn();
    const orderId = randomUUID();
    expect((await deliver(orderPaid(u.userId, orderId))).status).toBe(202);
    expect(s.balance(u.userId)).toBe(750);
    // A second delivery of the same order under a new webhook id grants nothing more.
    await deliver(orderPaid(u.userId, orderId));
    expect(s.balance(u.userId)).toBe(750);
  });

  it('a duplicate webhook id changes nothing', async () => {
    const u = await s.signIn();
    const id = `msg_${randomUUID()}`;
    await deliver(subscriptionEvent('subscription.active', u.userId), { id });
    const again = await deliver(subscriptionEvent('subscription.revoked', u.userId, { status: 'canceled' }), { id });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ outcome: 'duplicate' });
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBe('active');
  });

  it('a forged signature is 401 and changes nothing', async () => {
    const u = await s.signIn();
    const forged = await deliver(subscriptionEvent('subscription.active', u.userId), { secret: 'whsec_someone-else-entirely-000000' });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'invalid_signature' });
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBeNull();
  });

  it('a body changed after signing is 401 and changes nothing', async () => {
    const u = await s.signIn();
    expect((await deliver(subscriptionEvent('subscription.active', u.userId), { tamper: true })).status).toBe(401);
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBeNull();
  });

  it('a stale delivery (timestamp 10 minutes old) is 401 and changes nothing', async () => {
    const u = await s.signIn();
    const stale = await deliver(subscriptionEvent('subscription.active', u.userId), { at: new Date(Date.now() - 10 * 60_000) });
    expect(stale.status).toBe(401);
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBeNull();
  });

  it('missing webhook headers are refused with a precise message', async () => {
    const missingId = await s.api('/api/webhooks/billing', { method: 'POST', json: { type: 'order.paid' } });
    expect(missingId.status).toBe(400);
    expect((await missingId.json()).message).toMatch(/webhook-id/);
    const unsigned = await s.api('/api/webhooks/billing', { method: 'POST', headers: { 'webhook-id': 'msg_x' }, json: { type: 'order.paid' } });
    expect(unsigned.status).toBe(401);
  });

  it('a signed event the app does not use is acknowledged and ignored', async () => {
    const response = await deliver({ type: 'checkout.created', timestamp: new Date().toISOString(), data: { nonsense: true } });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ outcome: 'ignored' });
  });

  it('without BILLING_WEBHOOK_SECRET the route answers 503 and changes nothing', async () => {
    const bare = await startTestServer({ env: { BILLING_WEBHOOK_SECRET: '' } });
    try {
      const u = await bare.signIn();
      const response = await bare.api('/api/webhooks/billing', { method: 'POST', headers: { 'webhook-id': 'msg_1' }, json: subscriptionEvent('subscription.active', u.userId) });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'billing_unavailable', message: expect.stringMatching(/BILLING_WEBHOOK_SECRET/) });
      expect(bare.db.profiles.get(u.userId)?.subscriptionStatus).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
