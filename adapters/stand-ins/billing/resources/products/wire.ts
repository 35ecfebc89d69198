import type { SandboxContext } from '../../engine/context.js';
import { productExtras } from '../../engine/hooks.js';
import type { PriceRecord, ProductRecord } from '../../engine/records.js';
import { benefitPublicWire, benefitWire } from '../benefits/wire.js';
import { currentPrices, productBenefits } from './service.js';

/** Wire views of prices and products (seller view, summaries and the view checkouts embed). */
export function priceWire(ctx: SandboxContext, p: PriceRecord, product: ProductRecord) {
  const common = {
    id: p.id, created_at: p.created_at, modified_at: p.modified_at, source: 'catalog', amount_type: p.amount_type,
    price_currency: p.price_currency, is_archived: p.is_archived, product_id: p.product_id, tax_behavior: null,
    // deprecated, still serialized by the server
    type: product.recurring_interval === null ? 'one_time' : 'recurring',
    recurring_interval: product.recurring_interval,
  };
  switch (p.amount_type) {
    case 'fixed':
      return { ...common, price_amount: p.price_amount ?? 0 };
    case 'custom':
      return { ...common, minimum_amount: p.minimum_amount ?? 50, maximum_amount: p.maximum_amount ?? null, preset_amount: p.preset_amount ?? null };
    case 'free':
      return common;
    case 'metered_unit': {
      const meter = p.meter_id === undefined ? undefined : ctx.db.meters.get(p.meter_id);
      return {
        ...common, unit_amount: p.unit_amount ?? '0', cap_amount: p.cap_amount ?? null, meter_id: p.meter_id ?? '',
        meter: { id: meter?.id ?? p.meter_id ?? '', name: meter?.name ?? '', unit: meter?.unit ?? 'scalar' },
      };
    }
  }
}

function productCoreWire(product: ProductRecord) {
  return {
    id: product.id, created_at: product.created_at, modified_at: product.modified_at, name: product.name,
    description: product.description, visibility: 'public', recurring_interval: product.recurring_interval,
    recurring_interval_count: product.recurring_interval_count, trial_interval: null, trial_interval_count: null,
    is_recurring: product.recurring_interval !== null, is_archived: product.is_archived, organization_id: product.organization_id,
  };
}

/** The full seller view. */
export function productWire(ctx: SandboxContext, product: ProductRecord) {
  return {
    ...productCoreWire(product),
    metadata: product.metadata,
    prices: currentPrices(ctx, product).map((p) => priceWire(ctx, p, product)),
    benefits: productBenefits(ctx, product).map(benefitWire),
    ...productExtras(ctx, product),
  };
}

/** As embedded in discounts: no prices, benefits nor medias. */
export function productSummaryWire(product: ProductRecord) {
  return { ...productCoreWire(product), metadata: product.metadata };
}

/** As embedded in checkouts, checkout links and the portal: public benefits, no metadata. */
export function checkoutProductWire(ctx: SandboxContext, product: ProductRecord) {
  return {
    ...productCoreWire(product),
    prices: currentPrices(ctx, product).map((p) => priceWire(ctx, p, product)),
    benefits: productBenefits(ctx, product).map(benefitPublicWire),
    medias: productExtras(ctx, product).medias,
  };
}
