import type { SandboxContext } from '../../engine/context.js';
import type { BenefitRecord, PriceRecord, ProductRecord } from '../../engine/records.js';

/** The product's current (non-archived) prices, in their order. */
export function currentPrices(ctx: SandboxContext, product: ProductRecord): PriceRecord[] {
  return product.price_ids.map((id) => ctx.db.prices.get(id)).filter((p): p is PriceRecord => p !== undefined && !p.is_archived);
}

export function productBenefits(ctx: SandboxContext, product: ProductRecord): BenefitRecord[] {
  return product.benefit_ids.map((id) => ctx.db.benefits.get(id)).filter((b): b is BenefitRecord => b !== undefined && !b.is_deleted);
}
