import type { Address, BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export type CustomFieldData = Record<string, string | number | boolean | null>;

export interface CheckoutRecord extends BaseRecord {
  readonly organization_id: string;
  readonly status: 'open' | 'expired' | 'confirmed' | 'succeeded' | 'failed';
  readonly client_secret: string;
  readonly expires_at: string;
  /** As given (may hold `{CHECKOUT_ID}`); null means the hosted confirmation page. */
  readonly success_url: string | null;
  readonly return_url: string | null;
  readonly embed_origin: string | null;
  readonly amount: number;
  readonly currency: string;
  readonly product_ids: string[];
  readonly product_id: string;
  readonly product_price_id: string;
  readonly discount_id: string | null;
  readonly allow_discount_codes: boolean;
  readonly require_billing_address: boolean;
  readonly is_business_customer: boolean;
  readonly customer_id: string | null;
  readonly external_customer_id: string | null;
  readonly customer_name: string | null;
  readonly customer_email: string | null;
  readonly customer_ip_address: string | null;
  readonly customer_billing_name: string | null;
  readonly customer_billing_address: Address | null;
  readonly customer_tax_id: string | null;
  readonly metadata: Metadata;
  readonly customer_metadata: Metadata;
  readonly custom_field_data: CustomFieldData;
  /** Set only when the checkout upgrades an existing (free) subscription. */
  readonly subscription_id: string | null;
  readonly payment_processor_metadata: Record<string, string>;
  /** The discount redemption this checkout holds while confirmed (released on payment failure). */
  readonly redeemed_discount_id: string | null;
}

export function checkoutCollections(store: Store) {
  return {
    checkouts: store.collection<CheckoutRecord>('checkouts', {
      org: (c) => c.organization_id,
      secret: (c) => c.client_secret,
      open: (c) => (c.status === 'open' ? 'open' : null),
    }),
  };
}
