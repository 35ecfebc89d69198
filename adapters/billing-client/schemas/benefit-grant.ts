import { z } from 'zod';
import { benefit, benefitTypes, subscriberProperties } from './benefit.js';
import { base, dateTime, metadata, openEnum } from './common.js';
import { address, customer, taxId } from './customer.js';

/** Grant properties vary by benefit type (account ids, files, license key, meter credit...). */
const grantProperties = z.record(z.string(), z.unknown());

/** reference §3 "BenefitGrant" (seller view). */
export const benefitGrant = z.object({
  ...base,
  granted_at: dateTime.nullable().optional(),
  is_granted: z.boolean(),
  revoked_at: dateTime.nullable().optional(),
  is_revoked: z.boolean(),
  subscription_id: z.string().nullable(),
  order_id: z.string().nullable(),
  customer_id: z.string(),
  member_id: z.string().nullable().optional(),
  benefit_id: z.string(),
  error: z.object({ message: z.string(), type: z.string(), timestamp: z.string() }).nullable().optional(),
  customer,
  benefit,
  properties: grantProperties,
});

/** The customer as the portal shows it to themself. */
export const portalCustomer = z.object({
  ...base,
  email: z.string().nullable(),
  email_verified: z.boolean(),
  name: z.string().nullable(),
  billing_name: z.string().nullable(),
  billing_address: address.nullable(),
  tax_id: taxId.nullable(),
  oauth_accounts: z.record(z.string(), z.object({ account_id: z.string(), account_username: z.string().nullable() })),
  default_payment_method_id: z.string().nullable().optional(),
  type: openEnum(['individual', 'team'] as const).nullable().optional(),
});

export const portalOrganization = z.object({
  ...base,
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  proration_behavior: openEnum(['invoice', 'prorate', 'next_period', 'reset'] as const),
  allow_customer_updates: z.boolean(),
});

const portalBenefitFields = {
  ...base,
  description: z.string(),
  selectable: z.boolean(),
  deletable: z.boolean(),
  is_deleted: z.boolean(),
  organization_id: z.string(),
  metadata,
  organization: portalOrganization,
};
const knownPortalBenefits = benefitTypes.map((type) =>
  z.object({ ...portalBenefitFields, type: z.literal(type), properties: subscriberProperties[type] }),
);

/**
 * A benefit in the portal: the organization, and properties reduced for the customer (e.g. guild id
 * only), typed per known benefit type; a type newer than this list keeps open properties.
 */
export const portalBenefit = z.union([
  ...knownPortalBenefits,
  z.object({
    ...portalBenefitFields,
    type: z.string().refine((type) => !(benefitTypes as readonly string[]).includes(type), 'a known benefit type with other properties'),
    properties: z.record(z.string(), z.unknown()),
  }),
]);

/** Portal benefit grant (six variants told apart by `benefit.type`; one schema, open properties). */
export const portalBenefitGrant = z.object({
  ...base,
  granted_at: dateTime.nullable(),
  revoked_at: dateTime.nullable(),
  customer_id: z.string(),
  benefit_id: z.string(),
  subscription_id: z.string().nullable(),
  order_id: z.string().nullable(),
  is_granted: z.boolean(),
  is_revoked: z.boolean(),
  customer: portalCustomer,
  benefit: portalBenefit,
  properties: grantProperties,
});

/** PATCH body: names its benefit type; discord and github carry the account to grant to. */
export const portalBenefitGrantUpdate = z.discriminatedUnion('benefit_type', [
  z.object({ benefit_type: z.literal('discord'), properties: z.object({ account_id: z.string().min(1) }) }),
  z.object({ benefit_type: z.literal('github_repository'), properties: z.object({ account_id: z.string().min(1) }) }),
  z.object({ benefit_type: z.literal('custom') }),
  z.object({ benefit_type: z.literal('downloadables') }),
  z.object({ benefit_type: z.literal('license_keys') }),
  z.object({ benefit_type: z.literal('meter_credit') }),
]);
