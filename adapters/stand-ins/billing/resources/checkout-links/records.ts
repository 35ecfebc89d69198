import type { BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface CheckoutLinkRecord extends BaseRecord {
  readonly organization_id: string;
  readonly client_secret: string;
  readonly product_ids: string[];
  readonly label: string | null;
  readonly allow_discount_codes: boolean;
  readonly require_billing_address: boolean;
  readonly discount_id: string | null;
  readonly success_url: string | null;
  readonly metadata: Metadata;
  readonly deleted_at: string | null;
}

export function checkoutLinkCollections(store: Store) {
  return {
    checkoutLinks: store.collection<CheckoutLinkRecord>('checkout_links', {
      org: (l) => (l.deleted_at === null ? l.organization_id : null),
      secret: (l) => (l.deleted_at === null ? l.client_secret : null),
    }),
  };
}
