import type { BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';
import type { CustomFieldData } from '../checkouts/records.js';

export interface PendingUpdate {
  readonly id: string;
  readonly created_at: string;
  readonly applies_at: string;
  readonly product_id: string;
}

export interface ProrationLineRecord {
  readonly label: string;
  readonly amount: number;
}

export interface SubscriptionRecord extends BaseRecord {
  readonly organization_id: string;
  readonly customer_id: string;
  readonly product_id: string;
  readonly price_ids: string[];
  readonly amount: number;
  readonly currency: string;
  readonly recurring_interval: string;
  readonly recurring_interval_count: number;
  readonly status: string;
  readonly current_period_start: string;
  readonly current_period_end: string | null;
  readonly cancel_at_period_end: boolean;
  readonly canceled_at: string | null;
  readonly started_at: string | null;
  readonly ends_at: string | null;
  readonly ended_at: string | null;
  readonly trial_start: string | null;
  readonly trial_end: string | null;
  readonly discount_id: string | null;
  readonly checkout_id: string | null;
  readonly customer_cancellation_reason: string | null;
  readonly customer_cancellation_comment: string | null;
  readonly metadata: Metadata;
  readonly custom_field_data: CustomFieldData;
  /** A plan change waiting for the next period (`next_period` proration). */
  readonly pending_update: PendingUpdate | null;
  /** Proration lines carried to the next cycle's order (`prorate` proration). */
  readonly pending_proration: ProrationLineRecord[];
}

export function subscriptionCollections(store: Store) {
  return {
    subscriptions: store.collection<SubscriptionRecord>('subscriptions', {
      org: (s) => s.organization_id,
      customer: (s) => s.customer_id,
      // subscriptions the clock may renew or end
      billed: (s) => (['active', 'trialing', 'past_due'].includes(s.status) ? 'billed' : null),
    }),
  };
}
