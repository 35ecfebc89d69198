import type { SandboxContext } from '../engine/context.js';
import { productExtras } from '../engine/hooks.js';
import type { BenefitRecord, PriceRecord, ProductRecord } from '../engine/records.js';

/** Wire views of benefits, prices and products (reference §3 "Product", "ProductPrice", "Benefit"). */
export function benefitWire(b: BenefitRecord) {
  return {
    id: b.id, created_at: b.created_at, modified_at: b.modified_at, type: b.type, description: b.description,
    selectable: b.selectable, deletable: b.deletable, is_deleted: b.is_deleted, organization_id: b.organization_id,
    metadata: b.metadata, properties: b.properties,
  };
}

/** Benefits as embedded in checkouts and the portal: no properties nor metadata. */
export function benefitPublicWire(b: BenefitRecord) {
  return {
    id: b.id, created_at: b.created_at, modified_at: b.modified_at, type: b.type, description: b.description,
    selectable: b.selectable, deletable: b.deletable, is_deleted: b.is_deleted, organization_id: b.organization_id,
  };
}

export function priceWire(ctx: SandboxContext, p: PriceRecord, product: ProductRecord) {
  const common = {
    id: p.id, created_at: p.created_at, modified_at: p.modified_at, source: 'catalog', amount_type: p.amount_type,
    price_currency: p.price_currency, is_archived: p.is_archived, product_id: p.product_id, tax_behavior: null,
    // deprecated, still serialized by the server (reference §3)
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

/** The product's current (non-archived) prices, in their order. */
export function currentPrices(ctx: SandboxContext, product: ProductRecord): PriceRecord[] {
  return product.price_ids.map((id) => ctx.db.prices.get(id)).filter((p): p is PriceRecord => p !== undefined && !p.is_archived);
}

export function productBenefits(ctx: SandboxContext, product: ProductRecord): BenefitRecord[] {
  return product.benefit_ids.map((id) => ctx.db.benefits.get(id)).filter((b): b is BenefitRecord => b !== undefined && !b.is_deleted);
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
