import type { BillingEvent } from '../../core/billing/index.js';
import type { BillingWebhookEvent } from '@ensemble/billing-client';

type SubscriptionEvent = Extract<BillingWebhookEvent, { data: { cancelAtPeriodEnd: boolean; currentPeriodStart: string } }>;

const SUBSCRIPTION_CHANGES = new Set([
  'subscription.created',
  'subscription.active',
  'subscription.updated',
  'subscription.canceled',
  'subscription.uncanceled',
  'subscription.revoked',
  'subscription.past_due',
]);

/**
 * The provider's verified event, reduced to what the core's webhook rules act on: which events
 * matter and where their facts sit is the provider's knowledge, so it lives beside its client.
 */
export function toBillingEvent(webhookId: string, event: BillingWebhookEvent): BillingEvent {
  if (event.type === 'order.paid') {
    const order = event.data;
    return {
      kind: 'order_paid',
      webhookId,
      type: event.type,
      userId: order.customer.externalId ?? null,
      orderId: order.id,
      subscriptionId: order.subscriptionId,
      productId: order.productId,
      billingReason: String(order.billingReason),
    };
  }
  if (SUBSCRIPTION_CHANGES.has(event.type)) {
    const sub = (event as SubscriptionEvent).data;
    return {
      kind: 'subscription_changed',
      webhookId,
      type: event.type,
      userId: sub.customer.externalId ?? null,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      productId: sub.productId,
      status: String(sub.status),
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      occurredAt: new Date(event.timestamp).toISOString(),
      modifiedAt: sub.modifiedAt === null ? null : new Date(sub.modifiedAt).toISOString(),
    };
  }
  return { kind: 'ignored', webhookId, type: event.type };
}
