import type { SandboxContext } from '../engine/context.js';
import type { DiscountRecord } from '../engine/records.js';

/**
 * Discount rules the checkout flow uses (extension point for the checkout helper): whether a
 * discount can be redeemed now for a product, how much it takes off, and counting a redemption.
 */
export function isDiscountRedeemable(discount: DiscountRecord, productId: string | null, now: Date): boolean {
  if (discount.deleted_at !== null) return false;
  if (discount.starts_at !== null && Date.parse(discount.starts_at) > now.getTime()) return false;
  if (discount.ends_at !== null && Date.parse(discount.ends_at) <= now.getTime()) return false;
  if (discount.max_redemptions !== null && discount.redemptions_count >= discount.max_redemptions) return false;
  if (discount.product_ids.length > 0 && (productId === null || !discount.product_ids.includes(productId))) return false;
  return true;
}

/** The amount taken off `amount` (minor units); never more than the amount itself. */
export function discountAmount(discount: DiscountRecord, amount: number, currency: string): number {
  if (discount.type === 'percentage') return Math.min(amount, Math.round((amount * (discount.basis_points ?? 0)) / 10_000));
  if ((discount.currency ?? 'usd') !== currency) return 0;
  return Math.min(amount, discount.amount ?? 0);
}

/** A live discount of the organization by code (case-insensitive), or undefined. */
export function discountByCode(ctx: SandboxContext, organizationId: string, code: string): DiscountRecord | undefined {
  return ctx.db.discounts.oneByIndex('code', `${organizationId}|${code.toLowerCase()}`);
}

/** Counts one redemption; call inside the transaction that applies the discount. */
export function redeemDiscount(ctx: SandboxContext, discountId: string): DiscountRecord {
  return ctx.db.discounts.update(discountId, (d) => ({ ...d, redemptions_count: d.redemptions_count + 1 }));
}
