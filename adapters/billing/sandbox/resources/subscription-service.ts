import type { SandboxContext } from '../engine/context.js';
import { fieldError, namedError } from '../engine/errors.js';
import { isUuid, newId } from '../engine/ids.js';
import type { OrganizationRecord } from '../engine/records.js';
import { initialAmount, staticPrice } from './checkouts/rules.js';
import { isRedeemableFor } from './discounts/rules.js';
import { checkProrationBehavior, prorationLines } from '../domain/proration.js';
import { alreadyCanceled, cancelAtPeriodEnd, hasEnded, revoke, uncancel, type CancelInput } from '../domain/subscription-rules.js';
import type { SubscriptionRecord } from './subscriptions/records.js';
import { orThrow } from './commerce-support.js';
import { recordPaidOrder } from './order-service.js';
import { saveSubscription } from './subscription-events.js';
import { currentPrices } from './products/service.js';

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
 * Plan change (reference §4): `invoice` bills the prorated difference now in a `subscription_update`
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
