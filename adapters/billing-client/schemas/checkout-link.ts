import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';
import { discountEmbedded } from './discount.js';
import { checkoutProduct, recurringInterval } from './product.js';

/** reference §3 "CheckoutLink". */
export const checkoutLink = z.object({
  ...base,
  metadata,
  payment_processor: openEnum(['stripe'] as const),
  client_secret: z.string(),
  success_url: z.string().nullable(),
  return_url: z.string().nullable(),
  label: z.string().nullable(),
  allow_discount_codes: z.boolean(),
  require_billing_address: z.boolean(),
  discount_id: z.string().nullable(),
  organization_id: z.string(),
  trial_interval: recurringInterval.nullable(),
  trial_interval_count: int.nullable(),
  products: z.array(checkoutProduct.extend({ metadata })),
  /** The discount in full (the server leaves its products out). */
  discount: discountEmbedded.nullable(),
  url: z.string(),
});

const common = {
  payment_processor: z.literal('stripe'),
  label: z.string().nullable().optional(),
  allow_discount_codes: z.boolean().default(true),
  require_billing_address: z.boolean().default(false),
  discount_id: z.string().nullable().optional(),
  success_url: z.url().nullable().optional(),
  metadata: metadata.optional(),
};

/** POST body: exactly one of product_id, product_price_id or products. */
export const checkoutLinkCreate = z.union([
  z.strictObject({ ...common, product_id: z.string().min(1) }),
  z.strictObject({ ...common, product_price_id: z.string().min(1) }),
  z.strictObject({ ...common, products: z.array(z.string().min(1)).min(1) }),
]);

export const checkoutLinkUpdate = z.object({
  products: z.array(z.string().min(1)).min(1).nullable().optional(),
  label: z.string().nullable().optional(),
  allow_discount_codes: z.boolean().nullable().optional(),
  require_billing_address: z.boolean().nullable().optional(),
  discount_id: z.string().nullable().optional(),
  success_url: z.url().nullable().optional(),
  metadata: metadata.nullable().optional(),
});
