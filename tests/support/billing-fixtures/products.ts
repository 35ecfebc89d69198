import { benefitWire } from './benefits.js';
import { CREATED, METER_ID, MODIFIED, ORG_ID, PRICE_ID, PRODUCT_ID } from './ids.js';

/** reference §3 "ProductPrice": a fixed monthly price. */
export const fixedPriceWire = (over: Record<string, unknown> = {}) => ({
  id: PRICE_ID,
  created_at: CREATED,
  modified_at: null,
  amount_type: 'fixed',
  is_archived: false,
  product_id: PRODUCT_ID,
  source: 'catalog',
  price_currency: 'usd',
  tax_behavior: null,
  price_amount: 2500,
  // deprecated fields the server still sends on new prices; the client drops them
  type: 'recurring',
  recurring_interval: 'month',
  ...over,
});

export const meteredPriceWire = () => ({
  ...fixedPriceWire({ id: 'a9d8e7f6-a5b4-4c3d-8e2f-1a0b9c8d7e60', amount_type: 'metered_unit' }),
  price_amount: undefined,
  unit_amount: '0.05',
  cap_amount: null,
  meter_id: METER_ID,
  meter: { id: METER_ID, name: 'Model tokens' },
});

/** A legacy recurring price (`legacy: true`, archived). */
export const legacyPriceWire = () => ({
  id: 'b9d8e7f6-a5b4-4c3d-8e2f-1a0b9c8d7e61',
  created_at: CREATED,
  modified_at: MODIFIED,
  amount_type: 'fixed',
  is_archived: true,
  product_id: PRODUCT_ID,
  source: 'catalog',
  price_currency: 'usd',
  tax_behavior: null,
  price_amount: 1900,
  type: 'recurring',
  recurring_interval: 'month',
  legacy: true,
});

/** The fields every product view shares. */
export const productCoreWire = (over: Record<string, unknown> = {}) => ({
  id: PRODUCT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  trial_interval: null,
  trial_interval_count: null,
  name: 'Ensemble Pro',
  description: 'Every model, side by side.',
  visibility: 'public',
  recurring_interval: 'month',
  recurring_interval_count: 1,
  is_recurring: true,
  is_archived: false,
  organization_id: ORG_ID,
  ...over,
});

/** reference §3 "Product" (seller view): a current and a legacy price, one benefit. */
export const productWire = (over: Record<string, unknown> = {}) => ({
  ...productCoreWire(),
  metadata: { plan_key: 'pro' },
  prices: [fixedPriceWire(), legacyPriceWire()],
  benefits: [benefitWire()],
  medias: [],
  attached_custom_fields: [],
  ...over,
});

/** The product as discounts and orders embed it: no prices, benefits nor medias. */
export const productSummaryWire = (over: Record<string, unknown> = {}) => {
  const { prices: _p, benefits: _b, medias: _m, attached_custom_fields: _a, ...rest } = productWire();
  return { ...rest, ...over };
};

/** The product as checkouts and the customer portal show it: public benefits, no metadata. */
export const checkoutProductWire = (over: Record<string, unknown> = {}) => {
  const { metadata: _m, attached_custom_fields: _a, ...rest } = productWire();
  return {
    ...rest,
    benefits: rest.benefits.map(({ metadata: _bm, properties: _bp, ...b }) => b),
    ...over,
  };
};
