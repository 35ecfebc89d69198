import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, customerSession, order, orderInvoice, customerOrder, customerSubscription, subscription } from '@ensemble/billing-client/schemas';
import { CANCELLATION_REASONS } from '../../../core/billing/index.js';
import { commerceSandbox, subscribe, uniqueEmail, type Receiver } from './commerce-harness.js';
import { expect422, expectNamed, foreignOrganization, must, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
beforeAll(async () => ({ t, hooks, close } = await commerceSandbox()));
afterAll(() => close());

async function product(name: string, amount: number): Promise<string> {
  const created = await t.api('POST', '/v1/products/', { name, recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: amount }] });
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
}

describe('subscriptions, seller side (billing-api-part-b.md §7, reference §4)', () => {
  it('every one of the eight cancellation reasons is accepted; uncancel clears them (webhooks canceled / uncanceled)', async () => {
    const sub = await subscribe(t, 'reasons');
    for (const reason of CANCELLATION_REASONS) {
      const canceled = must(await t.client.subscriptions.update({ id: sub.id, subscriptionUpdate: { cancelAtPeriodEnd: true, customerCancellationReason: reason, customerCancellationComment: `because ${reason}` } }));
      expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, customerCancellationReason: reason, status: 'active' });
      const restored = must(await t.client.subscriptions.update({ id: sub.id, subscriptionUpdate: { cancelAtPeriodEnd: false } }));
      expect(restored).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null, endsAt: null, customerCancellationReason: null, customerCancellationComment: null });
    }
    await hooks.waitFor('subscription.uncanceled', sub.id);
    expect422(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true, customer_cancellation_reason: 'bored' }));
    expectNamed(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: false }), 400, 'BadRequest');
  });

  it('revoke with {revoke:true} and with DELETE: canceled now; again is 403 AlreadyCanceledSubscription', async () => {
    const a = await subscribe(t, 'revoke-a');
    const revoked = wire(subscription, await t.api('PATCH', `/v1/subscriptions/${a.id}`, { revoke: true }));
    expect(revoked.status).toBe('canceled');
    expect(revoked.ended_at).toBe(revoked.ends_at);
    expectNamed(await t.api('PATCH', `/v1/subscriptions/${a.id}`, { revoke: true }), 403, 'AlreadyCanceledSubscription');
    const b = await subscribe(t, 'revoke-b');
    const deleted = must(await t.client.subscriptions.revoke({ id: b.id }));
    expect(deleted.status).toBe('canceled');
    expectNamed(await t.api('DELETE', `/v1/subscriptions/${b.id}`), 403, 'AlreadyCanceledSubscription');
    await hooks.waitFor('subscription.revoked', b.id);
    const state = await hooks.waitFor('customer.state_changed', b.customer_id);
    expect(state.data).toBeTruthy();
    const inactive = wire(listResource(subscription), await t.api('GET', '/v1/subscriptions/?active=false&limit=100'));
    expect(inactive.items.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('plan change: invoice bills the prorated difference now, next_period waits, reset is 422', async () => {
    const sub = await subscribe(t, 'upgrade');
    const pro = await product('Pro plan', 5000);
    expect422(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { product_id: pro, proration_behavior: 'reset' }), ['body', 'proration_behavior']);
    const changed = wire(subscription, await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { product_id: pro, proration_behavior: 'invoice' }));
    expect(changed).toMatchObject({ product_id: pro, amount: 5000 });
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${sub.customer_id}&sorting=created_at`));
    expect(orders.items.map((o) => o.billing_reason)).toEqual(['subscription_create', 'subscription_update']);
    const update = orders.items[1];
    expect(update?.items.every((i) => i.proration)).toBe(true);
    expect(update?.net_amount).toBeGreaterThan(2400);
    expect(update?.net_amount).toBeLessThanOrEqual(2500);

    const later = await product('Later plan', 9000);
    const scheduled = wire(subscription, await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { product_id: later, proration_behavior: 'next_period' }));
    expect(scheduled.product_id).toBe(pro);
    expect(scheduled.pending_update).toMatchObject({ product_id: later });
    expect422(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { product_id: '00000000-0000-4000-8000-000000000000' }), ['body', 'product_id']);
    expect422(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { product_id: pro, extra: 1 }));
  });

  it('discount change sets and clears the discount', async () => {
    const sub = await subscribe(t, 'discount');
    const withDiscount = must(await t.client.subscriptions.update({ id: sub.id, subscriptionUpdate: { discountId: t.seed.discountId } }));
    expect(withDiscount.discountId).toBe(t.seed.discountId);
    expect(withDiscount.discount).toMatchObject({ id: t.seed.discountId });
    const cleared = must(await t.client.subscriptions.update({ id: sub.id, subscriptionUpdate: { discountId: null } }));
    expect(cleared.discountId).toBeNull();
    expect422(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { discount_id: '00000000-0000-4000-8000-000000000000' }), ['body', 'discount_id']);
  });

  it('export is a CSV of subscribers; list filters and sorting; foreign ids are 404', async () => {
    const sub = await subscribe(t, 'export');
    const csv = await fetch(`${t.sandbox.url}/v1/subscriptions/export`, { headers: { authorization: `Bearer ${t.seed.accessToken}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Email,Created At,Active,Product,Price,Currency,Interval');
    expect(text).toContain(sub.customer.email as string);
    const sorted = wire(listResource(subscription), await t.api('GET', '/v1/subscriptions/?sorting=-amount&sorting=customer&limit=100'));
    expect(sorted.items.map((s) => s.amount)).toEqual([...sorted.items.map((s) => s.amount)].sort((x, y) => y - x));
    expect422(await t.api('GET', '/v1/subscriptions/?active=maybe'), ['query', 'active']);
    const other = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/subscriptions/${sub.id}`, undefined, other.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('PATCH', `/v1/subscriptions/${sub.id}`, { revoke: true }, other.token), 404, 'ResourceNotFound');
    expect(wire(subscription, await t.api('GET', `/v1/subscriptions/${sub.id}`)).status).toBe('active');
  });
});

describe('POST /v1/subscriptions/ (reference §4: free recurring products only, no order)', () => {
  it('subscribes a customer (by id or external id) to a free recurring product with no order; webhooks follow', async () => {
    const free = await t.api('POST', '/v1/products/', { name: 'Free tier', recurring_interval: 'month', prices: [{ amount_type: 'free' }] });
    expect(free.status, free.text).toBe(201);
    const productId = (free.body as { id: string }).id;
    const buyer = must(await t.client.customers.create({ email: uniqueEmail('free'), externalId: `free-${Math.random().toString(36).slice(2)}` }));
    const created = await t.api('POST', '/v1/subscriptions/', { product_id: productId, customer_id: buyer.id, metadata: { tier: 'free' } });
    const sub = wire(subscription, created, 201);
    expect(sub).toMatchObject({ status: 'active', amount: 0, product_id: productId, customer_id: buyer.id, checkout_id: null, metadata: { tier: 'free' } });
    await hooks.waitFor('subscription.created', sub.id);
    await hooks.waitFor('subscription.active', sub.id);
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${buyer.id}`));
    expect(orders.items).toEqual([]);
    const byExternal = await t.api('POST', '/v1/subscriptions/', { product_id: productId, external_customer_id: buyer.externalId });
    expect(wire(subscription, byExternal, 201).customer_id).toBe(buyer.id);
  });

  it('refuses paid, one-time, unknown and foreign products and unknown customers with 422, changing nothing', async () => {
    const buyer = must(await t.client.customers.create({ email: uniqueEmail('refused') }));
    const paid = await product('Paid plan', 900);
    const oneTime = await t.api('POST', '/v1/products/', { name: 'Free download', recurring_interval: null, prices: [{ amount_type: 'free' }] });
    expect(oneTime.status, oneTime.text).toBe(201);
    const before = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${buyer.id}`)).items.length;
    expect(expect422(await t.api('POST', '/v1/subscriptions/', { product_id: paid, customer_id: buyer.id }), ['body', 'product_id'])[0]?.msg).toMatch(/free recurring/);
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: (oneTime.body as { id: string }).id, customer_id: buyer.id }), ['body', 'product_id']);
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: crypto.randomUUID(), customer_id: buyer.id }), ['body', 'product_id']);
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: paid, customer_id: crypto.randomUUID() }));
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: paid, external_customer_id: 'nobody-here' }));
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: 'nope', customer_id: buyer.id }));
    expect422(await t.api('POST', '/v1/subscriptions/', '{"product_id":'));
    const other = await foreignOrganization(t);
    expect422(await t.api('POST', '/v1/subscriptions/', { product_id: paid, customer_id: buyer.id }, other.token), ['body', 'product_id']);
    expect(wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${buyer.id}`)).items).toHaveLength(before);
  });
});

describe('customer portal: subscriptions, orders, invoices (billing-api-part-b.md §7)', () => {
  it('the session sees only its own; cancel, uncancel, DELETE cancels at period end; invoices', async () => {
    const sub = await subscribe(t, 'portal');
    const session = wire(customerSession, await t.api('POST', '/v1/customer-sessions/', { customer_id: sub.customer_id }), 201);
    const as = (method: string, path: string, body?: unknown) => t.api(method, path, body, session.token);
    const list = wire(listResource(customerSubscription), await as('GET', '/v1/customer-portal/subscriptions/'));
    expect(list.items.map((s) => s.id)).toEqual([sub.id]);
    const canceled = wire(customerSubscription, await as('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, { cancel_at_period_end: true, cancellation_reason: 'unused' }));
    expect(canceled).toMatchObject({ cancel_at_period_end: true, customer_cancellation_reason: 'unused' });
    expectNamed(await as('DELETE', `/v1/customer-portal/subscriptions/${sub.id}`), 403, 'AlreadyCanceledSubscription');
    const restored = wire(customerSubscription, await as('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, { cancel_at_period_end: false }));
    expect(restored.cancel_at_period_end).toBe(false);
    const deleted = wire(customerSubscription, await as('DELETE', `/v1/customer-portal/subscriptions/${sub.id}`));
    expect(deleted).toMatchObject({ cancel_at_period_end: true, status: 'active' });

    const orders = wire(listResource(customerOrder), await as('GET', '/v1/customer-portal/orders/'));
    expect(orders.items).toHaveLength(1);
    const orderId = orders.items[0]?.id as string;
    wire(customerOrder, await as('GET', `/v1/customer-portal/orders/${orderId}`));
    expectNamed(await as('GET', `/v1/customer-portal/orders/${orderId}/invoice`), 404, 'InvoiceDoesNotExist');
    expect((await as('POST', `/v1/customer-portal/orders/${orderId}/invoice`)).status).toBe(202);
    wire(orderInvoice, await as('GET', `/v1/customer-portal/orders/${orderId}/invoice`));

    const portalPro = await product('Portal pro', 3000);
    const switched = wire(customerSubscription, await as('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, { product_id: portalPro }));
    expect(switched).toMatchObject({ product_id: portalPro, amount: 3000 });
    expect422(await as('PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, { product_id: portalPro, proration_behavior: 'invoice' }));

    const stranger = await subscribe(t, 'stranger');
    expectNamed(await as('GET', `/v1/customer-portal/subscriptions/${stranger.id}`), 404, 'ResourceNotFound');
    expectNamed(await t.api('GET', '/v1/customer-portal/subscriptions/', undefined, null), 401, 'Unauthorized');
    expectNamed(await t.api('GET', '/v1/customer-portal/orders/'), 401, 'Unauthorized');
  });
});
