import type { SandboxContext } from '../../engine/context.js';
import type { DiscountRecord, ProductRecord } from '../../engine/records.js';
import { productSummaryWire } from '../products/wire.js';

/** Seller view of a discount, with the products it is limited to. */
export function discountWire(ctx: SandboxContext, d: DiscountRecord) {
  const products = d.product_ids.map((id) => ctx.db.products.get(id)).filter((p): p is ProductRecord => p !== undefined);
  return {
    id: d.id, created_at: d.created_at, modified_at: d.modified_at, name: d.name, code: d.code,
    starts_at: d.starts_at, ends_at: d.ends_at, max_redemptions: d.max_redemptions, redemptions_count: d.redemptions_count,
    organization_id: d.organization_id, metadata: d.metadata, products: products.map(productSummaryWire),
    duration: d.duration,
    ...(d.duration === 'repeating' ? { duration_in_months: d.duration_in_months ?? 1 } : {}),
    type: d.type,
    ...(d.type === 'fixed'
      ? { amount: d.amount ?? 0, currency: d.currency ?? 'usd', amounts: { [d.currency ?? 'usd']: d.amount ?? 0 } }
      : { basis_points: d.basis_points ?? 0 }),
  };
}
