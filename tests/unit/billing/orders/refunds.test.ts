import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { refundWire } from '../../../support/billing-fixtures/refunds.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('refunds (billing-api-part-b.md §7 "Refunds")', () => {
  const api = mockBilling();
  const refunds = api.client.refunds;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list sends GET /v1/refunds/ with repeated ids, succeeded and sorting, and parses the page', async () => {
    api.json(200, page([refundWire()]));
    const answer = dataOf(
      await refunds.list({ organizationId: ORG_ID, orderId: [ORDER_ID, 'other-order'], succeeded: true, sorting: ['-created_at'] }),
    );
    const sent = api.last();
    expect(sent.method).toBe('GET');
    expect(sent.path).toBe('/v1/refunds/');
    expect(sent.query).toEqual([
      ['organization_id', ORG_ID],
      ['order_id', ORDER_ID],
      ['order_id', 'other-order'],
      ['succeeded', 'true'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-created_at'],
    ]);
    expect(sent.headers.authorization).toMatch(/^Bearer polar_oat_/);
    expect(answer.items[0]).toMatchObject({ orderId: ORDER_ID, revokeBenefits: false, taxAmount: 0, metadata: { ticket_id: 'SUP-1042' } });
    expect(answer.pagination).toEqual({ totalCount: 1, maxPage: 1 });
  });

  it('billing-api-part-b.md §7: an unknown sorting field is refused before sending', async () => {
    const before = api.seen.length;
    const error = errorOf(await refunds.list({ sorting: ['-price'] as never }));
    expect(error.kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §3: create sends wire names, defaults revoke_benefits to false, and accepts 201', async () => {
    api.json(201, refundWire({ metadata: { source: 'support' } }));
    const refund = dataOf(await refunds.create({ orderId: ORDER_ID, reason: 'customer_request', amount: 900, metadata: { source: 'support' } }));
    const sent = api.last();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/refunds/');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({ order_id: ORDER_ID, reason: 'customer_request', amount: 900, revoke_benefits: false, metadata: { source: 'support' } });
    expect(refund.status).toBe('succeeded');
  });

  it('billing-api-part-b.md §7: create also accepts a 200 answer', async () => {
    api.json(200, refundWire());
    expect(dataOf(await refunds.create({ orderId: ORDER_ID, reason: 'duplicate', amount: 100 })).id).toBe(refundWire().id);
  });

  it('billing-api-part-b.md §3: create refuses a non-integer amount or an unknown reason without sending', async () => {
    const before = api.seen.length;
    const error = errorOf(await refunds.create({ orderId: ORDER_ID, reason: 'changed_mind' as never, amount: 9.5 }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toMatch(/^Input validation failed/);
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §8: a fully refunded order answers 403 RefundedAlready', async () => {
    api.named(403, 'RefundedAlready', 'Order is already fully refunded');
    const error = errorOf(await refunds.create({ orderId: ORDER_ID, reason: 'other', amount: 1 }));
    expect(error).toMatchObject({ kind: 'provider', error: 'RefundedAlready', detail: 'Order is already fully refunded' });
  });

  it('billing-api-part-b.md §8: an amount too high answers 400 RefundAmountTooHigh', async () => {
    api.named(400, 'RefundAmountTooHigh', 'Refund amount exceeds refundable amount');
    const error = errorOf(await refunds.create({ orderId: ORDER_ID, reason: 'other', amount: 99_999 }));
    expect(error).toMatchObject({ kind: 'provider', error: 'RefundAmountTooHigh' });
  });

  it('reference §4: the current server reports an excessive amount as a 422 detail list', async () => {
    api.json(422, { detail: [{ loc: ['body', 'amount'], msg: 'Refund amount exceeds refundable amount', type: 'value_error' }] });
    const error = errorOf(await refunds.create({ orderId: ORDER_ID, reason: 'other', amount: 99_999 }));
    expect(error.kind).toBe('http_validation');
  });
});
