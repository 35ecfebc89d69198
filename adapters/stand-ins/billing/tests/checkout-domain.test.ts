import { describe, expect, it } from 'vitest';
import {
  afterPayment, billingAddressFields, checkoutAmounts, confirmErrors, initialAmount, isPastExpiry, requireOpen, resolveSuccessUrl,
  shouldExpire, staticPrice, validateCustomAmount, type ConfirmFacts, type PriceFacts,
} from '../resources/checkouts/rules.js';

const fixed = (amount: number): PriceFacts => ({ id: 'p1', amount_type: 'fixed', price_currency: 'usd', is_archived: false, price_amount: amount });
const custom: PriceFacts = { id: 'p2', amount_type: 'custom', price_currency: 'eur', is_archived: false, minimum_amount: 500, maximum_amount: 5000, preset_amount: null };
const free: PriceFacts = { id: 'p3', amount_type: 'free', price_currency: 'usd', is_archived: false };

describe('checkout amounts (reference §3 Checkout, §4)', () => {
  it('fixed price: net = amount - discount, tax 0, total = net', () => {
    const a = checkoutAmounts({ amount: 2500, productPrices: [fixed(2500)], productIsRecurring: true, discount: { type: 'percentage', basis_points: 2000, duration: 'once' } });
    expect(a).toMatchObject({ amount: 2500, discount_amount: 500, net_amount: 2000, tax_amount: 0, total_amount: 2000 });
    expect(a.is_payment_required && a.is_payment_form_required && a.is_payment_setup_required).toBe(true);
  });

  it('percentage discounts round half up; fixed discounts never exceed the amount', () => {
    expect(checkoutAmounts({ amount: 999, productPrices: [fixed(999)], productIsRecurring: false, discount: { type: 'percentage', basis_points: 1250, duration: 'once' } }).discount_amount).toBe(125);
    const capped = checkoutAmounts({ amount: 300, productPrices: [fixed(300)], productIsRecurring: false, discount: { type: 'fixed', amount: 1000, duration: 'once' } });
    expect(capped).toMatchObject({ discount_amount: 300, net_amount: 0, total_amount: 0, is_payment_required: false, is_payment_form_required: false });
  });

  it('free prices need no payment form, even when recurring', () => {
    const a = checkoutAmounts({ amount: 0, productPrices: [free], productIsRecurring: true, discount: null });
    expect(a).toMatchObject({ is_free_product_price: true, is_payment_required: false, is_payment_setup_required: false, is_payment_form_required: false, is_discount_applicable: false });
  });

  it('a recurring product fully discounted once still needs a payment method; 100 % forever does not', () => {
    const once = checkoutAmounts({ amount: 2500, productPrices: [fixed(2500)], productIsRecurring: true, discount: { type: 'percentage', basis_points: 10000, duration: 'once' } });
    expect(once).toMatchObject({ total_amount: 0, is_payment_required: false, is_payment_setup_required: true, is_payment_form_required: true });
    const forever = checkoutAmounts({ amount: 2500, productPrices: [fixed(2500)], productIsRecurring: true, discount: { type: 'percentage', basis_points: 10000, duration: 'forever' } });
    expect(forever.is_payment_form_required).toBe(false);
  });

  it('initial amounts: fixed price, custom preset or minimum, free 0; the static price is chosen first', () => {
    expect(initialAmount(fixed(2500))).toEqual({ amount: 2500, currency: 'usd' });
    expect(initialAmount(custom)).toEqual({ amount: 500, currency: 'eur' });
    expect(initialAmount(free)).toEqual({ amount: 0, currency: 'usd' });
    const metered: PriceFacts = { id: 'm', amount_type: 'metered_unit', price_currency: 'usd', is_archived: false };
    expect(staticPrice([metered, fixed(100)])?.amount_type).toBe('fixed');
  });

  it('custom amounts outside the bounds are 422 on body.amount', () => {
    const low = validateCustomAmount(custom, 100);
    expect(low.success).toBe(false);
    if (!low.success && low.error.kind === 'validation') expect(low.error.items[0]).toMatchObject({ loc: ['body', 'amount'], msg: 'Amount is below minimum.' });
    const high = validateCustomAmount(custom, 9000);
    if (!high.success && high.error.kind === 'validation') expect(high.error.items[0]?.msg).toBe('Amount is above maximum.');
    else throw new Error('expected a 422');
    expect(validateCustomAmount(custom, 1000).success).toBe(true);
  });
});

describe('checkout lifecycle (reference §4)', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  it('expires only open checkouts, but public calls see any checkout past expires_at as expired', () => {
    expect(shouldExpire({ status: 'open', expires_at: '2026-01-01T23:59:59Z' }, now)).toBe(true);
    expect(shouldExpire({ status: 'succeeded', expires_at: '2026-01-01T23:59:59Z' }, now)).toBe(false);
    expect(isPastExpiry('2026-01-01T23:59:59Z', now)).toBe(true);
    expect(isPastExpiry('2026-01-02T00:00:01Z', now)).toBe(false);
  });

  it('403 NotOpenCheckout names the id and status', () => {
    const r = requireOpen({ id: 'c1', status: 'confirmed' });
    expect(r).toEqual({ success: false, error: { kind: 'named', status: 403, error: 'NotOpenCheckout', detail: 'Checkout c1 is not open: confirmed' } });
  });

  it('a failed payment puts a confirmed checkout back to open; terminal statuses stay', () => {
    expect(afterPayment('confirmed', false)).toBe('open');
    expect(afterPayment('confirmed', true)).toBe('succeeded');
    expect(afterPayment('expired', true)).toBe('expired');
  });

  it('success_url substitutes {CHECKOUT_ID}; the default is the hosted confirmation page', () => {
    expect(resolveSuccessUrl('https://app/x?c={CHECKOUT_ID}', 'id9', 'u')).toBe('https://app/x?c=id9');
    expect(resolveSuccessUrl(null, 'id9', 'http://s/checkout/polar_c_x')).toBe('http://s/checkout/polar_c_x/confirmation');
  });
});

describe('confirm validation (reference §4 "Confirm")', () => {
  const base: ConfirmFacts = {
    customerEmail: null,
    customerKnown: false,
    customerBillingName: null,
    address: null,
    requireBillingAddress: false,
    isBusinessCustomer: false,
    isPaymentFormRequired: true,
    confirmationTokenId: null,
  };

  it('lists every missing field at once', () => {
    const locs = confirmErrors(base).map((e) => e.loc.join('.'));
    expect(locs).toEqual(['body.customer_email', 'body.customer_billing_address', 'body.confirmation_token_id']);
  });

  it('a free checkout needs only the e-mail; a known customer not even that', () => {
    expect(confirmErrors({ ...base, isPaymentFormRequired: false }).map((e) => e.loc.at(-1))).toEqual(['customer_email']);
    expect(confirmErrors({ ...base, isPaymentFormRequired: false, customerKnown: true })).toEqual([]);
  });

  it('US addresses need line1, city, postal code and state', () => {
    const errors = confirmErrors({ ...base, customerEmail: 'a@b.co', confirmationTokenId: 't', address: { country: 'US' } });
    expect(errors.map((e) => e.loc.at(-1))).toEqual(['state', 'line1', 'city', 'postal_code']);
    expect(billingAddressFields({ address: { country: 'FR' }, requireBillingAddress: false, isBusinessCustomer: false }).line1).toBe('disabled');
  });
});
