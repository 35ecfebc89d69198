import { fail, ok } from '../../domain/result.js';
import { bodyError, invalid, type RuleResult } from '../../domain/provider-failure.js';

/** The discount facts the rules need (a subset of the wire Discount). */
export interface DiscountFacts {
  readonly id: string;
  readonly code: string | null;
  readonly type: string;
  readonly duration: string;
  readonly duration_in_months?: number | null;
  readonly amount?: number | null;
  readonly basis_points?: number | null;
  readonly starts_at: string | null;
  readonly ends_at: string | null;
  readonly max_redemptions: number | null;
  readonly redemptions_count: number;
  readonly product_ids: readonly string[];
}

export interface ProductFacts {
  readonly id: string;
  readonly is_recurring: boolean;
  readonly recurring_interval: string | null;
}

/** Amount taken off `amount` (minor units): fixed is capped at the amount, percentage rounds half up. */
export function discountAmount(discount: Pick<DiscountFacts, 'type' | 'amount' | 'basis_points'>, amount: number): number {
  if (amount <= 0) return 0;
  if (discount.type === 'fixed') return Math.min(discount.amount ?? 0, amount);
  const raw = (amount * (discount.basis_points ?? 0)) / 10_000;
  return Math.min(amount, Math.floor(raw + 0.5));
}

/** Within its date window and below its redemption limit. */
export function isRedeemable(discount: DiscountFacts, now: Date): boolean {
  if (discount.starts_at !== null && new Date(discount.starts_at) > now) return false;
  if (discount.ends_at !== null && new Date(discount.ends_at) <= now) return false;
  if (discount.max_redemptions !== null && discount.redemptions_count >= discount.max_redemptions) return false;
  return true;
}

/** A discount without products applies to every product of its organization. */
export const appliesToProduct = (discount: DiscountFacts, productId: string): boolean =>
  discount.product_ids.length === 0 || discount.product_ids.includes(productId);

/** Not deleted, redeemable now, and covering the product (none given: only a discount without products). */
export function isRedeemableFor(discount: DiscountFacts & { readonly deleted_at: string | null }, productId: string | null, now: Date): boolean {
  if (discount.deleted_at !== null || !isRedeemable(discount, now)) return false;
  return productId === null ? discount.product_ids.length === 0 : appliesToProduct(discount, productId);
}

export type DiscountLookup = { readonly discountId: string } | { readonly discountCode: string };

/**
 * Picks and checks a discount for a checkout the way the provider's `_get_validated_discount` does:
 * the product must have a discountable price, the discount must exist for the product (by id, or by
 * code among redeemable ones), and a repeating discount never applies to a one-time product.
 */
export function validateCheckoutDiscount(
  candidates: readonly DiscountFacts[],
  product: ProductFacts,
  productHasDiscountablePrice: boolean,
  lookup: DiscountLookup,
  now: Date,
): RuleResult<DiscountFacts> {
  const loc = 'discountId' in lookup ? 'discount_id' : 'discount_code';
  const input = 'discountId' in lookup ? lookup.discountId : lookup.discountCode;
  if (!productHasDiscountablePrice) {
    return fail(invalid(bodyError(loc, 'Discounts are not applicable to this product.', input)));
  }
  const found =
    'discountId' in lookup
      ? candidates.find((d) => d.id === lookup.discountId && appliesToProduct(d, product.id))
      : candidates.find(
          (d) =>
            d.code !== null &&
            d.code.toLowerCase() === lookup.discountCode.toLowerCase() &&
            isRedeemable(d, now) &&
            appliesToProduct(d, product.id),
        );
  if (found === undefined) return fail(invalid(bodyError(loc, 'Discount does not exist.', input)));
  if (product.recurring_interval === null && !product.is_recurring && found.duration === 'repeating') {
    return fail(invalid(bodyError(loc, 'Discount is not applicable to this product.', input)));
  }
  return ok(found);
}

/**
 * Whether a subscription's discount still applies to the cycle starting at `periodStart`:
 * `once` only for the first cycle, `forever` always, `repeating` for `duration_in_months` months.
 */
export function appliesToCycle(
  discount: Pick<DiscountFacts, 'duration' | 'duration_in_months'>,
  startedAt: Date,
  periodStart: Date,
): boolean {
  if (discount.duration === 'forever') return true;
  if (discount.duration === 'once') return periodStart.getTime() <= startedAt.getTime();
  const months = discount.duration_in_months ?? 0;
  const lastCovered = new Date(startedAt);
  lastCovered.setUTCMonth(lastCovered.getUTCMonth() + Math.max(0, months - 1));
  return periodStart.getTime() <= lastCovered.getTime();
}
