import type { SandboxContext } from '../../engine/context.js';
import { fieldError, namedError, orThrow } from '../../engine/errors.js';
import { isUuid, newId } from '../../engine/ids.js';
import type { CustomerRecord, Metadata, OrganizationRecord } from '../../engine/records.js';
import { addInterval, type RecurringInterval } from '../../domain/billing-period.js';
import { grantBenefits } from '../benefits/service.js';
import { initialAmount, staticPrice } from '../checkouts/rules.js';
import { customerByExternalId } from '../customers/service.js';
import { isRedeemableFor } from '../discounts/rules.js';
import { recordPaidOrder } from '../orders/service.js';
import { currentPrices } from '../products/service.js';
import type { SubscriptionRecord } from './records.js';
import { alreadyCanceled, cancelAtPeriodEnd, checkProrationBehavior, hasEnded, prorationLines, revoke, uncancel, type CancelInput } from './rules.js';
import { saveSubscription } from './save.js';

export function cancelSubscription(ctx: SandboxContext, s: SubscriptionRecord, input: CancelInput): SubscriptionRecord {
  const patch = orThrow(cancelAtPeriodEnd(s, ctx.clock.now(), input));
  return ctx.store.transaction(() => saveSubscription(ctx, { ...s, ...patch }, 'canceled'));
}

export function uncancelSubscription(ctx: SandboxContext, s: SubscriptionRecord): SubscriptionRecord {
  const patch = orThrow(uncancel(s));
  return ctx.store.transaction(() => saveSubscription(ctx, { ...s, ...patch }, 'uncanceled'));
}

export function revokeSubscription(ctx: SandboxContext, s: SubscriptionRecord, input: CancelInput = {}): SubscriptionRecord {
  const patch = orThrow(revoke(s, ctx.clock.now(), input));
  const skip = s.canceled_at !== null ? ['subscription.canceled'] : [];
  return ctx.store.transaction(() => saveSubscription(ctx, { ...s, ...patch }, 'revoked', { skip }));
}

/** Sets or clears the subscription's discount (a live discount of the organization that covers its product). */
export function changeDiscount(ctx: SandboxContext, s: SubscriptionRecord, discountId: string | null): SubscriptionRecord {
  if (hasEnded(s)) orThrow({ success: false, error: alreadyCanceled() });
  let next: string | null = null;
  if (discountId !== null) {
    const d = isUuid(discountId) ? ctx.db.discounts.get(discountId.toLowerCase()) : undefined;
    if (d === undefined || d.organization_id !== s.organization_id || !isRedeemableFor(d, s.product_id, ctx.clock.now())) {
      throw fieldError(['body', 'discount_id'], 'Discount does not exist.', discountId);
    }
    next = d.id;
  }
  return ctx.store.transaction(() => saveSubscription(ctx, { ...s, discount_id: next }, 'updated'));
}

/**
 * Plan change: `invoice` bills the prorated difference now in a `subscription_update`
 * order, `prorate` carries it to the next renewal, `next_period` switches at the period end, and
 * `reset` is refused (422, feature flag off).
 */
export function changePlan(
  ctx: SandboxContext,
  org: OrganizationRecord,
  s: SubscriptionRecord,
  input: { product_id: string; proration_behavior?: string | null; discount_id?: string | null; metadata?: Record<string, string | number | boolean> | null },
): SubscriptionRecord {
  if (hasEnded(s)) orThrow({ success: false, error: alreadyCanceled() });
  const product = isUuid(input.product_id) ? ctx.db.products.get(input.product_id.toLowerCase()) : undefined;
  if (product === undefined || product.organization_id !== org.id) throw fieldError(['body', 'product_id'], 'Product does not exist.', input.product_id);
  if (product.is_archived) throw fieldError(['body', 'product_id'], 'Product is archived.', input.product_id);
  if (product.recurring_interval === null) throw fieldError(['body', 'product_id'], 'Product is not a recurring product.', input.product_id);
  if (product.id === s.product_id) throw fieldError(['body', 'product_id'], 'Subscription is already on this product.', input.product_id);
  const behavior = orThrow(checkProrationBehavior(input.proration_behavior, org.subscription_settings.proration_behavior));
  const price = staticPrice(currentPrices(ctx, product));
  if (price === undefined) throw fieldError(['body', 'product_id'], 'Product has no price.', input.product_id);
  const newAmount = initialAmount(price).amount;
  const now = ctx.clock.now();
  const oldProduct = ctx.db.products.get(s.product_id);
  const extra = { ...(input.metadata ? { metadata: input.metadata } : {}) };
  return ctx.store.transaction(() => {
    let next: SubscriptionRecord = { ...s, ...extra };
    if (input.discount_id !== undefined) next = changeDiscount(ctx, next, input.discount_id);
    if (behavior === 'next_period') {
      next = { ...next, pending_update: { id: newId(), created_at: now.toISOString(), applies_at: s.current_period_end ?? now.toISOString(), product_id: product.id } };
      return saveSubscription(ctx, next, 'updated');
    }
    const { lines, net } = prorationLines({
      oldName: oldProduct?.name ?? 'previous plan', oldAmount: s.amount, newName: product.name, newAmount,
      periodStart: new Date(s.current_period_start), periodEnd: new Date(s.current_period_end ?? now.toISOString()), now,
    });
    next = { ...next, product_id: product.id, price_ids: [price.id], amount: newAmount, currency: price.price_currency, pending_update: null,
      recurring_interval: product.recurring_interval as string, recurring_interval_count: product.recurring_interval_count ?? 1 };
    if (behavior === 'prorate') next = { ...next, pending_proration: [...next.pending_proration, ...lines] };
    const saved = saveSubscription(ctx, next, 'updated');
    if (behavior === 'invoice' && net > 0) {
      const customer = ctx.db.customers.get(s.customer_id);
      if (customer !== undefined) {
        recordPaidOrder(ctx, {
          organizationId: s.organization_id, customer, billingReason: 'subscription_update', productId: product.id,
          subscriptionId: s.id, checkoutId: null, discountId: null, currency: saved.currency,
          lines: lines.map((l) => ({ label: l.label, amount: l.amount, priceId: l.amount > 0 ? price.id : null, proration: true })),
          discountAmount: 0, description: `Subscription update: ${product.name}`,
        });
      }
    }
    return saved;
  });
}

export const notSeatBased = () => namedError(400, 'NotASeatBasedSubscription', 'This subscription does not support seat-based pricing.');

/** What `POST /v1/subscriptions/` takes: a product and the customer by id or external id. */
export type FreeSubscriptionInput = { readonly product_id: string; readonly metadata?: Metadata | undefined } & (
  { readonly customer_id: string } | { readonly external_customer_id: string }
);

/**
 * The provider creates a subscription directly only for a free recurring product, with no order and
 * no payment; paid plans go through a checkout.
 */
export function createFreeSubscription(ctx: SandboxContext, org: OrganizationRecord, body: FreeSubscriptionInput): SubscriptionRecord {
  const product = ctx.db.products.get(body.product_id.toLowerCase());
  if (product === undefined || product.organization_id !== org.id) throw fieldError(['body', 'product_id'], 'Product does not exist.', body.product_id);
  if (product.is_archived) throw fieldError(['body', 'product_id'], 'Product is archived.', body.product_id);
  const price = currentPrices(ctx, product)[0];
  if (product.recurring_interval === null || price === undefined || price.amount_type !== 'free') {
    throw fieldError(['body', 'product_id'], 'Only free recurring products can be subscribed to directly; use a checkout.', body.product_id);
  }
  let customer: CustomerRecord | undefined;
  if ('customer_id' in body) {
    customer = ctx.db.customers.get(body.customer_id.toLowerCase());
    if (customer?.organization_id !== org.id || customer.deleted_at !== null) customer = undefined;
    if (customer === undefined) throw fieldError(['body', 'customer_id'], 'Customer does not exist.', body.customer_id);
  } else {
    customer = customerByExternalId(ctx, org.id, body.external_customer_id);
    if (customer === undefined) throw fieldError(['body', 'external_customer_id'], 'Customer does not exist.', body.external_customer_id);
  }
  const buyer = customer;
  const now = ctx.clock.now();
  const interval = product.recurring_interval as RecurringInterval;
  const count = product.recurring_interval_count ?? 1;
  return ctx.store.transaction(() => {
    const subscription = ctx.db.subscriptions.put({
      id: newId(), created_at: now.toISOString(), modified_at: null, organization_id: org.id, customer_id: buyer.id,
      product_id: product.id, price_ids: [price.id], amount: 0, currency: price.price_currency, recurring_interval: interval,
      recurring_interval_count: count, status: 'active', current_period_start: now.toISOString(),
      current_period_end: addInterval(now, interval, count).toISOString(), cancel_at_period_end: false, canceled_at: null,
      started_at: now.toISOString(), ends_at: null, ended_at: null, trial_start: null, trial_end: null, discount_id: null,
      checkout_id: null, customer_cancellation_reason: null, customer_cancellation_comment: null, metadata: body.metadata ?? {},
      custom_field_data: {}, pending_update: null, pending_proration: [],
    });
    // Grants first, so the subscription's customer.state_changed already lists them (as after a checkout).
    grantBenefits(ctx, { customerId: buyer.id, benefitIds: product.benefit_ids, subscriptionId: subscription.id });
    return saveSubscription(ctx, subscription, 'created');
  });
}

/** The sort keys of subscription lists (seller and portal). */
export const subscriptionSortAccessors = (ctx: SandboxContext) => ({
  customer: (s: SubscriptionRecord) => ctx.db.customers.get(s.customer_id)?.email ?? null,
  status: (s: SubscriptionRecord) => s.status,
  started_at: (s: SubscriptionRecord) => s.started_at,
  current_period_end: (s: SubscriptionRecord) => s.current_period_end,
  amount: (s: SubscriptionRecord) => s.amount,
  product: (s: SubscriptionRecord) => ctx.db.products.get(s.product_id)?.name ?? null,
  discount: (s: SubscriptionRecord) => (s.discount_id === null ? null : (ctx.db.discounts.get(s.discount_id)?.name ?? null)),
  organization: (s: SubscriptionRecord) => ctx.db.organizations.get(s.organization_id)?.name ?? null,
});
