import { CREATED, MODIFIED, ORG_ID, PRICE_ID, PRODUCT_ID } from './ids.js';

export const fixedPriceWire = (over: Record<string, unknown> = {}) => ({
  id: PRICE_ID,
  created_at: CREATED,
  modified_at: null,
  source: 'catalog',
  amount_type: 'fixed',
  price_currency: 'usd',
  tax_behavior: null,
  is_archived: false,
  product_id: PRODUCT_ID,
  price_amount: 1900,
  type: 'recurring',
  recurring_interval: 'month',
  ...over,
});

export const productCoreWire = (over: Record<string, unknown> = {}) => ({
  id: PRODUCT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  name: 'Ensemble Pro',
  description: 'Every model side by side, 2,000 credits a month.',
  visibility: 'public',
  recurring_interval: 'month',
  recurring_interval_count: 1,
  trial_interval: null,
  trial_interval_count: null,
  is_recurring: true,
  is_archived: false,
  organization_id: ORG_ID,
  ...over,
});

export const productWire = (over: Record<string, unknown> = {}) => ({
  ...productCoreWire(),
  metadata: { plan: 'pro', credits: 2000 },
  prices: [fixedPriceWire()],
  benefits: [],
  medias: [],
  attached_custom_fields: [],
  ...over,
});
