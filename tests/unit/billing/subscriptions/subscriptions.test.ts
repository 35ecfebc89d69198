import { afterEach, describe, expect, it } from 'vitest';
import { DISCOUNT_ID, ORG_ID, PRODUCT_ID, SUBSCRIPTION_ID } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { subscriptionWire } from '../../../support/billing-fixtures/subscriptions.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('subscriptions, seller side (billing-api-part-b.md §7 "Subscriptions (seller)")', () => {
  const api = mockBilling();
  const subscriptions = api.client.subscriptions;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: export sends the organization and hands out the CSV the server streams', async () => {
    const csv = 'Email,Created At,Active,Product,Currency,Interval\r\nada@example.com,2026-03-01 10:15:30,true,Ensemble Pro,usd,month\r\n';
    api.next({ status: 200, raw: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    const exported = dataOf(await subscriptions.export({ organizationId: ORG_ID }));
    expect([api.last().method, api.last().path, api.last().query]).toEqual(['GET', '/v1/subscriptions/export', [['organization_id', ORG_ID]]]);
    expect(exported).toBe(csv);
  });

  it('billing-api-part-b.md §8: an export answered as HTML is "Unexpected Status or Content-Type"', async () => {
    api.next({ status: 200, raw: '<html></html>', headers: { 'content-type': 'text/html' } });
    expect(errorOf(await subscriptions.export()).kind).toBe('unexpected_response');
  });

  it('reference: open enums take values the provider adds later; a missing one is still refused', async () => {
    api.json(200, subscriptionWire({ status: 'paused', customer_cancellation_reason: 'moved_to_competitor' }));
    const future = dataOf(await subscriptions.get({ id: SUBSCRIPTION_ID }));
    expect([future.status, future.customerCancellationReason]).toEqual(['paused', 'moved_to_competitor']);
    api.json(200, subscriptionWire({ status: null }));
    expect(errorOf(await subscriptions.get({ id: SUBSCRIPTION_ID })).kind).toBe('response_validation');
  });

  it('billing-api-part-b.md §7: get parses the full subscription with customer, product, prices and meters', async () => {
    api.json(200, subscriptionWire());
    const subscription = dataOf(await subscriptions.get({ id: SUBSCRIPTION_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/subscriptions/${SUBSCRIPTION_ID}`]);
    expect(subscription).toMatchObject({
      status: 'active',
      customer: { email: 'ada@example.com' },
      product: { id: PRODUCT_ID },
      meters: [{ consumedUnits: 1250.5, meter: { name: 'Model credits' } }],
      customFieldData: { team_size: 'solo' },
    });
  });

  it('reference §3: a subscription missing current_period_start fails response validation', async () => {
    const { current_period_start: _c, ...broken } = subscriptionWire();
    api.json(200, broken);
    expect(errorOf(await subscriptions.get({ id: SUBSCRIPTION_ID })).kind).toBe('response_validation');
  });

  it('billing-api-part-b.md §3 (a)-(d): the four update shapes go out with their wire names', async () => {
    const shapes = [
      [{ productId: PRODUCT_ID, prorationBehavior: 'prorate' }, { product_id: PRODUCT_ID, proration_behavior: 'prorate' }],
      [
        { cancelAtPeriodEnd: true, customerCancellationReason: 'too_expensive', customerCancellationComment: 'Budget' },
        { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'Budget' },
      ],
      [{ revoke: true }, { revoke: true }],
      [{ discountId: DISCOUNT_ID }, { discount_id: DISCOUNT_ID }],
    ] as const;
    for (const [input, wire] of shapes) {
      api.json(200, subscriptionWire());
      dataOf(await subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: input }));
      expect([api.last().method, api.last().path, api.last().body]).toEqual(['PATCH', `/v1/subscriptions/${SUBSCRIPTION_ID}`, wire]);
    }
  });

  it('billing-api-part-b.md §3: mixing two update shapes is refused before sending', async () => {
    const before = api.seen.length;
    expect(errorOf(await subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: { productId: PRODUCT_ID, revoke: true } as never })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §4: revoke is DELETE and answers the canceled subscription', async () => {
    api.json(200, subscriptionWire({ status: 'canceled', ended_at: '2026-03-05T12:00:00Z', ends_at: '2026-03-05T12:00:00Z' }));
    const revoked = dataOf(await subscriptions.revoke({ id: SUBSCRIPTION_ID }));
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/subscriptions/${SUBSCRIPTION_ID}`]);
    expect(revoked).toMatchObject({ status: 'canceled', endedAt: '2026-03-05T12:00:00Z' });
  });

  it('billing-api-part-b.md §8: revoke and update refuse an already canceled subscription (403) and answer NotPermitted and 404', async () => {
    for (const call of [() => subscriptions.revoke({ id: SUBSCRIPTION_ID }), () => subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: { revoke: true } })]) {
      api.named(403, 'AlreadyCanceledSubscription', 'This subscription is already canceled or will be at the end of the period.');
      expect(errorOf(await call())).toMatchObject({ error: 'AlreadyCanceledSubscription', statusCode: 403 });
      api.named(403, 'NotPermitted', 'Not permitted');
      expect(errorOf(await call())).toMatchObject({ error: 'NotPermitted' });
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await subscriptions.get({ id: SUBSCRIPTION_ID }))).toMatchObject({ error: 'ResourceNotFound' });
  });
});
