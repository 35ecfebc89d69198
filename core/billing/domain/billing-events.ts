/**
 * A verified billing webhook as the core understands it: the provider's payload reduced to what
 * keeps profiles and credits in step. The adapter edge (web/server + adapters/billing) maps the
 * provider's event to one of these; everything else is `ignored` but still acknowledged.
 */
export type BillingEvent =
  | {
      readonly kind: 'subscription_changed';
      readonly webhookId: string;
      /** The provider's event type, e.g. subscription.canceled, for logs and the inbox. */
      readonly type: string;
      /** The customer's external id (= the app's user id); null when the customer has none. */
      readonly userId: string | null;
      readonly customerId: string;
      readonly subscriptionId: string;
      readonly productId: string;
      readonly status: string;
      readonly currentPeriodEnd: string | null;
      readonly cancelAtPeriodEnd: boolean;
      /** When the provider sent the event (ISO 8601): a later delivery of an older event changes nothing. */
      readonly occurredAt: string;
      /** When the subscription last changed (ISO 8601; null: never since it was created): breaks a tie between events of one time. */
      readonly modifiedAt: string | null;
    }
  | {
      readonly kind: 'order_paid';
      readonly webhookId: string;
      readonly type: string;
      readonly userId: string | null;
      readonly orderId: string;
      /** Null for one-time purchases: only subscription periods grant credits. */
      readonly subscriptionId: string | null;
      readonly productId: string | null;
      readonly billingReason: string;
    }
  | { readonly kind: 'ignored'; readonly webhookId: string; readonly type: string };

/** Credits each paid subscription period grants (decided here; CREDITS_PER_PERIOD overrides it). */
export const DEFAULT_CREDITS_PER_PERIOD = 1000;

/** Order billing reasons that open a paid subscription period. */
export const PERIOD_BILLING_REASONS: readonly string[] = ['subscription_create', 'subscription_cycle'];
