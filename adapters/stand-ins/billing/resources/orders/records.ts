import type { Address, BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';
import type { CustomFieldData } from '../checkouts/records.js';

export interface OrderItemRecord {
  readonly id: string;
  readonly created_at: string;
  readonly modified_at: string | null;
  readonly label: string;
  readonly amount: number;
  readonly tax_amount: number;
  readonly proration: boolean;
  readonly product_price_id: string | null;
}

export interface OrderRecord extends BaseRecord {
  readonly organization_id: string;
  readonly status: 'draft' | 'pending' | 'paid' | 'refunded' | 'partially_refunded' | 'void';
  readonly subtotal_amount: number;
  readonly discount_amount: number;
  readonly net_amount: number;
  readonly tax_amount: number;
  readonly total_amount: number;
  readonly applied_balance_amount: number;
  readonly refunded_amount: number;
  readonly refunded_tax_amount: number;
  readonly currency: string;
  readonly billing_reason: string;
  readonly billing_name: string | null;
  readonly billing_address: Address | null;
  readonly invoice_number: string;
  /** Set once when the order is paid (`withReceiptNumber`); absent on orders stored before receipts were numbered. */
  readonly receipt_number?: string | null;
  readonly is_invoice_generated: boolean;
  readonly customer_id: string;
  readonly product_id: string | null;
  readonly discount_id: string | null;
  readonly subscription_id: string | null;
  readonly checkout_id: string | null;
  readonly metadata: Metadata;
  readonly custom_field_data: CustomFieldData;
  readonly items: OrderItemRecord[];
  readonly description: string;
}

export function orderCollections(store: Store) {
  return {
    orders: store.collection<OrderRecord>('orders', {
      org: (o) => o.organization_id,
      customer: (o) => o.customer_id,
      subscription: (o) => o.subscription_id,
      // orders holding a receipt number, per organization (their count drives the next number)
      receipted: (o) => ((o.receipt_number ?? null) === null ? null : o.organization_id),
    }),
  };
}
