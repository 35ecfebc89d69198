import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { PolarBillingGateway } from '../../../adapters/billing/polar-billing-gateway.js';
import { checkoutWire } from '../../support/billing-fixtures/checkouts.js';
import { USER_ID } from '../../support/billing-fixtures/customers.js';
import { discountWire } from '../../support/billing-fixtures/discounts.js';
import { DISCOUNT_ID, PRODUCT_ID, SUBSCRIPTION_ID } from '../../support/billing-fixtures/ids.js';
import { productWire } from '../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';
import { mockBilling } from '../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling>;
let logger: InMemoryLogger;
const gateway = (discountId: string | null = DISCOUNT_ID) => {
  api = mockBilling();
  logger = new InMemoryLogger();
  return new PolarBillingGateway({ client: api.client, planProductId: PRODUCT_ID, discountId, logger });
};
afterEach(() => api.close());

const INVALID_TOKEN = {
  status: 401,
  body: { error: 'invalid_token', error_description: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' },
};

describe('PolarBillingGateway', () => {
  it('app §7: the plan product carries the fixed price in cents, its currency and benefit ids', async () => {
    const g = gateway();
    api.reply('GET', `/v1/products/${PRODUCT_ID}`, { status: 200, body: productWire() });
    expect(dataOf(await g.getPlanProduct())).toEqual({
      id: PRODUCT_ID,
      name: 'Ensemble Pro',
      description: 'Every model, side by side.',
      recurringInterval: 'month',
      priceAmount: 2500,
      priceCurrency: 'usd',
      benefits: [productWire().benefits[0]!.id],
    });
  });

  it('app §7: the discount gives basis points for a percentage discount; none configured gives null without a call', async () => {
    const g = gateway();
    api.reply('GET', `/v1/discounts/${DISCOUNT_ID}`, { status: 200, body: discountWire() });
    expect(dataOf(await g.getPlanDiscount())).toEqual({
      id: DISCOUNT_ID, name: 'Launch 20%', code: 'LAUNCH20', basisPoints: 2000, amount: null, duration: 'repeating', durationInMonths: 3,
    });
    await api.close();
    const none = gateway(null);
    expect(dataOf(await none.getPlanDiscount())).toBeNull();
    expect(api.seen).toHaveLength(0);
  });

  it('a discount of a kind added later (an open enum) is read, with neither basis points nor an amount', async () => {
    const g = gateway();
    api.reply('GET', `/v1/discounts/${DISCOUNT_ID}`, { status: 200, body: discountWire({ type: 'tiered', duration: 'seasonal' }) });
    // Nor a duration: how long a kind we do not know lasts is not guessed.
    expect(dataOf(await g.getPlanDiscount())).toEqual({ id: DISCOUNT_ID, name: 'Launch 20%', code: 'LAUNCH20', basisPoints: null, amount: null });
  });

  it('a discount for every payment, or for the first one only, says so without months', async () => {
    const g = gateway();
    api.reply('GET', `/v1/discounts/${DISCOUNT_ID}`, { status: 200, body: discountWire({ duration: 'forever', duration_in_months: null }) });
    expect(dataOf(await g.getPlanDiscount())).toMatchObject({ duration: 'forever', durationInMonths: null });
  });

  it('a checkout is for the plan, with the user id as external customer id, e-mail prefilled, discount and success URL', async () => {
    const g = gateway();
    api.reply('POST', '/v1/checkouts/', { status: 201, body: checkoutWire() });
    const session = dataOf(await g.createCheckout({ userId: USER_ID, email: 'ada@example.com', successUrl: 'https://ensemble.example/subscribe?ok=1' }));
    expect(session).toEqual({ id: checkoutWire().id, url: checkoutWire().url });
    expect(api.seen[0]!.body).toMatchObject({
      products: [PRODUCT_ID],
      external_customer_id: USER_ID,
      customer_email: 'ada@example.com',
      success_url: 'https://ensemble.example/subscribe?ok=1',
      discount_id: DISCOUNT_ID,
    });
  });

  it('billing-api-part-b.md §3: cancelling looks up the user’s active subscription and updates it at period end with reason and comment', async () => {
    const g = gateway();
    api.reply('GET', '/v1/subscriptions/', { status: 200, body: { items: [subscriptionWire()], pagination: { total_count: 1, max_page: 1 } } });
    api.reply('PATCH', `/v1/subscriptions/${SUBSCRIPTION_ID}`, {
      status: 200,
      body: subscriptionWire({ cancel_at_period_end: true, ends_at: '2026-04-01T10:15:30Z', customer_cancellation_reason: 'too_expensive' }),
    });
    const canceled = dataOf(await g.cancelSubscription({ userId: USER_ID, reason: 'too_expensive', comment: 'Later' }));
    expect(canceled).toMatchObject({ id: SUBSCRIPTION_ID, cancelAtPeriodEnd: true, cancellationReason: 'too_expensive', endsAt: '2026-04-01T10:15:30Z' });
    expect(api.seen[0]!.query).toEqual(expect.arrayContaining([['external_customer_id', USER_ID], ['active', 'true']]));
    expect(api.seen[1]!.body).toEqual({ cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'Later' });
  });

  it('app §8: a rejected token (401 invalid_token) is billing_unavailable and logs a warning', async () => {
    const g = gateway();
    api.reply('GET', '/v1/products/', INVALID_TOKEN);
    const error = errorOf(await g.getPlanProduct());
    expect(error.code).toBe('billing_unavailable');
    expect(logger.at('warn')).toHaveLength(1);
    expect(logger.at('warn')[0]!.context).toMatchObject({ operation: 'getPlanProduct', kind: 'invalid_token' });
  });

  it('a 401 without a body is billing_unavailable too', async () => {
    const g = gateway();
    api.reply('GET', '/v1/products/', { status: 401, raw: '' });
    expect(errorOf(await g.getPlanProduct()).code).toBe('billing_unavailable');
    expect(logger.at('warn')).toHaveLength(1);
  });

  it('other failures map to domain errors: already canceled is conflict, 5XX unavailable (logged as error)', async () => {
    const g = gateway();
    api.reply('GET', '/v1/subscriptions/', { status: 200, body: { items: [subscriptionWire()], pagination: { total_count: 1, max_page: 1 } } });
    api.reply('PATCH', '/v1/subscriptions/', { status: 403, body: { error: 'AlreadyCanceledSubscription', detail: 'This subscription is already canceled or will be at the end of the period.' } });
    expect(errorOf(await g.cancelSubscription({ userId: USER_ID, reason: 'other', comment: null })).code).toBe('conflict');
    api.reply('POST', '/v1/checkouts/', { status: 502, raw: 'bad gateway', headers: { 'content-type': 'text/html' } });
    const down = errorOf(await g.createCheckout({ userId: USER_ID, email: null, successUrl: 'https://ensemble.example/x' }));
    expect(down).toMatchObject({ code: 'billing_unavailable', details: { reason: 'provider_error', status: 502 } });
    expect(logger.at('error')).toHaveLength(1);
  });

  it('customer state of a user who is no customer is null; portal for them is not_found', async () => {
    const g = gateway();
    api.reply('GET', '/v1/customers/external/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    expect(dataOf(await g.getCustomerState(USER_ID))).toBeNull();
    expect(api.seen[0]!.path).toBe(`/v1/customers/external/${USER_ID}/state`);
    api.reply('POST', '/v1/customer-sessions/', {
      status: 422,
      body: { error: 'PolarRequestValidationError', detail: [{ loc: ['body', 'customer_id'], msg: 'Customer does not exist.', type: 'value_error' }] },
    });
    expect(errorOf(await g.createPortalSession({ userId: USER_ID })).code).toBe('not_found');
    expect(api.seen[1]!.body).toEqual({ external_customer_id: USER_ID });
  });
});
