import type { SandboxContext } from '../../engine/context.js';
import type { DiscountRecord, ProductRecord } from '../../engine/records.js';
import { discountWire } from '../discounts/wire.js';
import { checkoutProductWire } from '../products/wire.js';
import type { CheckoutLinkRecord } from './records.js';

function linkDiscountWire(ctx: SandboxContext, d: DiscountRecord) {
  const { products: _products, ...rest } = discountWire(ctx, d);
  return rest;
}

export function checkoutLinkWire(ctx: SandboxContext, l: CheckoutLinkRecord) {
  const products = l.product_ids.map((id) => ctx.db.products.get(id)).filter((p): p is ProductRecord => p !== undefined);
  const discount = l.discount_id === null ? undefined : ctx.db.discounts.get(l.discount_id);
  return {
    id: l.id, created_at: l.created_at, modified_at: l.modified_at, metadata: l.metadata, payment_processor: 'stripe',
    client_secret: l.client_secret, success_url: l.success_url, return_url: null, label: l.label,
    allow_discount_codes: l.allow_discount_codes, require_billing_address: l.require_billing_address,
    discount_id: l.discount_id, organization_id: l.organization_id, trial_interval: null, trial_interval_count: null,
    // A link embeds its products with their metadata and its discount in full, less the discount's products (SDK `CheckoutLink`).
    products: products.map((p) => ({ ...checkoutProductWire(ctx, p), metadata: p.metadata })),
    discount: discount === undefined ? null : linkDiscountWire(ctx, discount),
    url: `${ctx.publicUrl}/v1/checkout-links/${l.client_secret}/redirect`,
  };
}
