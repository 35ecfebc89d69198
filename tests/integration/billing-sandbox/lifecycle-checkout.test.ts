import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, checkoutPublic, listResource, customerState, order, payment, subscription } from '@ensemble/billing-client/schemas';
import { commerceSandbox, confirmBody, DECLINED_TOKEN, newCheckout, publicCall, uniqueEmail, type Receiver } from './commerce-harness.js';
import { expectNamed, must, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
beforeAll(async () => ({ t, hooks, close } = await commerceSandbox()));
afterAll(() => close());

describe('lifecycle: checkout -> confirm -> customer, order, subscription (reference §4 "Checkout")', () => {
  it('a paid checkout with the success token creates the customer, the subscription, the order and the payment, with signed webhooks', async () => {
    const email = uniqueEmail('buyer');
    const created = must(await t.client.checkouts.create({ products: [t.seed.productId], externalCustomerId: 'user-42', successUrl: 'https://app.example/ok?c={CHECKOUT_ID}' }));
    expect(created.status).toBe('open');
    expect(created.successUrl).toBe(`https://app.example/ok?c=${created.id}`);
    expect(created.url).toBe(`${t.sandbox.ctx.publicUrl}/checkout/${created.clientSecret}`);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(24 * 3600 * 1000);
    expect(created).toMatchObject({ amount: 2500, discountAmount: 0, netAmount: 2500, taxAmount: 0, totalAmount: 2500, isPaymentFormRequired: true });

    const confirmed = must(await t.client.checkouts.client.confirm({ clientSecret: created.clientSecret, checkoutConfirmStripe: { customerEmail: email, customerName: 'Ada', customerBillingAddress: { country: 'FR' }, confirmationTokenId: 'ctoken_sandbox_success' } }));
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.customerSessionToken).toMatch(/^polar_cst_/);

    const after = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
    expect(after.status).toBe('succeeded');
    const customerId = after.customer_id as string;

    const subs = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${customerId}`));
    expect(subs.items).toHaveLength(1);
    expect(subs.items[0]).toMatchObject({ status: 'active', amount: 2500, product_id: t.seed.productId, checkout_id: created.id, cancel_at_period_end: false });
    expect(subs.items[0]?.customer).toMatchObject({ email, external_id: 'user-42' });

    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${created.id}`));
    expect(orders.items[0]).toMatchObject({ status: 'paid', paid: true, billing_reason: 'subscription_create', subtotal_amount: 2500, net_amount: 2500, total_amount: 2500, subscription_id: subs.items[0]?.id, billing_name: 'Ada' });
    const payments = wire(listResource(payment), await t.api('GET', `/v1/payments/?order_id=${orders.items[0]?.id}`));
    expect(payments.items[0]).toMatchObject({ status: 'succeeded', amount: 2500, method: 'card', checkout_id: created.id });

    const state = wire(customerState, await t.api('GET', `/v1/customers/${customerId}/state`));
    expect(state.active_subscriptions.map((s) => s.id)).toEqual([subs.items[0]?.id]);
    expect(state.granted_benefits.length).toBe(t.seed.benefitIds.length);

    const paid = await hooks.waitFor('order.paid', orders.items[0]?.id);
    expect(paid.data).toMatchObject({ billing_reason: 'subscription_create', customer_id: customerId });
    expect(order.safeParse(paid.data).success).toBe(true);
    const subCreated = await hooks.waitFor('subscription.created', subs.items[0]?.id);
    expect(subscription.safeParse(subCreated.data).success).toBe(true);
    await hooks.waitFor('subscription.active', subs.items[0]?.id);
    await hooks.waitFor('customer.created', customerId);
    await hooks.waitFor('checkout.updated', created.id, { status: 'succeeded' });
    const types = hooks.events.filter((e) => e.data.id === created.id).map((e) => `${e.type}:${String(e.data.status)}`);
    expect(types).toEqual(['checkout.created:open', 'checkout.updated:confirmed', 'checkout.updated:succeeded']);
    expect(hooks.failures).toEqual([]);
  });

  it('a known e-mail reuses the customer and answers customer_session_token null', async () => {
    const email = uniqueEmail('oneoff');
    const product = await t.api('POST', '/v1/products/', { name: 'Credits pack', recurring_interval: null, prices: [{ amount_type: 'fixed', price_amount: 900 }] });
    expect(product.status, product.text).toBe(201);
    const productId = (product.body as { id: string }).id;
    const first = await newCheckout(t, { products: [productId] });
    wire(checkoutPublic.extend({}), await publicCall(t, 'GET', first.client_secret));
    expect((await publicCall(t, 'POST', first.client_secret, '/confirm', confirmBody(email))).status).toBe(200);
    const second = await newCheckout(t, { products: [productId] });
    const again = await publicCall(t, 'POST', second.client_secret, '/confirm', confirmBody(email.toUpperCase()));
    expect(again.status, again.text).toBe(200);
    expect((again.body as { customer_session_token: unknown }).customer_session_token).toBeNull();
    const customers = await t.api('GET', `/v1/customers/?email=${encodeURIComponent(email)}`);
    expect((customers.body as { items: unknown[] }).items).toHaveLength(1);
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?product_id=${productId}`));
    expect(orders.items.map((o) => o.billing_reason)).toEqual(['purchase', 'purchase']);
  });

  it('a declined card is a 400 PaymentError; the checkout stays open and nothing is created but a failed payment', async () => {
    const email = uniqueEmail('declined');
    const created = await newCheckout(t);
    const declined = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(email, DECLINED_TOKEN));
    expectNamed(declined, 400, 'PaymentError');
    expect((declined.body as { detail: string }).detail).toBe('The payment failed: Your card was declined. Please try again with a different payment method.');
    const after = wire(checkoutPublic, await publicCall(t, 'GET', created.client_secret));
    expect(after.status).toBe('open');
    expect(after.customer_email).toBeNull();
    expect((await t.api('GET', `/v1/customers/?email=${encodeURIComponent(email)}`)).body).toMatchObject({ items: [] });
    const payments = wire(listResource(payment), await t.api('GET', `/v1/payments/?checkout_id=${created.id}`));
    expect(payments.items).toEqual([expect.objectContaining({ status: 'failed', decline_reason: 'card_declined', order_id: null })]);
    // the same checkout can then be paid with another card
    const retried = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(email));
    expect(retried.status, retried.text).toBe(200);
  });

  it('a second subscription for the same customer is 403 AlreadyActiveSubscriptionError', async () => {
    const email = uniqueEmail('twice');
    const first = await newCheckout(t);
    expect((await publicCall(t, 'POST', first.client_secret, '/confirm', confirmBody(email))).status).toBe(200);
    const second = await newCheckout(t);
    const refused = await publicCall(t, 'PATCH', second.client_secret, '', { customer_email: email });
    expectNamed(refused, 403, 'AlreadyActiveSubscriptionError');
    expect((refused.body as { detail: string }).detail).toBe('You already have an active subscription.');
  });
});
