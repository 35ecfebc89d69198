import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_TOKEN } from '../../../support/billing-fixtures/customers.js';
import { ORDER_ID, ORG_ID, page, SUBSCRIPTION_ID } from '../../../support/billing-fixtures/ids.js';
import { customerOrderWire } from '../../../support/billing-fixtures/orders.js';
import { customerOrganizationWire } from '../../../support/billing-fixtures/organizations.js';
import { checkoutProductWire, fixedPriceWire } from '../../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { customerSubscriptionWire } from '../../../support/billing-fixtures/subscriptions.js';
import { mockBilling } from '../../../support/billing-mock.js';

const auth = { customerSession: SESSION_TOKEN };

describe('customer portal orders (billing-api-part-b.md §7 "Customer portal")', () => {
  const api = mockBilling();
  const orders = api.client.customerPortal.orders;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §6-§7: list sends the session token and the portal filters', async () => {
    api.json(200, page([customerOrderWire()]));
    const answer = dataOf(await orders.list(auth, { productBillingType: 'one_time', query: 'pro', sorting: ['-amount'] }));
    const sent = api.last();
    expect([sent.method, sent.path, sent.headers.authorization]).toEqual(['GET', '/v1/customer-portal/orders/', `Bearer ${SESSION_TOKEN}`]);
    expect(sent.query).toEqual([
      ['product_billing_type', 'one_time'],
      ['query', 'pro'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-amount'],
    ]);
    expect(answer.items[0]).toMatchObject({ product: { organization: { slug: 'ensemble' } }, totalAmount: 2280 });
  });

  it('billing-api-part-b.md §7: portal orders sort by their own fields only', async () => {
    expect(errorOf(await orders.list(auth, { sorting: ['customer'] as never })).kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §7: get, update, invoice generation (202) and invoice url', async () => {
    api.json(200, customerOrderWire());
    expect(dataOf(await orders.get(auth, { id: ORDER_ID })).id).toBe(ORDER_ID);
    expect(api.last().path).toBe(`/v1/customer-portal/orders/${ORDER_ID}`);

    api.json(200, customerOrderWire({ billing_name: 'Ada L.' }));
    expect(dataOf(await orders.update(auth, { id: ORDER_ID, customerOrderUpdate: { billingName: 'Ada L.' } })).billingName).toBe('Ada L.');
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { billing_name: 'Ada L.' }]);

    api.next({ status: 202, raw: 'null', headers: { 'content-type': 'application/json' } });
    expect((await orders.generateInvoice(auth, { id: ORDER_ID })).success).toBe(true);
    expect([api.last().method, api.last().path]).toEqual(['POST', `/v1/customer-portal/orders/${ORDER_ID}/invoice`]);

    api.json(200, { url: 'https://invoices.example.test/x.pdf' });
    expect(dataOf(await orders.invoice(auth, { id: ORDER_ID })).url).toBe('https://invoices.example.test/x.pdf');
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/customer-portal/orders/${ORDER_ID}/invoice`]);
  });

  it('billing-api-part-b.md §8: invoice generation in the portal refuses unpaid orders and missing billing details', async () => {
    api.named(422, 'NotPaidOrder', 'Order is not paid');
    expect(errorOf(await orders.generateInvoice(auth, { id: ORDER_ID }))).toMatchObject({ error: 'NotPaidOrder' });
    api.named(422, 'MissingInvoiceBillingDetails', 'Billing name and address are required');
    expect(errorOf(await orders.generateInvoice(auth, { id: ORDER_ID }))).toMatchObject({ error: 'MissingInvoiceBillingDetails' });
    api.named(409, 'InvoiceAlreadyExists');
    expect(errorOf(await orders.generateInvoice(auth, { id: ORDER_ID }))).toMatchObject({ error: 'InvoiceAlreadyExists' });
  });

  it('billing-api-part-b.md §8: unknown orders answer 404 on get, update and invoice', async () => {
    for (const call of [() => orders.get(auth, { id: ORDER_ID }), () => orders.update(auth, { id: ORDER_ID, customerOrderUpdate: {} }), () => orders.invoice(auth, { id: ORDER_ID })]) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });

  it('billing-api-part-b.md §6: a portal call without a session token is refused before sending', async () => {
    const before = api.seen.length;
    expect(errorOf(await orders.get({ customerSession: '' }, { id: ORDER_ID })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });
});

describe('customer portal subscriptions (billing-api-part-b.md §7 "Customer portal")', () => {
  const api = mockBilling();
  const subscriptions = api.client.customerPortal.subscriptions;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list by active flag, sorted by started_at descending', async () => {
    api.json(200, page([customerSubscriptionWire()]));
    const answer = dataOf(await subscriptions.list(auth, { active: true, organizationId: ORG_ID, sorting: ['-started_at'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/customer-portal/subscriptions/']);
    expect(api.last().query).toEqual([
      ['organization_id', ORG_ID],
      ['active', 'true'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-started_at'],
    ]);
    expect(answer.items[0]).toMatchObject({ product: { organization: { slug: 'ensemble' } }, meters: [{ creditedUnits: 2000 }] });
  });

  it('billing-api-part-b.md §7: get answers the detailed view with product, prices and meters', async () => {
    api.json(200, customerSubscriptionWire());
    const subscription = dataOf(await subscriptions.get(auth, { id: SUBSCRIPTION_ID }));
    expect(api.last().path).toBe(`/v1/customer-portal/subscriptions/${SUBSCRIPTION_ID}`);
    expect(subscription.prices).toHaveLength(1);
  });

  it('billing-api-part-b.md §3 (b): cancel at period end with reason and comment uses the portal wire names', async () => {
    api.json(200, customerSubscriptionWire({ cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive' }));
    const updated = dataOf(
      await subscriptions.update(auth, { id: SUBSCRIPTION_ID, customerSubscriptionUpdate: { cancelAtPeriodEnd: true, cancellationReason: 'too_expensive', cancellationComment: 'Budget cuts' } }),
    );
    expect([api.last().method, api.last().path]).toEqual(['PATCH', `/v1/customer-portal/subscriptions/${SUBSCRIPTION_ID}`]);
    expect(api.last().body).toEqual({ cancel_at_period_end: true, cancellation_reason: 'too_expensive', cancellation_comment: 'Budget cuts' });
    expect(updated.cancelAtPeriodEnd).toBe(true);
  });

  it('billing-api-part-b.md §3 (a): a plan change sends product_id alone', async () => {
    api.json(200, customerSubscriptionWire());
    dataOf(await subscriptions.update(auth, { id: SUBSCRIPTION_ID, customerSubscriptionUpdate: { productId: 'b1e2d3c4-5f6a-4b7c-8d9e-0f1a2b3c4d5e' } }));
    expect(api.last().body).toEqual({ product_id: 'b1e2d3c4-5f6a-4b7c-8d9e-0f1a2b3c4d5e' });
  });

  it('billing-api-part-b.md §5: a cancellation reason outside the eight is refused', async () => {
    const before = api.seen.length;
    expect(errorOf(await subscriptions.update(auth, { id: SUBSCRIPTION_ID, customerSubscriptionUpdate: { cancellationReason: 'bored' as never } })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: cancel is DELETE and answers the subscription', async () => {
    api.json(200, customerSubscriptionWire({ cancel_at_period_end: true, ends_at: '2026-04-01T10:15:30Z' }));
    const canceled = dataOf(await subscriptions.cancel(auth, { id: SUBSCRIPTION_ID }));
    expect([api.last().method, api.last().path, api.last().headers.authorization]).toEqual([
      'DELETE',
      `/v1/customer-portal/subscriptions/${SUBSCRIPTION_ID}`,
      `Bearer ${SESSION_TOKEN}`,
    ]);
    expect(canceled.endsAt).toBe('2026-04-01T10:15:30Z');
  });

  it('billing-api-part-b.md §8: update and cancel of an already canceled subscription answer 403 AlreadyCanceledSubscription', async () => {
    for (const call of [() => subscriptions.cancel(auth, { id: SUBSCRIPTION_ID }), () => subscriptions.update(auth, { id: SUBSCRIPTION_ID, customerSubscriptionUpdate: { cancelAtPeriodEnd: true } })]) {
      api.named(403, 'AlreadyCanceledSubscription', 'This subscription is already canceled or will be at the end of the period.');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'AlreadyCanceledSubscription', statusCode: 403 });
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });
});

describe('customer portal organization by slug (billing-api-part-b.md §7)', () => {
  it('billing-api-part-b.md §6: the storefront is public: no token needed, organization plus products', async () => {
    const api = mockBilling({ accessToken: '' });
    api.json(200, { organization: customerOrganizationWire(), products: [checkoutProductWire({ prices: [fixedPriceWire()] })] });
    const storefront = dataOf(await api.client.customerPortal.organizations.get({ slug: 'ensemble' }));
    expect([api.last().method, api.last().path, api.last().headers.authorization]).toEqual(['GET', '/v1/customer-portal/organizations/ensemble', undefined]);
    expect(storefront.organization.slug).toBe('ensemble');
    expect(storefront.products[0]?.prices[0]).toMatchObject({ amountType: 'fixed', priceAmount: 2500 });

    api.named(404, 'ResourceNotFound');
    expect(errorOf(await api.client.customerPortal.organizations.get({ slug: 'nope' }))).toMatchObject({ error: 'ResourceNotFound' });
    api.agent.assertNoPendingInterceptors();
  });
});
