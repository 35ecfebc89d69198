import { USER_ID } from './customers.js';
import { discountWire } from './discounts.js';
import { CHECKOUT_ID, CREATED, DISCOUNT_ID, ORG_ID, PRODUCT_ID } from './ids.js';
import { customerOrganizationWire } from './organizations.js';
import { checkoutProductWire, fixedPriceWire } from './products.js';

export const CLIENT_SECRET = 'polar_c_Zx8Cv6Bn4Mq2Wr0Et9Yu7Io5Pa3Sd1Fg2Hj4Kl6';

/** The discount as checkouts embed it: its terms only. */
export const checkoutDiscountWire = () => {
  const { id, name, code, type, basis_points, duration, duration_in_months } = discountWire();
  return { id, name, code, type, basis_points, duration, duration_in_months };
};

/** The public view (reference §3 "CheckoutPublic"). */
export const checkoutPublicWire = (over: Record<string, unknown> = {}) => ({
  id: CHECKOUT_ID,
  created_at: CREATED,
  modified_at: null,
  custom_field_data: {},
  payment_processor: 'stripe',
  status: 'open',
  client_secret: CLIENT_SECRET,
  url: `https://sandbox.polar.sh/checkout/${CLIENT_SECRET}`,
  expires_at: '2026-03-02T10:15:30.123456Z',
  success_url: 'https://ensemble.example/subscribe?checkout=success',
  return_url: null,
  embed_origin: null,
  amount: 2500,
  discount_amount: 500,
  net_amount: 2000,
  tax_amount: null,
  tax_behavior: null,
  total_amount: 2000,
  currency: 'usd',
  allow_trial: null,
  active_trial_interval: null,
  active_trial_interval_count: null,
  trial_end: null,
  organization_id: ORG_ID,
  product_id: PRODUCT_ID,
  product_price_id: fixedPriceWire().id,
  discount_id: DISCOUNT_ID,
  allow_discount_codes: true,
  require_billing_address: false,
  is_discount_applicable: true,
  is_free_product_price: false,
  is_payment_required: true,
  is_payment_setup_required: true,
  is_payment_form_required: true,
  customer_id: null,
  is_business_customer: false,
  customer_name: null,
  customer_email: 'ada@example.com',
  customer_ip_address: null,
  customer_billing_name: null,
  customer_billing_address: null,
  customer_tax_id: null,
  payment_processor_metadata: { publishable_key: 'pk_test_51Hx' },
  billing_address_fields: {
    country: 'required',
    state: 'disabled',
    city: 'optional',
    postal_code: 'optional',
    line1: 'optional',
    line2: 'disabled',
  },
  products: [checkoutProductWire()],
  product: checkoutProductWire(),
  product_price: fixedPriceWire(),
  prices: { [PRODUCT_ID]: [fixedPriceWire()] },
  discount: checkoutDiscountWire(),
  attached_custom_fields: [],
  organization: customerOrganizationWire({ proration_behavior: 'invoice' }),
  ...over,
});

/** The seller view: no organization, plus seller-only fields. */
export const checkoutWire = (over: Record<string, unknown> = {}) => {
  const { organization: _o, ...rest } = checkoutPublicWire();
  return {
    ...rest,
    metadata: { source: 'subscribe_page' },
    customer_metadata: {},
    external_customer_id: USER_ID,
    subscription_id: null,
    trial_interval: null,
    trial_interval_count: null,
    ...over,
  };
};
