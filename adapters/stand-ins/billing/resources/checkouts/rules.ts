import { fail, ok } from '../../domain/result.js';
import { invalid, named, type ProviderFailure, type RuleResult, type ValidationItem } from '../../domain/provider-failure.js';
import { discountAmount, type DiscountFacts } from '../discounts/rules.js';

/** The price facts the amount rules read (a subset of the wire ProductPrice). */
export interface PriceFacts {
  readonly id: string;
  readonly amount_type: string;
  readonly price_currency: string;
  readonly is_archived: boolean;
  readonly price_amount?: number;
  readonly minimum_amount?: number;
  readonly maximum_amount?: number | null;
  readonly preset_amount?: number | null;
}

/** The provider falls back to this amount for a pay-what-you-want price without preset or minimum. */
export const CUSTOM_PRICE_PRESET_FALLBACK = 1000;

/** The price a checkout selects first: the static one (fixed, custom, free), else the first. */
export function staticPrice<P extends PriceFacts>(prices: readonly P[]): P | undefined {
  const active = prices.filter((p) => !p.is_archived);
  return active.find((p) => ['fixed', 'custom', 'free'].includes(p.amount_type)) ?? active[0] ?? prices[0];
}

/** The amount a checkout starts with for a price (create, product switch, checkout link). */
export function initialAmount(price: PriceFacts): { amount: number; currency: string } {
  if (price.amount_type === 'fixed') return { amount: price.price_amount ?? 0, currency: price.price_currency };
  if (price.amount_type === 'custom') {
    const amount = price.preset_amount || price.minimum_amount || CUSTOM_PRICE_PRESET_FALLBACK;
    return { amount, currency: price.price_currency };
  }
  return { amount: 0, currency: price.price_currency || 'usd' };
}

/** A pay-what-you-want amount must sit within the price's bounds (422 on `amount`). */
export function validateCustomAmount(price: PriceFacts, amount: number): RuleResult<number> {
  if (price.amount_type !== 'custom') return ok(amount);
  const items: ValidationItem[] = [];
  if (price.minimum_amount !== undefined && amount < price.minimum_amount) {
    items.push({ type: 'greater_than_equal', loc: ['body', 'amount'], msg: 'Amount is below minimum.', input: amount, ctx: { ge: price.minimum_amount } });
  } else if (price.maximum_amount !== undefined && price.maximum_amount !== null && amount > price.maximum_amount) {
    items.push({ type: 'less_than_equal', loc: ['body', 'amount'], msg: 'Amount is above maximum.', input: amount, ctx: { le: price.maximum_amount } });
  }
  return items.length > 0 ? fail(invalid(...items)) : ok(amount);
}

/** Discounts apply to fixed and pay-what-you-want prices only. */
export const isDiscountablePrice = (price: PriceFacts): boolean =>
  price.amount_type === 'fixed' || price.amount_type === 'custom' || price.amount_type === 'seat_based';

export interface CheckoutAmounts {
  readonly amount: number;
  readonly discount_amount: number;
  readonly net_amount: number;
  readonly tax_amount: number;
  readonly total_amount: number;
  readonly is_discount_applicable: boolean;
  readonly is_free_product_price: boolean;
  readonly is_payment_required: boolean;
  readonly is_payment_setup_required: boolean;
  readonly is_payment_form_required: boolean;
}

/**
 * Derived money fields of a checkout (the provider's Checkout model): tax is always 0
 * in the sandbox; a recurring product needs a payment method even when this first charge is 0,
 * except for free prices, a PWYW amount of 0, or a 100 % forever discount.
 */
export function checkoutAmounts(input: {
  readonly amount: number;
  readonly productPrices: readonly PriceFacts[];
  readonly productIsRecurring: boolean;
  readonly discount: Pick<DiscountFacts, 'type' | 'amount' | 'basis_points' | 'duration'> | null;
  readonly hasTrial?: boolean;
}): CheckoutAmounts {
  const discount = input.discount === null ? 0 : discountAmount(input.discount, input.amount);
  const net = input.amount - discount;
  const tax = 0;
  const total = net + tax;
  const isFree = input.productPrices.length > 0 && input.productPrices.every((p) => p.amount_type === 'free');
  const hasMetered = input.productPrices.some((p) => p.amount_type === 'metered_unit');
  const fullForever =
    input.discount !== null &&
    input.discount.type === 'percentage' &&
    input.discount.duration === 'forever' &&
    input.discount.basis_points === 10_000;
  const paymentRequired = total > 0 && input.hasTrial !== true;
  const setupRequired =
    !isFree && !(input.amount === 0 && !hasMetered) && !fullForever && input.productIsRecurring;
  return {
    amount: input.amount,
    discount_amount: discount,
    net_amount: net,
    tax_amount: tax,
    total_amount: total,
    is_discount_applicable: input.productPrices.some(isDiscountablePrice),
    is_free_product_price: isFree,
    is_payment_required: paymentRequired,
    is_payment_setup_required: setupRequired,
    is_payment_form_required: paymentRequired || setupRequired,
  };
}

/**
 * Checkout statuses and their moves:
 * open -> confirmed (confirm) -> succeeded (payment ok) | open again (payment failed);
 * open -> expired once `expires_at` is past (cron or any update). Nothing leaves succeeded or expired.
 */
export type CheckoutStatus = 'open' | 'expired' | 'confirmed' | 'succeeded' | 'failed';

/** `CHECKOUT_TTL_SECONDS`: 24 h. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export const expiresAtFor = (createdAt: Date): Date => new Date(createdAt.getTime() + CHECKOUT_TTL_MS);

/** The provider's `is_expired`: past `expires_at`, whatever the status (public calls answer 410). */
export const isPastExpiry = (expiresAt: string, now: Date): boolean => new Date(expiresAt).getTime() < now.getTime();

/** Only open checkouts flip to `expired` (and send `checkout.expired`). */
export const shouldExpire = (checkout: { status: string; expires_at: string }, now: Date): boolean =>
  checkout.status === 'open' && isPastExpiry(checkout.expires_at, now);

export const expiredCheckoutError = (): ProviderFailure =>
  named(410, 'ExpiredCheckoutError', 'This checkout session has expired.');

export const notOpenCheckout = (id: string, status: string): ProviderFailure =>
  named(403, 'NotOpenCheckout', `Checkout ${id} is not open: ${status}`);

export const alreadyActiveSubscription = (): ProviderFailure =>
  named(403, 'AlreadyActiveSubscriptionError', 'You already have an active subscription.');

/** Updates and confirms need an open checkout. */
export function requireOpen(checkout: { id: string; status: string }): RuleResult<void> {
  return checkout.status === 'open' ? ok(undefined) : fail(notOpenCheckout(checkout.id, checkout.status));
}

/** Where a payment outcome moves a confirmed checkout (`handle_success` / `handle_failure`). */
export function afterPayment(status: string, succeeded: boolean): CheckoutStatus {
  if (status === 'expired' || status === 'succeeded' || status === 'failed') return status;
  return succeeded ? 'succeeded' : 'open';
}

/** `success_url` with `{CHECKOUT_ID}` filled in; the default is the hosted confirmation page. */
export function resolveSuccessUrl(successUrl: string | null, checkoutId: string, checkoutUrl: string): string {
  if (successUrl === null) return `${checkoutUrl}/confirmation`;
  return successUrl.split('{CHECKOUT_ID}').join(checkoutId);
}

interface Address {
  readonly country: string;
  readonly state?: string | null;
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly city?: string | null;
  readonly postal_code?: string | null;
}

export type FieldMode = 'required' | 'optional' | 'disabled';
export interface BillingAddressFields {
  readonly country: FieldMode;
  readonly state: FieldMode;
  readonly city: FieldMode;
  readonly postal_code: FieldMode;
  readonly line1: FieldMode;
  readonly line2: FieldMode;
}

/** Which address fields a checkout asks for (the provider's `billing_address_fields`). */
export function billingAddressFields(input: {
  readonly address: Address | null;
  readonly requireBillingAddress: boolean;
  readonly isBusinessCustomer: boolean;
}): BillingAddressFields {
  const country = input.address?.country ?? null;
  const full = input.requireBillingAddress || input.isBusinessCustomer || country === 'US';
  const onFull = (mode: FieldMode): FieldMode => (full ? mode : 'disabled');
  return {
    country: 'required',
    state: country === 'US' || country === 'CA' ? 'required' : onFull('optional'),
    line1: onFull('required'),
    line2: onFull('optional'),
    city: onFull('required'),
    postal_code: onFull('required'),
  };
}

export interface ConfirmFacts {
  readonly customerEmail: string | null;
  readonly customerKnown: boolean;
  readonly customerBillingName: string | null;
  readonly address: Address | null;
  readonly requireBillingAddress: boolean;
  readonly isBusinessCustomer: boolean;
  readonly isPaymentFormRequired: boolean;
  readonly confirmationTokenId: string | null;
}

const missing = (loc: readonly string[], msg = 'Field is required.'): ValidationItem => ({
  type: 'missing',
  loc: ['body', ...loc],
  msg,
  input: null,
});

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';

/**
 * The checks confirm runs after applying its update: e-mail unless a
 * customer is known; the billing address (as `billing_address_fields` requires it) when the payment
 * form is required; billing name for business customers; a confirmation token when the payment
 * form is required. All failures come back together, as one 422 list.
 */
export function confirmErrors(facts: ConfirmFacts): ValidationItem[] {
  const errors: ValidationItem[] = [];
  if (!facts.customerKnown && blank(facts.customerEmail)) errors.push(missing(['customer_email']));
  const fields = billingAddressFields({
    address: facts.address,
    requireBillingAddress: facts.requireBillingAddress,
    isBusinessCustomer: facts.isBusinessCustomer,
  });
  if (facts.isPaymentFormRequired || facts.requireBillingAddress || facts.isBusinessCustomer) {
    if (facts.address === null) {
      errors.push(missing(['customer_billing_address']));
    } else {
      for (const key of ['state', 'line1', 'city', 'postal_code'] as const) {
        if (fields[key] === 'required' && blank(facts.address[key])) errors.push(missing(['customer_billing_address', key]));
      }
    }
  }
  if (facts.isBusinessCustomer && blank(facts.customerBillingName)) errors.push(missing(['customer_billing_name']));
  if (facts.isPaymentFormRequired && blank(facts.confirmationTokenId)) {
    errors.push(missing(['confirmation_token_id'], 'Confirmation token is required.'));
  }
  return errors;
}

/** The provider's PaymentError wording: "The payment failed: <reason> Please try again with a different payment method." */
export const paymentErrorDetail = (reason: string): string =>
  `The payment failed: ${reason} Please try again with a different payment method.`;
