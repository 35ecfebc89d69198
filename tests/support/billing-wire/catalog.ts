import { BENEFIT_ID, CREATED, DISCOUNT_ID, METER_ID, MODIFIED, ORG_ID, PRICE_ID, PRODUCT_ID } from '../billing-fixtures/ids.js';

/** Realistic wire (snake_case) answers for products, prices, benefits and discounts (reference §3). */
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

export const legacyPriceWire = () => ({
  id: 'b9d8e7f6-a5b4-4c3d-8e2f-1a0b9c8d7e61',
  created_at: CREATED,
  modified_at: MODIFIED,
  amount_type: 'fixed',
  is_archived: true,
  product_id: PRODUCT_ID,
  price_currency: 'usd',
  price_amount: 1900,
  type: 'recurring',
  recurring_interval: 'month',
  legacy: true,
});

export const benefitWire = (over: Record<string, unknown> = {}) => ({
  id: BENEFIT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  type: 'meter_credit',
  description: '1,000 monthly credits',
  selectable: true,
  deletable: true,
  is_deleted: false,
  organization_id: ORG_ID,
  metadata: { credits_plan: 'pro', Tier_Level: 2 },
  properties: { units: 1000, rollover: false, meter_id: METER_ID },
  ...over,
});

export const productWire = (over: Record<string, unknown> = {}) => ({
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
  metadata: { plan_key: 'pro' },
  prices: [fixedPriceWire(), legacyPriceWire()],
  benefits: [benefitWire()],
  medias: [],
  attached_custom_fields: [],
  ...over,
});

export const productSummaryWire = () => {
  const { prices: _p, benefits: _b, medias: _m, attached_custom_fields: _a, ...rest } = productWire();
  return rest;
};

export const discountWire = (over: Record<string, unknown> = {}) => ({
  id: DISCOUNT_ID,
  created_at: CREATED,
  modified_at: null,
  name: 'Launch 20%',
  code: 'LAUNCH20',
  starts_at: null,
  ends_at: '2026-12-31T23:59:59Z',
  max_redemptions: 500,
  redemptions_count: 42,
  organization_id: ORG_ID,
  metadata: {},
  products: [productSummaryWire()],
  type: 'percentage',
  basis_points: 2000,
  duration: 'repeating',
  duration_in_months: 3,
  ...over,
});
