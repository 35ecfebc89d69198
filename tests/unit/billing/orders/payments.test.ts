import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_ID, page, PAYMENT_ID } from '../../../support/billing-fixtures/ids.js';
import { cardPaymentWire, genericPaymentWire } from '../../../support/billing-fixtures/payments.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('payments (billing-api-part-b.md §7 "Payments")', () => {
  const api = mockBilling();
  const payments = api.client.payments;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list encodes repeated filters and sorting, and parses card and other methods', async () => {
    api.json(200, page([cardPaymentWire(), genericPaymentWire()]));
    const answer = dataOf(
      await payments.list({ orderId: ORDER_ID, status: ['succeeded', 'failed'], method: 'card', page: 2, limit: 5, sorting: ['-amount', 'created_at'] }),
    );
    const sent = api.last();
    expect([sent.method, sent.path]).toEqual(['GET', '/v1/payments/']);
    expect(sent.query).toEqual([
      ['order_id', ORDER_ID],
      ['status', 'succeeded'],
      ['status', 'failed'],
      ['method', 'card'],
      ['page', '2'],
      ['limit', '5'],
      ['sorting', '-amount'],
      ['sorting', 'created_at'],
    ]);
    expect(answer.items[0]).toMatchObject({ method: 'card', methodMetadata: { brand: 'visa', last4: '4242' } });
    expect(answer.items[1]).toMatchObject({ method: 'us_bank_account', declineReason: 'insufficient_funds' });
  });

  it('billing-api-part-b.md §3: a payment status outside pending/succeeded/failed is refused as a filter', async () => {
    const before = api.seen.length;
    expect(errorOf(await payments.list({ status: 'refunded' as never })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: get sends GET /v1/payments/{id}', async () => {
    api.json(200, cardPaymentWire());
    const payment = dataOf(await payments.get({ id: PAYMENT_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/payments/${PAYMENT_ID}`]);
    expect(payment).toMatchObject({ id: PAYMENT_ID, processor: 'stripe', orderId: ORDER_ID });
  });

  it('reference §3: a card payment without method_metadata does not pass as valid', async () => {
    const { method_metadata: _m, ...broken } = cardPaymentWire();
    api.json(200, broken);
    expect(errorOf(await payments.get({ id: PAYMENT_ID })).kind).toBe('response_validation');
  });

  it('billing-api-part-b.md §8: an unknown payment answers 404 ResourceNotFound', async () => {
    api.named(404, 'ResourceNotFound', 'Not found');
    expect(errorOf(await payments.get({ id: PAYMENT_ID }))).toMatchObject({ kind: 'provider', error: 'ResourceNotFound', statusCode: 404 });
  });
});
