import { customerWire, USER_ID } from './customers.js';
import { discountWire } from './discounts.js';
import { CHECKOUT_ID, CREATED, CUSTOMER_ID, DISCOUNT_ID, METER_ID, MODIFIED, PRODUCT_ID, SUBSCRIPTION_ID } from './ids.js';
import { meterWire } from './meters.js';
import { customerOrganizationWire } from './organizations.js';
import { checkoutProductWire, fixedPriceWire, productWire } from './products.js';

/** The subscription's own fields, as every view shares them (20% off the 25.00 price). */
export const subscriptionCoreWire = (over: Record<string, unknown> = {}) => ({
  id: SUBSCRIPTION_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  amount: 2000,
  currency: 'usd',
  recurring_interval: 'month',
  recurring_interval_count: 1,
  status: 'active',
  current_period_start: '2026-03-01T10:15:30Z',
  current_period_end: '2026-04-01T10:15:30Z',
  trial_start: null,
  trial_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  started_at: '2026-03-01T10:15:30Z',
  ends_at: null,
  ended_at: null,
  customer_id: CUSTOMER_ID,
  product_id: PRODUCT_ID,
  discount_id: DISCOUNT_ID,
  checkout_id: CHECKOUT_ID,
  customer_cancellation_reason: null,
  customer_cancellation_comment: null,
  ...over,
});

export const subscriptionMeterWire = () => ({
  id: 'a1a1a1a1-b2b2-4c3c-8d4d-e5e5e5e5e5e5',
  created_at: CREATED,
  modified_at: null,
  consumed_units: 1250.5,
  credited_units: 2000,
  amount: 0,
  meter_id: METER_ID,
  meter: meterWire({ name: 'Model credits' }),
});

/** reference §3 "Subscription" (seller view). */
export const subscriptionWire = (over: Record<string, unknown> = {}) => ({
  ...subscriptionCoreWire(),
  metadata: { user_id: USER_ID },
  custom_field_data: { team_size: 'solo' },
  customer: customerWire(),
  product: productWire(),
  discount: discountWire(),
  prices: [fixedPriceWire()],
  meters: [subscriptionMeterWire()],
  pending_update: null,
  ...over,
});

/** The customer portal's view: no seller fields; the product carries its organization; meters name their meter only. */
export const customerSubscriptionWire = (over: Record<string, unknown> = {}) => {
  const { meter, ...meterRow } = subscriptionMeterWire();
  return {
    ...subscriptionCoreWire(),
    product: checkoutProductWire({ organization: customerOrganizationWire() }),
    prices: [fixedPriceWire()],
    meters: [{ ...meterRow, meter: { id: meter.id, created_at: meter.created_at, modified_at: meter.modified_at, name: meter.name } }],
    pending_update: null,
    ...over,
  };
};
