import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceSandbox, SUCCESS_TOKEN, uniqueEmail } from './commerce-harness.js';
import { must, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let close: () => Promise<void>;
beforeAll(async () => ({ t, close } = await commerceSandbox()));
afterAll(() => close());

/**
 * The real billing client runs every commerce call it has against the sandbox: each answer passes the
 * client's own status, content-type and wire-schema checks (a mismatch would be a failed Result).
 */
describe('billing client contract: checkouts, links, subscriptions, orders, payments, refunds, portal', () => {
  it('runs the whole flow through the client without a single failed Result', async () => {
    const c = t.client;
    const created = must(await c.checkouts.create({ products: [t.seed.productId], customerEmail: uniqueEmail('contract') }));
    must(await c.checkouts.get({ id: created.id }));
    must(await c.checkouts.update({ id: created.id, checkoutUpdate: { customerName: 'Contract' } }));
    expect(must(await c.checkouts.list({ status: 'open' })).items.length).toBeGreaterThan(0);
    must(await c.checkouts.client.get({ clientSecret: created.clientSecret }));
    const discounted = must(await c.checkouts.client.update({ clientSecret: created.clientSecret, checkoutUpdatePublic: { discountCode: t.seed.discountCode } }));
    expect(discounted.discountAmount).toBe(500);
    const confirmed = must(await c.checkouts.client.confirm({ clientSecret: created.clientSecret, checkoutConfirmStripe: { customerBillingAddress: { country: 'DE' }, confirmationTokenId: SUCCESS_TOKEN } }));
    expect(confirmed.status).toBe('confirmed');

    const link = must(await c.checkoutLinks.create({ paymentProcessor: 'stripe', productId: t.seed.productId, label: 'contract' }));
    must(await c.checkoutLinks.get({ id: link.id }));
    must(await c.checkoutLinks.update({ id: link.id, checkoutLinkUpdate: { label: 'contract 2' } }));
    expect(must(await c.checkoutLinks.list({ productId: t.seed.productId })).items.length).toBeGreaterThan(0);
    must(await c.checkoutLinks.delete({ id: link.id }));

    const customerId = must(await c.checkouts.get({ id: created.id })).customerId as string;
    const subs = must(await c.subscriptions.list({ customerId }));
    const sub = subs.items[0];
    if (sub === undefined) throw new Error('no subscription');
    must(await c.subscriptions.get({ id: sub.id }));
    must(await c.subscriptions.update({ id: sub.id, subscriptionUpdate: { cancelAtPeriodEnd: true, customerCancellationReason: 'unused' } }));
    must(await c.subscriptions.update({ id: sub.id, subscriptionUpdate: { cancelAtPeriodEnd: false } }));

    const orders = must(await c.orders.list({ customerId }));
    const o = orders.items[0];
    if (o === undefined) throw new Error('no order');
    must(await c.orders.get({ id: o.id }));
    must(await c.orders.update({ id: o.id, orderUpdate: { billingName: 'Contract GmbH' } }));
    must(await c.orders.generateInvoice({ id: o.id }));
    expect(must(await c.orders.invoice({ id: o.id })).url).toMatch(/^http/);

    const payments = must(await c.payments.list({ orderId: o.id }));
    must(await c.payments.get({ id: payments.items[0]?.id as string }));
    must(await c.refunds.create({ orderId: o.id, reason: 'duplicate', amount: 100 }));
    expect(must(await c.refunds.list({ orderId: o.id })).items).toHaveLength(1);

    const session = must(await c.customerSessions.create({ customerId }));
    const auth = { customerSession: session.token };
    const portalSubs = must(await c.customerPortal.subscriptions.list(auth, {}));
    must(await c.customerPortal.subscriptions.get(auth, { id: portalSubs.items[0]?.id as string }));
    must(await c.customerPortal.subscriptions.update(auth, { id: sub.id, customerSubscriptionUpdate: { cancelAtPeriodEnd: true, cancellationReason: 'other' } }));
    must(await c.customerPortal.subscriptions.update(auth, { id: sub.id, customerSubscriptionUpdate: { cancelAtPeriodEnd: false } }));
    must(await c.customerPortal.subscriptions.cancel(auth, { id: sub.id }));
    const portalOrders = must(await c.customerPortal.orders.list(auth, {}));
    must(await c.customerPortal.orders.get(auth, { id: portalOrders.items[0]?.id as string }));
    must(await c.customerPortal.orders.update(auth, { id: o.id, customerOrderUpdate: { billingName: 'Portal name' } }));
    must(await c.customerPortal.orders.generateInvoice(auth, { id: o.id }));
    must(await c.customerPortal.orders.invoice(auth, { id: o.id }));
    must(await c.subscriptions.revoke({ id: sub.id }));
  });

  it('typed errors reach the client as the provider names them', async () => {
    const c = t.client;
    const created = must(await c.checkouts.create({ products: [t.seed.productId] }));
    const declined = await c.checkouts.client.confirm({ clientSecret: created.clientSecret, checkoutConfirmStripe: { customerEmail: uniqueEmail('typed'), customerBillingAddress: { country: 'FR' }, confirmationTokenId: 'ctoken_sandbox_declined' } });
    expect(declined.success ? null : declined.error).toMatchObject({ kind: 'provider', error: 'PaymentError' });
    const missing = await c.orders.invoice({ id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.success ? null : missing.error).toMatchObject({ kind: 'provider' });
  });
});
