import type { SandboxContext } from '../../engine/context.js';
import type { PriceRecord, ProductRecord } from '../../engine/records.js';
import { customerWire } from '../customers/wire.js';
import { discountWire } from '../discounts/wire.js';
import { customerOrganizationWire } from '../portal/wire.js';
import { checkoutProductWire, priceWire, productWire } from '../products/wire.js';
import type { SubscriptionRecord } from './records.js';

/** The subscription's own fields (as orders embed it). */
export function subscriptionCoreWire(s: SubscriptionRecord) {
  return {
    id: s.id, created_at: s.created_at, modified_at: s.modified_at, amount: s.amount, currency: s.currency,
    recurring_interval: s.recurring_interval, recurring_interval_count: s.recurring_interval_count, status: s.status,
    current_period_start: s.current_period_start, current_period_end: s.current_period_end,
    trial_start: s.trial_start, trial_end: s.trial_end, cancel_at_period_end: s.cancel_at_period_end,
    canceled_at: s.canceled_at, started_at: s.started_at, ends_at: s.ends_at, ended_at: s.ended_at,
    customer_id: s.customer_id, product_id: s.product_id, discount_id: s.discount_id, checkout_id: s.checkout_id,
    seats: null, customer_cancellation_reason: s.customer_cancellation_reason,
    customer_cancellation_comment: s.customer_cancellation_comment, metadata: s.metadata, custom_field_data: s.custom_field_data,
  };
}

function pricesOf(ctx: SandboxContext, s: SubscriptionRecord, product: ProductRecord) {
  return s.price_ids
    .map((id) => ctx.db.prices.get(id))
    .filter((p): p is PriceRecord => p !== undefined)
    .map((p) => priceWire(ctx, p, product));
}

function productOf(ctx: SandboxContext, s: SubscriptionRecord): ProductRecord {
  const product = ctx.db.products.get(s.product_id);
  if (product === undefined) throw new Error(`subscription ${s.id} lost its product`);
  return product;
}

const pendingUpdateWire = (s: SubscriptionRecord) =>
  s.pending_update === null
    ? null
    : { ...s.pending_update, modified_at: null, product_id: s.pending_update.product_id, seats: null };

/** Seller view of a subscription. */
export function subscriptionWire(ctx: SandboxContext, s: SubscriptionRecord) {
  const product = productOf(ctx, s);
  const customer = ctx.db.customers.get(s.customer_id);
  if (customer === undefined) throw new Error(`subscription ${s.id} lost its customer`);
  const discount = s.discount_id === null ? undefined : ctx.db.discounts.get(s.discount_id);
  return {
    ...subscriptionCoreWire(s),
    customer: customerWire(customer),
    product: productWire(ctx, product),
    discount: discount === undefined ? null : discountWire(ctx, discount),
    prices: pricesOf(ctx, s, product),
    meters: [],
    pending_update: pendingUpdateWire(s),
  };
}

/** Customer-portal view: no seller fields; the product carries its organization. */
export function customerSubscriptionWire(ctx: SandboxContext, s: SubscriptionRecord) {
  const product = productOf(ctx, s);
  const org = ctx.db.organizations.get(s.organization_id);
  if (org === undefined) throw new Error(`subscription ${s.id} lost its organization`);
  const { metadata: _metadata, custom_field_data: _custom, ...core } = subscriptionCoreWire(s);
  return {
    ...core,
    product: { ...checkoutProductWire(ctx, product), organization: customerOrganizationWire(org) },
    prices: pricesOf(ctx, s, product),
    meters: [],
    pending_update: pendingUpdateWire(s),
  };
}
