import { z } from 'zod';
import { base, int, openEnum } from './common.js';
import { orderFields, orderSubscription } from './order.js';
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
  ...orderFields,
  product: customerProductWithOrganization.nullable(),
  subscription: orderSubscription.omit({ metadata: true }).nullable(),
});

export const customerSubscription = subscription
  .omit({ customer: true, discount: true, metadata: true, custom_field_data: true, product: true, meters: true })
  .extend({ product: customerProductWithOrganization, meters: z.array(customerSubscriptionMeter) });

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

