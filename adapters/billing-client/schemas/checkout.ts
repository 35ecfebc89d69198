import { z } from 'zod';
import { base, dateTime, int, metadata, openEnum } from './common.js';
import { address } from './customer.js';
import { discountKind, discountTiming } from './discount.js';
import { attachedCustomField, checkoutProduct, price, recurringInterval } from './product.js';

/**
 * reference §3 "Checkout", "CheckoutPublic", "CheckoutPublicConfirmed". Required and
 * required-nullable keys as SDK 0.48 has them (a nullable key is sent as `null`, never left out).
 */
export const checkoutStatuses = ['open', 'expired', 'confirmed', 'succeeded', 'failed'] as const;

const fieldRequirement = openEnum(['required', 'optional', 'disabled'] as const);
export const billingAddressFields = z.object({
  country: fieldRequirement,
  state: fieldRequirement,
  city: fieldRequirement,
  postal_code: fieldRequirement,
  line1: fieldRequirement,
  line2: fieldRequirement,
});

/** Custom field values: text, integer, boolean or date. */
export const customFieldData = z.record(z.string(), z.union([z.string(), int, z.boolean(), z.null()]));

/** The discount as a checkout shows it: its terms only (type x duration, both open enums). */
export const checkoutDiscount = z
  .object({ id: z.string(), name: z.string(), code: z.string().nullable() })
  .and(discountKind({ amount: int, currency: z.string() }))
  .and(discountTiming);

export const checkoutOrganization = z.object({
  id: z.string(),
  created_at: dateTime,
  modified_at: dateTime.nullable(),
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  proration_behavior: z.string(),
  allow_customer_updates: z.boolean(),
});

const publicFields = {
  ...base,
  custom_field_data: customFieldData.optional(),
  payment_processor: z.literal('stripe'),
  status: openEnum(checkoutStatuses),
  client_secret: z.string(),
  url: z.string(),
  expires_at: dateTime,
  success_url: z.string(),
  return_url: z.string().nullable(),
  embed_origin: z.string().nullable(),
  amount: int,
  seats: int.nullable().optional(),
  min_seats: int.nullable().optional(),
  max_seats: int.nullable().optional(),
  discount_amount: int,
  net_amount: int,
  tax_amount: int.nullable(),
  tax_behavior: openEnum(['location', 'inclusive', 'exclusive'] as const).nullable(),
  total_amount: int,
  currency: z.string(),
  allow_trial: z.boolean().nullable(),
  active_trial_interval: recurringInterval.nullable(),
  active_trial_interval_count: int.nullable(),
  trial_end: dateTime.nullable(),
  organization_id: z.string(),
  product_id: z.string().nullable(),
  product_price_id: z.string().nullable(),
  discount_id: z.string().nullable(),
  allow_discount_codes: z.boolean(),
  require_billing_address: z.boolean(),
  is_discount_applicable: z.boolean(),
  is_free_product_price: z.boolean(),
  is_payment_required: z.boolean(),
  is_payment_setup_required: z.boolean(),
  is_payment_form_required: z.boolean(),
  customer_id: z.string().nullable(),
  is_business_customer: z.boolean(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_ip_address: z.string().nullable(),
  customer_billing_name: z.string().nullable(),
  customer_billing_address: address.nullable(),
  customer_tax_id: z.string().nullable(),
  locale: z.string().nullable().optional(),
  payment_processor_metadata: z.record(z.string(), z.string()),
  billing_address_fields: billingAddressFields,
  products: z.array(checkoutProduct),
  product: checkoutProduct.nullable(),
  product_price: price.nullable(),
  prices: z.record(z.string(), z.array(price)).nullable(),
  discount: checkoutDiscount.nullable(),
  attached_custom_fields: z.array(attachedCustomField).nullable(),
};

/** Seller view. */
export const checkout = z.object({
  ...publicFields,
  metadata,
  customer_metadata: metadata,
  external_customer_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  trial_interval: recurringInterval.nullable(),
  trial_interval_count: int.nullable(),
});

/** Public (client-secret) view. */
export const checkoutPublic = z.object({ ...publicFields, organization: checkoutOrganization });
export type CheckoutPublicWire = z.output<typeof checkoutPublic>;

/** The confirm answer: status must be `confirmed`. */
export const checkoutPublicConfirmed = z.object({
  ...publicFields,
  organization: checkoutOrganization,
  status: z.literal('confirmed'),
  customer_session_token: z.string().nullable(),
});

const optionalText = z.string().nullable().optional();

/** POST /v1/checkouts/: the checkout create input. */
export const checkoutCreate = z.object({
  products: z.array(z.string().min(1)).min(1),
  metadata: metadata.optional(),
  custom_field_data: customFieldData.optional(),
  discount_id: optionalText,
  allow_discount_codes: z.boolean().default(true),
  require_billing_address: z.boolean().default(false),
  amount: int.nullable().optional(),
  customer_id: optionalText,
  is_business_customer: z.boolean().default(false),
  external_customer_id: optionalText,
  customer_name: optionalText,
  customer_email: optionalText,
  customer_ip_address: optionalText,
  customer_billing_name: optionalText,
  customer_billing_address: address.nullable().optional(),
  customer_tax_id: optionalText,
  customer_metadata: metadata.optional(),
  subscription_id: optionalText,
  success_url: z.url().nullable().optional(),
  return_url: z.url().nullable().optional(),
  embed_origin: optionalText,
});

/** Fields the public side may change. */
const publicUpdateFields = {
  custom_field_data: customFieldData.nullable().optional(),
  product_id: optionalText,
  product_price_id: optionalText,
  amount: int.nullable().optional(),
  is_business_customer: z.boolean().nullable().optional(),
  customer_name: optionalText,
  customer_email: optionalText,
  customer_billing_name: optionalText,
  customer_billing_address: address.nullable().optional(),
  customer_tax_id: optionalText,
  discount_code: optionalText,
};
export const checkoutUpdatePublic = z.object(publicUpdateFields);
export const checkoutConfirm = z.object({ ...publicUpdateFields, confirmation_token_id: optionalText });

/** PATCH /v1/checkouts/{id} (seller). */
export const checkoutUpdate = z.object({
  custom_field_data: customFieldData.nullable().optional(),
  product_id: optionalText,
  product_price_id: optionalText,
  amount: int.nullable().optional(),
  is_business_customer: z.boolean().nullable().optional(),
  customer_name: optionalText,
  customer_email: optionalText,
  customer_billing_name: optionalText,
  customer_billing_address: address.nullable().optional(),
  customer_tax_id: optionalText,
  metadata: metadata.nullable().optional(),
  discount_id: optionalText,
  allow_discount_codes: z.boolean().nullable().optional(),
  require_billing_address: z.boolean().nullable().optional(),
  customer_ip_address: optionalText,
  customer_metadata: metadata.nullable().optional(),
  success_url: z.url().nullable().optional(),
  embed_origin: optionalText,
});

;
