import { discountWire } from './discounts.js';
import { CHECKOUT_LINK_ID, CREATED, ORG_ID } from './ids.js';
import { checkoutProductWire } from './products.js';

/** A link embeds its discount in full, less the discount's products. */
const linkDiscountWire = () => {
  const { products: _products, ...rest } = discountWire();
  return rest;
};

/** reference §3 "CheckoutLink". */
export const checkoutLinkWire = (over: Record<string, unknown> = {}) => ({
  id: CHECKOUT_LINK_ID,
  created_at: CREATED,
  modified_at: null,
  metadata: { campaign: 'spring' },
  payment_processor: 'stripe',
  client_secret: 'polar_cl_Hg5Fd3Sa1Qw9Er7Ty5Ui3Op1As9Df7Gh5Jk3Lz',
  success_url: 'https://ensemble.example/subscribe?checkout=success',
  return_url: null,
  label: 'Spring promo',
  allow_discount_codes: true,
  require_billing_address: false,
  discount_id: null,
  organization_id: ORG_ID,
  trial_interval: null,
  trial_interval_count: null,
  products: [{ ...checkoutProductWire(), metadata: { plan_key: 'pro' } }],
  discount: linkDiscountWire(),
  url: 'https://sandbox-api.polar.sh/v1/checkout-links/polar_cl_Hg5Fd3Sa1Qw9Er7Ty5Ui3Op1As9Df7Gh5Jk3Lz/redirect',
  ...over,
});
