import { CREATED, DISCOUNT_ID, ORG_ID } from './ids.js';
import { productSummaryWire } from './products.js';

/** reference §3 "Discount": a repeating percentage discount. */
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
  metadata: { campaign: 'launch' },
  products: [productSummaryWire()],
  type: 'percentage',
  basis_points: 2000,
  duration: 'repeating',
  duration_in_months: 3,
  ...over,
});

/** The fixed-amount variant, once. */
export const fixedDiscountWire = (over: Record<string, unknown> = {}) => {
  const { duration_in_months: _m, basis_points: _b, ...rest } = discountWire();
  return { ...rest, duration: 'once', type: 'fixed', amount: 500, currency: 'usd', amounts: { usd: 500 }, ...over };
};
