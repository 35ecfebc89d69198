import type { Store } from '../engine/store.js';
import type {
  CheckoutLinkRecord, CheckoutRecord, OrderRecord, PaymentRecord, RefundRecord, SubscriptionRecord,
} from './commerce-records.js';

/** Collections of the commerce resources (checkouts to refunds), with the indexes their routes use. */
export function commerceCollections(store: Store) {
  return {
    checkouts: store.collection<CheckoutRecord>('checkouts', {
      org: (c) => c.organization_id,
      secret: (c) => c.client_secret,
      open: (c) => (c.status === 'open' ? 'open' : null),
    }),
    checkoutLinks: store.collection<CheckoutLinkRecord>('checkout_links', {
      org: (l) => (l.deleted_at === null ? l.organization_id : null),
      secret: (l) => (l.deleted_at === null ? l.client_secret : null),
    }),
    subscriptions: store.collection<SubscriptionRecord>('subscriptions', {
      org: (s) => s.organization_id,
      customer: (s) => s.customer_id,
      // subscriptions the clock may renew or end
      billed: (s) => (['active', 'trialing', 'past_due'].includes(s.status) ? 'billed' : null),
    }),
    orders: store.collection<OrderRecord>('orders', {
      org: (o) => o.organization_id,
      customer: (o) => o.customer_id,
      subscription: (o) => o.subscription_id,
      // orders holding a receipt number, per organization (their count drives the next number)
      receipted: (o) => ((o.receipt_number ?? null) === null ? null : o.organization_id),
    }),
    payments: store.collection<PaymentRecord>('payments', { org: (p) => p.organization_id, order: (p) => p.order_id }),
    refunds: store.collection<RefundRecord>('refunds', { org: (r) => r.organization_id, order: (r) => r.order_id }),
  };
}

export type CommerceCollections = ReturnType<typeof commerceCollections>;
