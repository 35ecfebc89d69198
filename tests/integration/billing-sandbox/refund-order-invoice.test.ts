import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listResource, order, orderInvoice, refund } from '@ensemble/billing-client/schemas';
import { commerceSandbox, confirmBody, newCheckout, publicCall, uniqueEmail, type Receiver } from './commerce-harness.js';
import { expect422, expectNamed, foreignOrganization, must, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
beforeAll(async () => ({ t, hooks, close } = await commerceSandbox()));
afterAll(() => close());

async function paidOrder(body: Record<string, unknown> = {}) {
  const created = await newCheckout(t);
  const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', { ...confirmBody(uniqueEmail('order')), ...body });
  expect(confirmed.status, confirmed.text).toBe(200);
  const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${created.id}`));
  return orders.items[0] as NonNullable<(typeof orders.items)[0]>;
}

describe('refunds (reference §4 "Refunds")', () => {
  it('refund partial then full: amounts, statuses, webhooks; then 403 RefundedAlready', async () => {
    const o = await paidOrder();
    expect(o.refundable_amount).toBe(2500);
    const partial = must(await t.client.refunds.create({ orderId: o.id, reason: 'customer_request', amount: 1000 }));
    expect(partial).toMatchObject({ status: 'succeeded', amount: 1000, orderId: o.id, subscriptionId: o.subscription_id, revokeBenefits: false });
    const afterPartial = wire(order, await t.api('GET', `/v1/orders/${o.id}`));
    expect(afterPartial).toMatchObject({ status: 'partially_refunded', refunded_amount: 1000, refundable_amount: 1500 });

    const tooMuch = await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: 1501 });
    expect(expect422(tooMuch, ['body', 'amount'])[0]?.msg).toBe('Refund amount exceeds refundable amount');
    expect(wire(order, await t.api('GET', `/v1/orders/${o.id}`)).refunded_amount).toBe(1000);

    wire(refund, await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: 1500 }), 201);
    const afterFull = wire(order, await t.api('GET', `/v1/orders/${o.id}`));
    expect(afterFull).toMatchObject({ status: 'refunded', refunded_amount: 2500, refundable_amount: 0 });
    expectNamed(await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: 1 }), 403, 'RefundedAlready');

    const refunds = wire(listResource(refund), await t.api('GET', `/v1/refunds/?order_id=${o.id}&sorting=amount`));
    expect(refunds.items.map((r) => r.amount)).toEqual([1000, 1500]);
    await hooks.waitFor('refund.created', partial.id);
    const refunded = await hooks.waitFor('order.refunded', o.id, { status: 'refunded' });
    expect(order.parse(refunded.data)).toMatchObject({ refunded_amount: 2500 });
    await hooks.waitFor('order.updated', o.id, { status: 'partially_refunded' });
  });

  it('an unknown or foreign order is 422 "Order not found"; revoke_benefits on a subscription order is 400', async () => {
    expect(expect422(await t.api('POST', '/v1/refunds/', { order_id: '00000000-0000-4000-8000-000000000000', reason: 'other', amount: 1 }), ['body', 'order_id'])[0]?.msg).toBe('Order not found');
    const o = await paidOrder();
    const other = await foreignOrganization(t);
    expect422(await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: 1 }, other.token), ['body', 'order_id']);
    expectNamed(await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: 1, revoke_benefits: true }), 400, 'BadRequest');
    expect422(await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'bored', amount: 1 }), ['body', 'reason']);
    expect422(await t.api('POST', '/v1/refunds/', { order_id: o.id, reason: 'other', amount: '10' }), ['body', 'amount']);
    expect(wire(order, await t.api('GET', `/v1/orders/${o.id}`)).refunded_amount).toBe(0);
  });
});

describe('orders and invoices (reference §4 "Orders and invoices")', () => {
  it('invoice: 404 before, 202 JSON null on generate, then {url}; idempotent', async () => {
    const o = await paidOrder();
    expectNamed(await t.api('GET', `/v1/orders/${o.id}/invoice`), 404, 'InvoiceDoesNotExist');
    const generated = await t.api('POST', `/v1/orders/${o.id}/invoice`);
    expect(generated.status).toBe(202);
    expect(generated.headers.get('content-type')).toBe('application/json');
    expect(generated.text).toBe('null');
    expect(must(await t.client.orders.generateInvoice({ id: o.id }))).toBeNull();
    const link = wire(orderInvoice, await t.api('GET', `/v1/orders/${o.id}/invoice`));
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(o.invoice_number as string);
    expect(wire(order, await t.api('GET', `/v1/orders/${o.id}`)).is_invoice_generated).toBe(true);
  });

  it('receipt: {url} of a receipt page once paid, 202 with an empty body while not paid, 404 for foreign ids', async () => {
    const o = await paidOrder();
    const answer = await t.api('GET', `/v1/orders/${o.id}/receipt`);
    expect(answer.status).toBe(200);
    const { url } = answer.body as { url: string };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(o.id);

    const ctx = t.sandbox.ctx;
    const stored = ctx.db.orders.get(o.id);
    if (stored === undefined) throw new Error('the paid order is not stored');
    // The sandbox's own flows only store paid orders; a pending one is planted to see the "not ready" answer.
    const pending = ctx.store.transaction(() => ctx.db.orders.put({ ...stored, id: crypto.randomUUID(), status: 'pending' }));
    const notYet = await t.api('GET', `/v1/orders/${pending.id}/receipt`);
    expect(notYet.status).toBe(202);
    expect(notYet.text).toBe('');
    expect((await fetch(url.replace(o.id, pending.id))).status).toBe(404);

    const other = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/orders/${o.id}/receipt`, undefined, other.token), 404, 'ResourceNotFound');
    expect422(await t.api('GET', '/v1/orders/not-a-uuid/receipt'), ['path', 'id']);
  });

  it('missing billing details are 422 MissingInvoiceBillingDetails; PATCH fills them in', async () => {
    const o = await paidOrder({ customer_name: null });
    const cleared = wire(order, await t.api('PATCH', `/v1/orders/${o.id}`, { billing_name: null }));
    expect(cleared.billing_name).toBeNull();
    expectNamed(await t.api('POST', `/v1/orders/${o.id}/invoice`), 422, 'MissingInvoiceBillingDetails');
    const updated = must(await t.client.orders.update({ id: o.id, orderUpdate: { billingName: 'ACME SAS', billingAddress: { country: 'FR', line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002' } } }));
    expect(updated).toMatchObject({ billingName: 'ACME SAS', billingAddress: { country: 'FR', city: 'Paris' } });
    expect((await t.api('POST', `/v1/orders/${o.id}/invoice`)).status).toBe(202);
    expect422(await t.api('PATCH', `/v1/orders/${o.id}`, { billing_address: { city: 'Paris' } }), ['body', 'billing_address', 'country']);
  });

  it('list filters, foreign and unknown ids', async () => {
    const o = await paidOrder();
    const recurring = wire(listResource(order), await t.api('GET', '/v1/orders/?product_billing_type=recurring&limit=100'));
    expect(recurring.items.some((x) => x.id === o.id)).toBe(true);
    const oneTime = wire(listResource(order), await t.api('GET', '/v1/orders/?product_billing_type=one_time&limit=100'));
    expect(oneTime.items.some((x) => x.id === o.id)).toBe(false);
    expect422(await t.api('GET', '/v1/orders/?sorting=bogus'), ['query', 'sorting']);
    expect422(await t.api('GET', '/v1/orders/?customer_id=nope'));
    expect422(await t.api('GET', '/v1/orders/not-a-uuid'), ['path', 'id']);
    expectNamed(await t.api('GET', '/v1/orders/00000000-0000-4000-8000-000000000000'), 404, 'ResourceNotFound');
    const other = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/orders/${o.id}`, undefined, other.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('POST', `/v1/orders/${o.id}/invoice`, undefined, other.token), 404, 'ResourceNotFound');
    const c = wire(checkout, await t.api('GET', `/v1/checkouts/${o.checkout_id}`));
    expect(c.status).toBe('succeeded');
  });
});
