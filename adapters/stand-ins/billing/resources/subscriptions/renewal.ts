import type { SandboxContext } from '../../engine/context.js';
import type { CustomerRecord } from '../../engine/records.js';
import { initialAmount, staticPrice } from '../checkouts/rules.js';
import { appliesToCycle, discountAmount } from '../discounts/rules.js';
import { recordPaidOrder } from '../orders/service.js';
import { currentPrices } from '../products/service.js';
import type { SubscriptionRecord } from './records.js';
import { renewalSteps, type RenewalStep } from './rules.js';
import { saveSubscription } from './save.js';

/** A plan change scheduled for the next period (`next_period`) takes effect when that period starts. */
function applyPendingUpdate(ctx: SandboxContext, s: SubscriptionRecord, periodStart: string): SubscriptionRecord {
  if (s.pending_update === null || Date.parse(s.pending_update.applies_at) > Date.parse(periodStart)) return s;
  const product = ctx.db.products.get(s.pending_update.product_id);
  const price = product === undefined ? undefined : staticPrice(currentPrices(ctx, product));
  if (product === undefined || price === undefined) return { ...s, pending_update: null };
  return { ...s, product_id: product.id, price_ids: [price.id], amount: initialAmount(price).amount, pending_update: null };
}

/** One new period: the subscription moves on and a `subscription_cycle` order is billed (order.paid). */
function cycle(ctx: SandboxContext, s: SubscriptionRecord, step: Extract<RenewalStep, { kind: 'cycle' }>): SubscriptionRecord {
  let next = applyPendingUpdate(ctx, { ...s, ...step.patch }, step.periodStart);
  const discount = next.discount_id === null ? undefined : ctx.db.discounts.get(next.discount_id);
  const discountStillApplies =
    discount !== undefined && next.started_at !== null && appliesToCycle(discount, new Date(next.started_at), new Date(step.periodStart));
  if (discount !== undefined && !discountStillApplies) next = { ...next, discount_id: null };
  const proration = next.pending_proration;
  next = { ...next, pending_proration: [] };
  const saved = saveSubscription(ctx, next, 'updated');
  const product = ctx.db.products.get(saved.product_id);
  const customer = ctx.db.customers.get(saved.customer_id) as CustomerRecord;
  if (saved.amount === 0 && proration.length === 0) return saved;
  recordPaidOrder(ctx, {
    organizationId: saved.organization_id, customer, billingReason: 'subscription_cycle', productId: saved.product_id,
    subscriptionId: saved.id, checkoutId: null, discountId: discountStillApplies ? (discount?.id ?? null) : null,
    currency: saved.currency,
    lines: [
      { label: product?.name ?? 'Subscription', amount: saved.amount, priceId: saved.price_ids[0] ?? null, proration: false },
      ...proration.map((l) => ({ label: l.label, amount: l.amount, priceId: null, proration: true })),
    ],
    discountAmount: discountStillApplies && discount !== undefined ? discountAmount(discount, saved.amount) : 0,
    description: product?.name ?? 'Subscription renewal',
    card: null,
  });
  return saved;
}

/**
 * Brings every billed subscription up to the sandbox's now: renewals for each period boundary
 * passed, and the end of subscriptions set to cancel (subscription.updated + revoked). Returns counts.
 */
export function renewDueSubscriptions(ctx: SandboxContext): { renewed: number; ended: number } {
  const now = ctx.clock.now();
  let renewed = 0;
  let ended = 0;
  for (const s of ctx.db.subscriptions.byIndex('billed', 'billed')) {
    const steps = renewalSteps(s, now);
    if (steps.length === 0) continue;
    ctx.store.transaction(() => {
      let current = s;
      for (const step of steps) {
        if (step.kind === 'end') {
          current = saveSubscription(ctx, { ...current, ...step.patch }, 'ended');
          ended += 1;
        } else {
          current = cycle(ctx, current, step);
          renewed += 1;
        }
      }
    });
  }
  return { renewed, ended };
}
