import type { BaseRecord } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface PaymentRecord extends BaseRecord {
  readonly organization_id: string;
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly amount: number;
  readonly currency: string;
  readonly method: 'card';
  readonly method_metadata: { brand: string; last4: string };
  readonly decline_reason: string | null;
  readonly decline_message: string | null;
  readonly customer_email: string | null;
  readonly checkout_id: string | null;
  readonly order_id: string | null;
}

export function paymentCollections(store: Store) {
  return {
    payments: store.collection<PaymentRecord>('payments', { org: (p) => p.organization_id, order: (p) => p.order_id }),
  };
}
