import { discountAmount, type DiscountFacts } from '../resources/discounts/rules.js';
import { invalid, type RuleResult, type ValidationItem } from './provider-failure.js';
import { fail, ok } from '../../../../core/shared/result.js';

/** The price facts the amount rules read (a subset of the wire ProductPrice, reference §3). */
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
 * Derived money fields of a checkout (reference §3-§4, the provider's Checkout model): tax is always 0
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
