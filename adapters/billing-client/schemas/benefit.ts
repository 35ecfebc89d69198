import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';

/** reference §3 "Benefit". Discriminated by `type`. */
export const benefitTypes = [
  'custom',
  'discord',
  'downloadables',
  'github_repository',
  'license_keys',
  'meter_credit',
  'feature_flag',
] as const;
export const benefitType = z.enum(benefitTypes);

export const githubPermissions = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
export const licenseKeyTimeframes = ['year', 'month', 'day'] as const;

const licenseKeyExpiration = z.object({ ttl: int.min(1), timeframe: z.enum(licenseKeyTimeframes) });
const licenseKeyActivations = z.object({ limit: int.min(1).max(50), enable_customer_admin: z.boolean() });

/** Seller-view properties per type (what the server answers). */
export const benefitProperties = {
  custom: z.object({ note: z.string().nullable() }),
  discord: z.object({ guild_id: z.string(), role_id: z.string(), kick_member: z.boolean(), guild_token: z.string() }),
  downloadables: z.object({ archived: z.record(z.string(), z.boolean()), files: z.array(z.string()) }),
  github_repository: z.object({
    repository_owner: z.string(),
    repository_name: z.string(),
    permission: openEnum(githubPermissions),
  }),
  license_keys: z.object({
    prefix: z.string().nullable(),
    expires: licenseKeyExpiration.nullable(),
    activations: licenseKeyActivations.nullable(),
    limit_usage: int.nullable(),
  }),
  meter_credit: z.object({ units: int, rollover: z.boolean(), meter_id: z.string() }),
  feature_flag: z.object({}),
} as const;

const benefitVariant = <T extends (typeof benefitTypes)[number]>(type: T) =>
  z.object({
    ...base,
    type: z.literal(type),
    description: z.string(),
    selectable: z.boolean(),
    deletable: z.boolean(),
    is_deleted: z.boolean(),
    organization_id: z.string(),
    metadata,
    properties: benefitProperties[type],
  });

export const benefit = z.discriminatedUnion('type', [
  benefitVariant('custom'),
  benefitVariant('discord'),
  benefitVariant('downloadables'),
  benefitVariant('github_repository'),
  benefitVariant('license_keys'),
  benefitVariant('meter_credit'),
  benefitVariant('feature_flag'),
]);

/** The public view embedded in checkouts: no properties nor metadata. */
export const benefitPublic = z.object({
  ...base,
  type: openEnum(benefitTypes),
  description: z.string(),
  selectable: z.boolean(),
  deletable: z.boolean(),
  is_deleted: z.boolean(),
  organization_id: z.string(),
});

/** Properties as the customer portal shows them (reduced: no guild token, role or permission). */
export const subscriberProperties = {
  custom: z.object({ note: z.string().nullable() }),
  discord: z.object({ guild_id: z.string() }),
  downloadables: z.object({ active_files: z.array(z.string()) }),
  github_repository: z.object({ repository_owner: z.string(), repository_name: z.string() }),
  license_keys: benefitProperties.license_keys,
  meter_credit: benefitProperties.meter_credit,
  feature_flag: z.object({}),
} as const;

/** Properties a seller sends on create/update (discord takes the guild token, not the guild id). */
const inputProperties = {
  custom: z.object({ note: z.string().nullable().optional() }),
  discord: z.object({ guild_token: z.string().min(1), role_id: z.string().min(1), kick_member: z.boolean() }),
  downloadables: z.object({
    archived: z.record(z.string(), z.boolean()).optional(),
    files: z.array(z.string()).min(1),
  }),
  github_repository: z.object({
    repository_owner: z.string().min(1),
    repository_name: z.string().min(1),
    permission: z.enum(githubPermissions),
  }),
  license_keys: z.object({
    prefix: z.string().nullable().optional(),
    expires: licenseKeyExpiration.nullable().optional(),
    activations: licenseKeyActivations.nullable().optional(),
    limit_usage: int.min(1).nullable().optional(),
  }),
  meter_credit: z.object({ units: int.min(1), rollover: z.boolean(), meter_id: z.string().min(1) }),
  feature_flag: z.object({}),
} as const;

const description = z.string().min(3).max(42);

const createVariant = <T extends (typeof benefitTypes)[number]>(type: T) =>
  z.object({
    type: z.literal(type),
    description,
    organization_id: z.string().nullable().optional(),
    metadata: metadata.optional(),
    properties: inputProperties[type],
  });

/** POST /v1/benefits/ body, discriminated by type. */
export const benefitCreate = z.discriminatedUnion('type', [
  createVariant('custom'),
  createVariant('discord'),
  createVariant('downloadables'),
  createVariant('github_repository'),
  createVariant('license_keys'),
  createVariant('meter_credit'),
  createVariant('feature_flag'),
]);

// The properties schema is passed in, not looked up by `type`: calling .nullable() on
// `inputProperties[T]` would type it against every variant at once (each field `never`).
const updateVariant = <T extends (typeof benefitTypes)[number], P extends z.ZodType>(type: T, properties: P) =>
  z.object({
    type: z.literal(type),
    description: description.nullable().optional(),
    metadata: metadata.nullable().optional(),
    properties: z.optional(z.nullable(properties)),
  });

/** PATCH /v1/benefits/{id} body: `type` names the variant, the rest is partial. */
export const benefitUpdate = z.discriminatedUnion('type', [
  updateVariant('custom', inputProperties.custom),
  updateVariant('discord', inputProperties.discord),
  updateVariant('downloadables', inputProperties.downloadables),
  updateVariant('github_repository', inputProperties.github_repository),
  updateVariant('license_keys', inputProperties.license_keys),
  updateVariant('meter_credit', inputProperties.meter_credit),
  updateVariant('feature_flag', inputProperties.feature_flag),
]);
