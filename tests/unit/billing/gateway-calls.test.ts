import { afterEach, describe, expect, it } from 'vitest';
import { customerStateWire } from '../../support/billing-fixtures/customer-state.js';
import { customerSessionWire, USER_ID } from '../../support/billing-fixtures/customers.js';
import { discountWire } from '../../support/billing-fixtures/discounts.js';
import { CUSTOMER_ID, DISCOUNT_ID, PRODUCT_ID, SUBSCRIPTION_ID } from '../../support/billing-fixtures/ids.js';
import { meteredPriceWire, productWire } from '../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';
import { mockBilling } from '../../support/billing-mock.js';

// The calls PolarBillingGateway relies on (see adapters/billing/README.md).
let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

describe('products and discounts (billing-api-part-b.md §7, reference §3)', () => {
  it('GET /v1/products/{id} reads metered prices with a decimal string unit amount', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/products/', { status: 200, body: productWire({ prices: [meteredPriceWire()] }) });
    const product = dataOf(await api.client.products.get({ id: PRODUCT_ID }));
    expect(product.prices[0]).toMatchObject({ amountType: 'metered_unit', unitAmount: '0.05', capAmount: null });
  });

  it('a price kind unknown to the client (unit_based) fails response validation, as with SDK 0.48', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/products/', { status: 200, body: productWire({ prices: [{ ...meteredPriceWire(), amount_type: 'unit_based' }] }) });
    expect(errorOf(await api.client.products.get({ id: PRODUCT_ID })).kind).toBe('response_validation');
  });

  it('GET /v1/discounts/{id}: each of the four kinds parses; repeating needs duration_in_months', async () => {
    api = mockBilling();
    const kinds = [
      discountWire(),
      discountWire({ duration: 'once', duration_in_months: undefined }),
      discountWire({ type: 'fixed', basis_points: undefined, amount: 500, currency: 'usd', amounts: { usd: 500 }, duration: 'forever', duration_in_months: undefined }),
      discountWire({ type: 'fixed', basis_points: undefined, amount: 500, currency: 'usd', amounts: { usd: 500 } }),
    ];
    for (const body of kinds) api.reply('GET', '/v1/discounts/', { status: 200, body });
    for (const _ of kinds) dataOf(await api.client.discounts.get({ id: DISCOUNT_ID }));
    api.reply('GET', '/v1/discounts/', { status: 200, body: discountWire({ duration_in_months: undefined }) });
    expect(errorOf(await api.client.discounts.get({ id: DISCOUNT_ID })).kind).toBe('response_validation');
  });
});

describe('subscriptions (billing-api-part-b.md §3 update shapes a-d)', () => {
  it.each([
    ['a: change of product', { productId: PRODUCT_ID, prorationBehavior: 'prorate' }, { product_id: PRODUCT_ID, proration_behavior: 'prorate' }],
    [
      'b: cancel at period end with reason and comment',
      { cancelAtPeriodEnd: true, customerCancellationReason: 'too_expensive', customerCancellationComment: 'Later' },
      { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'Later' },
    ],
    ['c: immediate revocation', { revoke: true }, { revoke: true }],
    ['d: change of discount', { discountId: null }, { discount_id: null }],
  ] as const)('PATCH /v1/subscriptions/{id} shape %s', async (_name, body, wire) => {
    api = mockBilling();
    api.reply('PATCH', '/v1/subscriptions/', { status: 200, body: subscriptionWire() });
    dataOf(await api.client.subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: body }));
    expect(api.seen[0]).toMatchObject({ method: 'PATCH', path: `/v1/subscriptions/${SUBSCRIPTION_ID}` });
    expect(api.seen[0]!.body).toEqual(wire);
  });

  it('mixing shapes or adding unknown fields is refused locally (the server forbids extra fields)', async () => {
    api = mockBilling();
    expect(errorOf(await api.client.subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: { revoke: true, productId: PRODUCT_ID } as never })).kind).toBe('input_validation');
    expect(errorOf(await api.client.subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: { cancelAtPeriodEnd: true, note: 'x' } as never })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(0);
  });

  it('the subscription answer is read with its nested customer, product, discount and prices', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/subscriptions/', { status: 200, body: { items: [subscriptionWire({ status: 'paused' })], pagination: { total_count: 1, max_page: 1 } } });
    const page = dataOf(await api.client.subscriptions.list({ customerId: CUSTOMER_ID }));
    const sub = page.items[0]!;
    expect(sub.status).toBe('paused'); // open enum: a status newer than the spec passes
    expect(sub.customer.externalId).toBe(USER_ID);
    expect(sub.discount).toMatchObject({ type: 'percentage', basisPoints: 2000 });
  });
});

describe('customer sessions and customer state (billing-api-part-b.md §7)', () => {
  it('POST /v1/customer-sessions/ with an external customer id or a customer id (201)', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/customer-sessions/', { status: 201, body: customerSessionWire() }, 2);
    const session = dataOf(await api.client.customerSessions.create({ externalCustomerId: USER_ID, returnUrl: 'https://ensemble.example/account' }));
    dataOf(await api.client.customerSessions.create({ customerId: CUSTOMER_ID }));
    expect(api.seen.map((s) => s.body)).toEqual([
      { external_customer_id: USER_ID, return_url: 'https://ensemble.example/account' },
      { customer_id: CUSTOMER_ID },
    ]);
    expect(session.customerPortalUrl).toContain('customer_session_token=polar_cst_');
    expect(errorOf(await api.client.customerSessions.create({} as never)).kind).toBe('input_validation');
  });

  it('GET /v1/customers/external/{external_id}/state encodes the id and reads the three lists', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customers/external/', { status: 200, body: customerStateWire() });
    const state = dataOf(await api.client.customers.getStateExternal({ externalId: 'user/1 ü' }));
    expect(api.seen[0]!.path).toBe('/v1/customers/external/user%2F1%20%C3%BC/state');
    expect(state.activeSubscriptions[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(state.grantedBenefits[0]!.benefitMetadata).toEqual({ credits_plan: 'pro' });
    expect(state.activeMeters[0]).toMatchObject({ consumedUnits: 120.5, balance: 879.5 });
  });
});
