import type { SandboxContext } from '../../engine/context.js';
import { newId } from '../../engine/ids.js';
import type { CustomerRecord } from '../../engine/records.js';
import type { Card } from '../../engine/test-payments.js';
import { addInterval, type RecurringInterval } from '../../domain/billing-period.js';
import { grantBenefits } from '../benefits/service.js';
import { emitStateChanged, saveCustomer } from '../customers/service.js';
import { recordPaidOrder } from '../orders/service.js';
import type { SubscriptionRecord } from '../subscriptions/records.js';
import { saveSubscription } from '../subscriptions/save.js';
import type { CheckoutRecord } from './records.js';
import { afterPayment } from './rules.js';
import { checkoutParts, checkoutWire } from './wire.js';

/** A recurring checkout keeps the card for renewals, as the provider's `setup_future_usage` does. */
function saveCard(ctx: SandboxContext, customer: CustomerRecord, card: Card): void {
  const method = ctx.db.paymentMethods.put({
    id: newId(), created_at: ctx.now(), modified_at: null, customer_id: customer.id, processor: 'stripe', type: 'card',
    method_metadata: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, wallet: null },
  });
  if (customer.default_payment_method_id === null) saveCustomer(ctx, { ...customer, default_payment_method_id: method.id });
}

/**
 * The provider's `handle_success`: a recurring product gets a subscription (or upgrades the free one
 * the checkout names) and a `subscription_create`/`subscription_update` order; a one-time product a
 * `purchase` order; benefits are granted; the checkout becomes `succeeded`. Runs in one transaction.
 */
export function succeedCheckout(ctx: SandboxContext, checkoutId: string, card: Card | null): CheckoutRecord {
  return ctx.store.transaction(() => {
    const { checkouts, subscriptions } = ctx.db;
    const checkout = checkouts.get(checkoutId);
    if (checkout === undefined || checkout.status !== 'confirmed' || checkout.customer_id === null) {
      throw new Error(`checkout ${checkoutId} cannot succeed from its state`);
    }
    const customer = ctx.db.customers.get(checkout.customer_id) as CustomerRecord;
    const { product, price, amounts } = checkoutParts(ctx, checkout);
    const now = ctx.clock.now();
    let subscription: SubscriptionRecord | null = null;
    let change: 'created' | 'updated' = 'created';
    if (product.recurring_interval !== null) {
      const interval = product.recurring_interval as RecurringInterval;
      const count = product.recurring_interval_count ?? 1;
      const upgraded = checkout.subscription_id === null ? undefined : subscriptions.get(checkout.subscription_id);
      const period = { current_period_start: now.toISOString(), current_period_end: addInterval(now, interval, count).toISOString() };
      const fields = {
        product_id: product.id, price_ids: [price.id], amount: checkout.amount, currency: checkout.currency,
        recurring_interval: interval, recurring_interval_count: count, discount_id: checkout.discount_id, ...period,
      };
      if (upgraded !== undefined) {
        change = 'updated';
        subscription = subscriptions.put({ ...upgraded, ...fields, modified_at: now.toISOString() });
      } else {
        subscription = subscriptions.put({
          id: newId(), created_at: now.toISOString(), modified_at: null, organization_id: checkout.organization_id,
          customer_id: customer.id, status: 'active', cancel_at_period_end: false, canceled_at: null, started_at: now.toISOString(),
          ends_at: null, ended_at: null, trial_start: null, trial_end: null, checkout_id: checkout.id,
          customer_cancellation_reason: null, customer_cancellation_comment: null, metadata: checkout.metadata,
          custom_field_data: checkout.custom_field_data, pending_update: null, pending_proration: [], ...fields,
        });
      }
      if (card !== null) saveCard(ctx, ctx.db.customers.get(customer.id) as CustomerRecord, card);
    }
    // Subscription events first, then the order (as the provider sends them); grants hang on the
    // subscription for recurring products and on the order for one-time purchases.
    if (subscription !== null) {
      grantBenefits(ctx, { customerId: customer.id, benefitIds: product.benefit_ids, subscriptionId: subscription.id });
      saveSubscription(ctx, subscription, change);
    }
    const order = recordPaidOrder(ctx, {
      organizationId: checkout.organization_id, customer: ctx.db.customers.get(customer.id) as CustomerRecord,
      billingReason: subscription === null ? 'purchase' : change === 'created' ? 'subscription_create' : 'subscription_update',
      productId: product.id, subscriptionId: subscription?.id ?? null, checkoutId: checkout.id, discountId: checkout.discount_id,
      currency: checkout.currency, lines: [{ label: product.name, amount: checkout.amount, priceId: price.id, proration: false }],
      discountAmount: amounts.discount_amount, description: product.name,
      billingName: checkout.customer_billing_name ?? checkout.customer_name, billingAddress: checkout.customer_billing_address,
      metadata: checkout.metadata, customFieldData: checkout.custom_field_data, card, customerEmail: checkout.customer_email,
    });
    if (subscription === null) {
      grantBenefits(ctx, { customerId: customer.id, benefitIds: product.benefit_ids, orderId: order.id });
      emitStateChanged(ctx, customer.id);
    }
    const succeeded = checkouts.put({
      ...checkout, status: afterPayment(checkout.status, true), modified_at: ctx.now(),
      payment_processor_metadata: { ...checkout.payment_processor_metadata, intent_status: 'succeeded' },
    });
    ctx.emit('checkout.updated', checkoutWire(ctx, succeeded), checkout.organization_id);
    return succeeded;
  });
}
