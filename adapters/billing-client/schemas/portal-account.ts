import { z } from 'zod';
import { base, dateTime, int, openEnum } from './common.js';
import { address } from './customer.js';
import { fileServices, storedFileFields } from './file.js';

/** Customer-portal account views: downloadables, payment methods, the own-profile update. */
export const downloadableFileRead = z.object({
  ...storedFileFields,
  download: z.object({ url: z.string(), headers: z.record(z.string(), z.string()).optional(), expires_at: dateTime }),
  // open, as the SDK reads it here (its `FileDownload`); a list of downloadables holds `downloadable` files
  service: openEnum(fileServices),
});

export const downloadable = z.object({ id: z.string(), benefit_id: z.string(), file: downloadableFileRead });

const paymentMethodBase = { ...base, processor: openEnum(['stripe'] as const), customer_id: z.string() };
/** Cards carry brand, last4 and expiry; other method types are kept generic. */
export const paymentMethod = z.union([
  z.object({
    ...paymentMethodBase,
    type: z.literal('card'),
    method_metadata: z.object({
      brand: z.string(),
      last4: z.string(),
      exp_month: int,
      exp_year: int,
      wallet: z.string().nullable().optional(),
    }),
  }),
  z.object({ ...paymentMethodBase, type: z.string() }),
]);

export const paymentMethodCreate = z.object({
  confirmation_token_id: z.string().min(1),
  set_default: z.boolean(),
  return_url: z.url(),
});

/** Adding a card either succeeds or needs a customer action (3-D Secure) with a client secret. */
export const paymentMethodCreateResponse = z.union([
  z.object({ status: z.literal('succeeded'), payment_method: paymentMethod }),
  z.object({ status: z.literal('requires_action'), client_secret: z.string() }),
]);

/** PATCH /v1/customer-portal/customers/me. */
export const portalCustomerUpdate = z.object({
  email: z.email().nullable().optional(),
  name: z.string().nullable().optional(),
  billing_name: z.string().nullable().optional(),
  billing_address: address.nullable().optional(),
  tax_id: z.string().nullable().optional(),
});
