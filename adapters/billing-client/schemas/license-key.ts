import { z } from 'zod';
import { base, dateTime, int, metadata, metadataValue, openEnum } from './common.js';
import { address, taxId } from './customer.js';

export const licenseKeyStatuses = ['granted', 'revoked', 'disabled'] as const;

/** The customer as license-key answers embed it (a reduced customer). */
export const licenseKeyCustomer = z.object({
  ...base,
  metadata,
  external_id: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  email_verified: z.boolean(),
  type: openEnum(['individual', 'team'] as const),
  name: z.string().nullable(),
  billing_address: address.nullable(),
  tax_id: taxId.nullable(),
  organization_id: z.string(),
  deleted_at: dateTime.nullable(),
  avatar_url: z.string(),
});

/** reference §3 "LicenseKey". */
const licenseKeyFields = {
  ...base,
  organization_id: z.string(),
  customer_id: z.string(),
  customer: licenseKeyCustomer,
  benefit_id: z.string(),
  key: z.string(),
  display_key: z.string(),
  status: openEnum(licenseKeyStatuses),
  limit_activations: int.nullable(),
  usage: int,
  limit_usage: int.nullable(),
  validations: int,
  last_validated_at: dateTime.nullable(),
  expires_at: dateTime.nullable(),
};
export const licenseKey = z.object(licenseKeyFields);

/** `meta` is the seller's own map: its keys pass untouched like metadata. */
export const licenseKeyActivationBase = z.object({
  ...base,
  license_key_id: z.string(),
  label: z.string(),
  meta: z.record(z.string(), metadataValue),
});

export const licenseKeyWithActivations = z.object({ ...licenseKeyFields, activations: z.array(licenseKeyActivationBase) });

export const validatedLicenseKey = z.object({ ...licenseKeyFields, activation: licenseKeyActivationBase.nullable().optional() });

export const licenseKeyActivation = licenseKeyActivationBase.extend({ license_key: licenseKey });

const conditions = z.record(z.string().min(1).max(40), metadataValue);

export const licenseKeyValidate = z.object({
  key: z.string().min(1),
  organization_id: z.string().min(1),
  activation_id: z.string().nullable().optional(),
  benefit_id: z.string().nullable().optional(),
  customer_id: z.string().nullable().optional(),
  increment_usage: int.min(0).nullable().optional(),
  conditions: conditions.optional(),
});

export const licenseKeyActivate = z.object({
  key: z.string().min(1),
  organization_id: z.string().min(1),
  label: z.string().min(1),
  conditions: conditions.optional(),
  meta: conditions.optional(),
});

export const licenseKeyDeactivate = z.object({
  key: z.string().min(1),
  organization_id: z.string().min(1),
  activation_id: z.string().min(1),
});

/** All optional, usage defaults to 0. */
export const licenseKeyUpdate = z.object({
  status: z.enum(licenseKeyStatuses).nullable().optional(),
  // Only what is sent changes: a missing usage must not reset the counter.
  usage: int.min(0).optional(),
  limit_activations: int.min(1).max(50).nullable().optional(),
  limit_usage: int.min(1).nullable().optional(),
  expires_at: dateTime.nullable().optional(),
});
