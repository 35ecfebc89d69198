import { CREATED, DISCOUNT_ID, ORG_ID } from './ids.js';
import { productCoreWire } from './products.js';

export const percentageDiscountWire = (over: Record<string, unknown> = {}) => ({
  id: DISCOUNT_ID,
  created_at: CREATED,
  modified_at: null,
  duration: 'repeating',
  duration_in_months: 3,
  type: 'percentage',
  basis_points: 2500,
  name: 'Launch 25%',
  code: 'LAUNCH25',
  starts_at: null,
  ends_at: '2026-06-30T23:59:59Z',
  max_redemptions: 500,
  redemptions_count: 42,
  organization_id: ORG_ID,
  metadata: { campaign: 'launch' },
  products: [{ ...productCoreWire(), metadata: {} }],
  ...over,
});

export const fixedDiscountWire = (over: Record<string, unknown> = {}) => {
  const { duration_in_months: _m, basis_points: _b, ...rest } = percentageDiscountWire();
  return { ...rest, duration: 'once', type: 'fixed', amount: 500, currency: 'usd', amounts: { usd: 500 }, ...over };
};
