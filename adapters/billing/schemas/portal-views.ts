import { z } from 'zod';
import { base, int, openEnum } from './common.js';
import { address } from './customer.js';
import { billingReasons, orderItem, orderStatuses } from './order.js';
import { customerPortalSettings } from './organization.js';
import { checkoutProduct } from './product.js';
import { cancellationReason, customerSubscriptionMeter, prorationBehaviors, subscription } from './subscription.js';

/**
 * Customer-portal views: the portal view may include the organization, the detailed portal view adds
 * product, prices and meters. The portal shows no seller-only fields (metadata, customer).
 */
export const customerOrganization = z.object({
  ...base,
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  proration_behavior: openEnum(['invoice', 'prorate', 'next_period', 'reset'] as const),
  allow_customer_updates: z.boolean(),
  customer_portal_settings: customerPortalSettings,
});

export const customerProduct = checkoutProduct;
export const customerProductWithOrganization = checkoutProduct.extend({ organization: customerOrganization });

/** GET /customer-portal/organizations/{slug}: the storefront. */
export const customerOrganizationData = z.object({
  organization: customerOrganization,
  products: z.array(customerProduct),
});

export const customerOrder = z.object({
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
  is_invoice_generated: z.boolean(),
  customer_id: z.string(),
  product_id: z.string().nullable(),
  discount_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  product: customerProductWithOrganization.nullable(),
  subscription: subscription
    .omit({ customer: true, product: true, discount: true, prices: true, meters: true, pending_update: true, metadata: true })
    .nullable(),
  items: z.array(orderItem),
  description: z.string(),
  receipt_number: z.string().nullable(),
  refundable_amount: int,
  refundable_tax_amount: int,
});
export type CustomerOrderWire = z.output<typeof customerOrder>;

export const customerSubscription = subscription
  .omit({ customer: true, discount: true, metadata: true, custom_field_data: true, product: true, meters: true })
  .extend({ product: customerProductWithOrganization, meters: z.array(customerSubscriptionMeter) });
export type CustomerSubscriptionWire = z.output<typeof customerSubscription>;

/** Portal PATCH shapes: change plan, cancel or uncancel, change seats (extra fields refused). */
export const customerSubscriptionUpdateProduct = z.strictObject({ product_id: z.string().min(1) });
export const customerSubscriptionCancel = z.strictObject({
  cancel_at_period_end: z.boolean().nullable().optional(),
  cancellation_reason: cancellationReason.nullable().optional(),
  cancellation_comment: z.string().nullable().optional(),
});
export const customerSubscriptionUpdateSeats = z.strictObject({
  seats: int.min(1),
  proration_behavior: z.enum(prorationBehaviors).nullable().optional(),
});
export const customerSubscriptionUpdate = z.union([
  customerSubscriptionUpdateProduct,
  customerSubscriptionUpdateSeats,
  customerSubscriptionCancel,
]);

