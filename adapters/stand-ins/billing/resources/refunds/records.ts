import type { BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface RefundRecord extends BaseRecord {
  readonly organization_id: string;
  readonly status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  readonly reason: string;
  readonly amount: number;
  readonly tax_amount: number;
  readonly currency: string;
  readonly order_id: string;
  readonly subscription_id: string | null;
  readonly customer_id: string;
  readonly revoke_benefits: boolean;
  readonly comment: string | null;
  readonly metadata: Metadata;
}

export function refundCollections(store: Store) {
  return {
    refunds: store.collection<RefundRecord>('refunds', { org: (r) => r.organization_id, order: (r) => r.order_id }),
  };
}
