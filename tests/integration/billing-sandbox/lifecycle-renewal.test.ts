import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listResource, customerState, order, subscription } from '@ensemble/billing-client/schemas';
import { advanceClock, commerceSandbox, confirmBody, DAY, newCheckout, publicCall, subscribe, type Receiver } from './commerce-harness.js';
import { expectNamed, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
beforeAll(async () => ({ t, hooks, close } = await commerceSandbox()));
afterAll(() => close());

describe('sandbox clock (README "Clock control")', () => {
  it('GET /v1/__sandbox/clock needs the organization token and tells the sandbox time', async () => {
    expectNamed(await t.api('GET', '/v1/__sandbox/clock', undefined, null), 401, 'Unauthorized');
    const clock = await t.api('GET', '/v1/__sandbox/clock');
    expect(clock.status).toBe(200);
    expect(clock.body).toMatchObject({ now: expect.stringMatching(/Z$/), offset_seconds: expect.any(Number) });
    expect((await t.api('POST', '/v1/__sandbox/clock/advance', { seconds: -5 })).status).toBe(422);
    expect((await t.api('POST', '/v1/__sandbox/clock/advance', '{bad')).status).toBe(422);
  });

  it('renewal: a month later a subscription_cycle order is paid and the period moves on (order.paid sent)', async () => {
    const sub = await subscribe(t, 'renew');
    const advanced = await advanceClock(t, 32 * DAY);
    expect(advanced.status, advanced.text).toBe(200);
    const after = wire(subscription, await t.api('GET', `/v1/subscriptions/${sub.id}`));
    expect(after.status).toBe('active');
    expect(after.current_period_start).toBe(sub.current_period_end);
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${sub.customer_id}&sorting=created_at`));
    expect(orders.items.map((o) => o.billing_reason)).toEqual(['subscription_create', 'subscription_cycle']);
    expect(orders.items[1]).toMatchObject({ status: 'paid', total_amount: 2500, subscription_id: sub.id });
    const paid = await hooks.waitFor('order.paid', orders.items[1]?.id);
    expect(paid.data).toMatchObject({ billing_reason: 'subscription_cycle' });
  });

  it('cancel at period end -> clock advance -> the subscription ends (canceled, then revoked webhooks)', async () => {
    const sub = await subscribe(t, 'cancel');
    const canceled = wire(subscription, await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'pricey' }));
    expect(canceled).toMatchObject({ status: 'active', cancel_at_period_end: true, ends_at: sub.current_period_end, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'pricey' });
    expect(canceled.canceled_at).not.toBeNull();
    expectNamed(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true }), 403, 'AlreadyCanceledSubscription');
    await hooks.waitFor('subscription.canceled', sub.id);

    await advanceClock(t, 32 * DAY);
    const ended = wire(subscription, await t.api('GET', `/v1/subscriptions/${sub.id}`));
    expect(ended).toMatchObject({ status: 'canceled', ended_at: sub.current_period_end });
    const revoked = await hooks.waitFor('subscription.revoked', sub.id);
    expect(revoked.data).toMatchObject({ status: 'canceled' });
    const state = wire(customerState, await t.api('GET', `/v1/customers/${sub.customer_id}/state`));
    expect(state.active_subscriptions).toEqual([]);
    expect(state.granted_benefits).toEqual([]);
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${sub.customer_id}`));
    expect(orders.items.map((o) => o.billing_reason)).toEqual(['subscription_create']);
    expectNamed(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true }), 403, 'AlreadyCanceledSubscription');
  });

  it('expired checkout: 24 h later public calls answer 410 and the seller still sees it, as expired (checkout.expired sent)', async () => {
    const created = await newCheckout(t);
    await advanceClock(t, DAY + 60);
    expectNamed(await publicCall(t, 'GET', created.client_secret), 410, 'ExpiredCheckoutError');
    expectNamed(await publicCall(t, 'PATCH', created.client_secret, '', { customer_email: 'a@b.co' }), 410, 'ExpiredCheckoutError');
    expectNamed(await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody('a@b.co')), 410, 'ExpiredCheckoutError');
    const seller = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
    expect(seller.status).toBe('expired');
    const refused = await t.api('PATCH', `/v1/checkouts/${created.id}`, { customer_email: 'a@b.co' });
    expectNamed(refused, 403, 'NotOpenCheckout');
    expect((refused.body as { detail: string }).detail).toBe(`Checkout ${created.id} is not open: expired`);
    const expired = await hooks.waitFor('checkout.expired', created.id);
    expect(checkout.parse(expired.data).status).toBe('expired');
  });

  it('plan changes on renewal: prorate lines land on the next cycle order, next_period switches the plan at the period end', async () => {
    const pro = await t.api('POST', '/v1/products/', { name: 'Pro', recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 4000 }] });
    const max = await t.api('POST', '/v1/products/', { name: 'Max', recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 9000 }] });
    const proId = (pro.body as { id: string }).id;
    const maxId = (max.body as { id: string }).id;
    const a = await subscribe(t, 'prorate');
    const b = await subscribe(t, 'next-period');
    await advanceClock(t, 10 * DAY);
    wire(subscription, await t.api('PATCH', `/v1/subscriptions/${a.id}`, { product_id: proId, proration_behavior: 'prorate' }));
    wire(subscription, await t.api('PATCH', `/v1/subscriptions/${b.id}`, { product_id: maxId, proration_behavior: 'next_period' }));
    await advanceClock(t, 25 * DAY);
    const aOrders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${a.customer_id}&sorting=created_at`));
    const cycleA = aOrders.items.find((o) => o.billing_reason === 'subscription_cycle');
    expect(cycleA?.items.filter((i) => i.proration).map((i) => Math.sign(i.amount))).toEqual([-1, 1]);
    expect(cycleA?.items.find((i) => !i.proration)?.amount).toBe(4000);
    const bAfter = wire(subscription, await t.api('GET', `/v1/subscriptions/${b.id}`));
    expect(bAfter).toMatchObject({ product_id: maxId, amount: 9000, pending_update: null });
    const bOrders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${b.customer_id}&sorting=created_at`));
    expect(bOrders.items.map((o) => [o.billing_reason, o.subtotal_amount])).toEqual([['subscription_create', 2500], ['subscription_cycle', 9000]]);
  });
});
