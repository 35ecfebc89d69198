import { describe, expect, it } from 'vitest';
import { checkInvoiceExists, checkInvoiceGeneration } from '../resources/orders/rules.js';
import { applyRefund, checkRefund, refundableAmount, type RefundableOrder } from '../resources/refunds/rules.js';
import { subscriptionsCsv } from '../resources/subscriptions/csv.js';

const order = (over: Partial<RefundableOrder> = {}): RefundableOrder => ({
  id: 'o1', status: 'paid', net_amount: 2000, applied_balance_amount: 0, refunded_amount: 0, subscription_id: null, ...over,
});

describe('refunds (reference §4 "Refunds")', () => {
  it('refundable = net + applied balance - refunded; partial then full moves the status', () => {
    expect(refundableAmount(order({ refunded_amount: 500 }))).toBe(1500);
    expect(applyRefund(order(), 500)).toEqual({ refunded_amount: 500, status: 'partially_refunded' });
    expect(applyRefund(order({ refunded_amount: 500, status: 'partially_refunded' }), 1500)).toEqual({ refunded_amount: 2000, status: 'refunded' });
  });

  it('too much is 422 on amount, a refunded order is 403 RefundedAlready', () => {
    const tooMuch = checkRefund(order({ refunded_amount: 1500, status: 'partially_refunded' }), 600, false);
    expect(tooMuch.success ? null : tooMuch.error).toEqual({
      kind: 'validation',
      items: [{ type: 'value_error', loc: ['body', 'amount'], msg: 'Refund amount exceeds refundable amount', input: 600 }],
    });
    const again = checkRefund(order({ refunded_amount: 2000, status: 'refunded' }), 1, false);
    expect(again.success ? null : again.error).toMatchObject({ kind: 'named', status: 403, error: 'RefundedAlready' });
  });

  it('revoking benefits through a refund of a subscription order is a 400', () => {
    const r = checkRefund(order({ subscription_id: 's1' }), 100, true);
    expect(r.success ? null : r.error).toMatchObject({ status: 400 });
    expect(checkRefund(order(), 100, true).success).toBe(true);
  });
});

describe('invoices (reference §4 "Orders and invoices")', () => {
  const o = { id: 'o1', status: 'paid', billing_name: 'Ada', billing_address: { country: 'FR' }, is_invoice_generated: false };
  it('draft and void orders are 409; missing billing details 422; then it is accepted', () => {
    expect(checkInvoiceGeneration({ ...o, status: 'void' })).toMatchObject({ success: false, error: { status: 409, error: 'OrderNotEligibleForInvoice' } });
    expect(checkInvoiceGeneration({ ...o, billing_address: null })).toMatchObject({ success: false, error: { status: 422, error: 'MissingInvoiceBillingDetails' } });
    expect(checkInvoiceGeneration(o).success).toBe(true);
    expect(checkInvoiceExists(o)).toMatchObject({ success: false, error: { status: 404, error: 'InvoiceDoesNotExist' } });
  });
});

describe('subscription export', () => {
  it('writes a quoted CSV with a header and neutralises formula cells', () => {
    const csv = subscriptionsCsv([
      { email: 'a@b.co', created_at: '2026-01-01T00:00:00Z', active: true, product: 'Plan, "pro"', amount: 2500, currency: 'usd', interval: 'month' },
      { email: '=cmd@x.y', created_at: '2026-01-01T00:00:00Z', active: false, product: 'P', amount: 0, currency: 'usd', interval: 'year' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Email,Created At,Active,Product,Price,Currency,Interval',
      'a@b.co,2026-01-01T00:00:00Z,true,"Plan, ""pro""",25.00,usd,month',
      "'=cmd@x.y,2026-01-01T00:00:00Z,false,P,0.00,usd,year",
      '',
    ]);
  });
});
