import { z } from 'zod';
import { base, dateTime, int, metadata, newEnumValue, openEnum } from './common.js';

/** `billing_address`: country required, the rest may be null or absent. */
export const address = z.object({
  line1: z.string().nullable().optional(),
  line2: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  country: z.string().min(2),
});

/** `[value, type]`, e.g. `["FR61954506077", "eu_vat"]`; the type list is long and open. */
export const taxId = z.tuple([z.string(), z.string()]);

const customerBase = {
  ...base,
  metadata,
  external_id: z.string().nullable().optional(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
  billing_address: address.nullable(),
  tax_id: taxId.nullable(),
  locale: z.string().nullable().optional(),
  organization_id: z.string(),
  deleted_at: dateTime.nullable(),
  avatar_url: z.string(),
  default_payment_method_id: z.string().nullable().optional(),
};

/**
 * reference §3 "Customer": a union on `type` (individual: email required; team: email optional).
 * `type` is required, as SDK 0.48 requires it (its union has no variant without it).
 */
export const customer = z.union([
  z.object({ ...customerBase, type: z.literal('individual'), email: z.string() }),
  z.object({ ...customerBase, type: z.literal('team'), email: z.string().nullable().optional() }),
]);

export const customerTypes = ['individual', 'team'] as const;

/**
 * The customer as orders and subscriptions embed it: there SDK 0.48 reads `type` as an open enum, so a
 * type added later is accepted too (its e-mail may be absent, as a team's).
 */
export const customerEmbedded = z.union([
  ...customer.options,
  z.object({ ...customerBase, type: newEnumValue(customerTypes), email: z.string().nullable().optional() }),
]);

/** reference §3 "CustomerState". */
export const customerStateSubscription = z.object({
  ...base,
  metadata,
  custom_field_data: z.record(z.string(), z.unknown()).optional(),
  status: openEnum(['active', 'trialing'] as const),
  amount: int,
  currency: z.string(),
  recurring_interval: z.string(),
  current_period_start: dateTime,
  current_period_end: dateTime.nullable(),
  trial_start: dateTime.nullable(),
  trial_end: dateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: dateTime.nullable(),
  started_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  product_id: z.string(),
  discount_id: z.string().nullable(),
  meters: z.array(
    z.object({ ...base, consumed_units: z.number(), credited_units: int, amount: int, meter_id: z.string() }),
  ),
});

export const customerStateBenefitGrant = z.object({
  ...base,
  granted_at: dateTime,
  benefit_id: z.string(),
  benefit_type: z.string(),
  benefit_metadata: metadata,
  properties: z.record(z.string(), z.unknown()),
});

export const customerStateMeter = z.object({
  ...base,
  meter_id: z.string(),
  consumed_units: z.number(),
  credited_units: int,
  balance: z.number(),
});

const stateLists = {
  active_subscriptions: z.array(customerStateSubscription),
  granted_benefits: z.array(customerStateBenefitGrant),
  active_meters: z.array(customerStateMeter),
};
export const customerState = z.union([
  z.object({ ...customerBase, type: z.literal('individual'), email: z.string(), ...stateLists }),
  z.object({ ...customerBase, type: z.literal('team'), email: z.string().nullable().optional(), ...stateLists }),
]);
