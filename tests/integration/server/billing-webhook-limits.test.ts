// A signed billing event whose fields do not fit what the ledger keeps: refused before anything is
// written, answered in product words, acknowledged so the provider stops retrying it, and logged by
// id, type and field, never by the values it carried.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { orderWire } from '../../support/billing-fixtures/orders.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';
import { startTestServer, WEBHOOK_SECRET, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function deliver(id: string, payload: unknown) {
  const at = new Date();
  const body = JSON.stringify(payload);
  const signature = new Webhook(Buffer.from(WEBHOOK_SECRET, 'utf8').toString('base64')).sign(id, at, body);
  return s.api('/api/webhooks/billing', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body,
  });
}

const orderPaid = (userId: string, orderId: string) => ({
  type: 'order.paid', timestamp: new Date().toISOString(), data: orderWire({ id: orderId, customer: customerWire({ external_id: userId }) }),
});

const DATABASE_WORDING = /violates|constraint|credit_ledger|failing row|postgres|sqlstate|23514/i;

describe('POST /api/webhooks/billing: an event with a field longer than the ledger keeps', () => {
  it('a 300-character order id: 202 rejected in product words, no credits, nothing recorded, no value in the log', async () => {
    const u = await s.signIn();
    const orderId = `ord_${'7'.repeat(296)}`;
    const webhookId = `msg_${randomUUID()}`;
    const answer = await deliver(webhookId, orderPaid(u.userId, orderId));
    // 2xx: the provider retries anything else, and this event would fail every time.
    expect(answer.status).toBe(202);
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({
      outcome: 'rejected',
      reason: 'event_not_storable',
      message: "The event's order id is longer than the 194 characters a credit reference has room for",
    });
    expect(body).not.toMatch(DATABASE_WORDING);
    expect(s.balance(u.userId)).toBe(0);

    const logged = JSON.stringify(s.logger.entries);
    expect(logged).not.toContain(orderId);
    expect(logged).not.toMatch(DATABASE_WORDING);
    expect(s.logger.at('error').filter((e) => e.context?.['webhookId'] === webhookId)).toEqual([
      expect.objectContaining({ message: 'A billing event cannot be stored and was not applied', context: { webhookId, type: 'order.paid', code: 'event_not_storable', field: 'orderId' } }),
    ]);

    // Nothing recorded: the same webhook id carrying an order id that fits is applied.
    expect(await (await deliver(webhookId, orderPaid(u.userId, randomUUID()))).json()).toEqual({ outcome: 'processed' });
    expect(s.balance(u.userId)).toBeGreaterThan(0);
  });

  it('a subscription status longer than a profile keeps is refused the same way and changes nothing', async () => {
    const u = await s.signIn();
    const event = { type: 'subscription.updated', timestamp: new Date().toISOString(), data: subscriptionWire({ customer: customerWire({ external_id: u.userId }), status: 'x'.repeat(41) }) };
    const answer = await deliver(`msg_${randomUUID()}`, event);
    // The provider's statuses are an open list: a new one is read as it comes, so the length is what stops it.
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ outcome: 'rejected', message: "The event's subscription status is longer than the 40 characters a profile keeps" });
    expect(s.db.profiles.get(u.userId)?.subscriptionStatus).toBeNull();
  });
});
