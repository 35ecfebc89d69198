import type { SandboxContext } from '../../engine/context.js';
import type { DiscountRecord } from '../../engine/records.js';

/** Live discounts of an organization (the candidates a checkout may apply). */
export const liveDiscounts = (ctx: SandboxContext, organizationId: string): DiscountRecord[] =>
  ctx.db.discounts.byIndex('org', organizationId).filter((d) => d.deleted_at === null);

/** Counts one redemption; call inside the transaction that applies the discount. */
export function redeemDiscount(ctx: SandboxContext, discountId: string): DiscountRecord {
  return ctx.db.discounts.update(discountId, (d) => ({ ...d, redemptions_count: d.redemptions_count + 1 }));
}
