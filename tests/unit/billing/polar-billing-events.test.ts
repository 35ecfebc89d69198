// The provider's verified events reduced to the core's billing events: an order paid, every
// subscription change, and anything else ignored. Events are parsed from their wire form first, so
// the mapping meets them exactly as the webhook route does.
import { describe, expect, it } from 'vitest';
import { toBillingEvent } from '../../../adapters/billing/polar-billing-events.js';
import { camelize, webhookPayload, type BillingWebhookEvent } from '@ensemble/billing-client';
import { customerStateWire } from '../../support/billing-fixtures/customer-state.js';
import { orderWire } from '../../support/billing-fixtures/orders.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';

const parsed = (type: string, data: unknown): BillingWebhookEvent => camelize(webhookPayload.parse({ type, timestamp: '2026-03-01T10:15:30Z', data })) as BillingWebhookEvent;

describe('toBillingEvent', () => {
  it('order.paid names the user by the customer external id, the order, its subscription and why it was billed', () => {
    const wire = orderWire();
    const event = toBillingEvent('wh-1', parsed('order.paid', wire));
    expect(event).toEqual({
      kind: 'order_paid',
      webhookId: 'wh-1',
      type: 'order.paid',
      userId: wire.customer.external_id,
      orderId: wire.id,
      subscriptionId: wire.subscription_id,
      productId: wire.product_id,
      billingReason: wire.billing_reason,
    });
  });

  for (const type of ['subscription.created', 'subscription.active', 'subscription.updated', 'subscription.canceled', 'subscription.uncanceled', 'subscription.revoked', 'subscription.past_due']) {
    it(`${type} is a subscription change with its status, period end and when it happened`, () => {
      const wire = subscriptionWire();
      const event = toBillingEvent('wh-2', parsed(type, wire));
      expect(event).toMatchObject({
        kind: 'subscription_changed',
        webhookId: 'wh-2',
        type,
        userId: wire.customer.external_id,
        customerId: wire.customer_id,
        subscriptionId: wire.id,
        productId: wire.product_id,
        status: wire.status,
        cancelAtPeriodEnd: wire.cancel_at_period_end,
        occurredAt: '2026-03-01T10:15:30.000Z',
      });
    });
  }

  it('any other event is ignored by kind, keeping its id and type', () => {
    expect(toBillingEvent('wh-3', parsed('customer.state_changed', customerStateWire()))).toEqual({ kind: 'ignored', webhookId: 'wh-3', type: 'customer.state_changed' });
  });
});
