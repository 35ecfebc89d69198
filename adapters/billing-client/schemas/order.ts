import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';
import { address, customerEmbedded } from './customer.js';
import { discountEmbedded } from './discount.js';
import { productSummary } from './product.js';
import { subscription } from './subscription.js';

export const orderStatuses = ['draft', 'pending', 'paid', 'refunded', 'partially_refunded', 'void'] as const;
export const billingReasons = [
  'purchase',
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'subscription_meter_cycle',
] as const;

export const orderItem = z.object({
  ...base,
  label: z.string(),
  amount: int,
  tax_amount: int,
  proration: z.boolean(),
  product_price_id: z.string().nullable(),
});

/** The subscription as an order embeds it: its own fields, without customer, product and prices. */
export const orderSubscription = subscription.omit({
  customer: true,
  product: true,
  discount: true,
  prices: true,
  meters: true,
  pending_update: true,
});

const customFieldData = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** What the seller's and the customer's views of an order share (reference §3 "Order"). */
export const orderFields = {
  ...base,
  status: openEnum(orderStatuses),
  paid: z.boolean(),
  subtotal_amount: int,
  discount_amount: int,
  net_amount: int,
  tax_amount: int,
  total_amount: int,
  applied_balance_amount: int,
  due_amount: int,
  refunded_amount: int,
  refunded_tax_amount: int,
  currency: z.string(),
  billing_reason: openEnum(billingReasons),
  billing_name: z.string().nullable(),
  billing_address: address.nullable(),
  invoice_number: z.string().nullable(),
  receipt_number: z.string().nullable(),
  is_invoice_generated: z.boolean(),
  customer_id: z.string(),
  product_id: z.string().nullable(),
  discount_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  items: z.array(orderItem),
  description: z.string(),
  refundable_amount: int,
  refundable_tax_amount: int,
};

/** reference §3 "Order" (seller view). */
export const order = z.object({
  ...orderFields,
  metadata,
  custom_field_data: customFieldData.optional(),
  platform_fee_amount: int,
  platform_fee_currency: z.string().nullable(),
  customer: customerEmbedded,
  product: productSummary.nullable(),
  discount: discountEmbedded.nullable(),
  subscription: orderSubscription.nullable(),
  user_id: z.string().optional(),
});
export type OrderWire = z.output<typeof order>;

/** Order update payload: both optional. */
export const orderUpdate = z.object({
  billing_name: z.string().nullable().optional(),
  billing_address: address.nullable().optional(),
});

export const orderInvoice = z.object({ url: z.string() });

export const productBillingType = z.enum(['one_time', 'recurring']);

