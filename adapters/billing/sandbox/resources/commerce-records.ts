import type { Address, BaseRecord, Metadata } from '../engine/records.js';

/**
 * Stored shapes of checkouts, checkout links, subscriptions, orders, payments and refunds. Like the
 * engine's records they hold wire names and ISO strings without embedded relations; the
 * `*-wire.ts` serializers add products, customers and discounts when answering.
 */
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
