import { z } from 'zod';
import { base, dateTime, int, openEnum } from './common.js';

export const prorationBehavior = openEnum(['invoice', 'prorate'] as const);

export const socialPlatforms = ['x', 'github', 'facebook', 'instagram', 'youtube', 'tiktok', 'linkedin', 'other'] as const;
export const organizationSocialLink = z.object({ platform: openEnum(socialPlatforms), url: z.string() });

export const organizationSubscriptionSettings = z.object({
  allow_multiple_subscriptions: z.boolean(),
  allow_customer_updates: z.boolean(),
  proration_behavior: prorationBehavior,
});
export const organizationNotificationSettings = z.object({ new_order: z.boolean(), new_subscription: z.boolean() });
/** Flags grow over time; the known one keeps its documented default. */
export const organizationFeatureSettings = z
  .object({ issue_funding_enabled: z.boolean().default(false) })
  .catchall(z.boolean());

/**
 * reference §3 "Organization": the settings objects are required; the rest of the provider's growing
 * list (status, capabilities, e-mail and portal settings) is accepted when present.
 */
export const organization = z.object({
  ...base,
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  socials: z.array(organizationSocialLink),
  details_submitted_at: dateTime.nullable(),
  feature_settings: organizationFeatureSettings.nullable(),
  subscription_settings: organizationSubscriptionSettings,
  notification_settings: organizationNotificationSettings,
  status: z.string().optional(),
  proration_behavior: prorationBehavior.optional(),
  allow_customer_updates: z.boolean().optional(),
  customer_email_settings: z.record(z.string(), z.boolean()).optional(),
  customer_portal_settings: z.record(z.string(), z.unknown()).optional(),
});
export type OrganizationWire = z.output<typeof organization>;

export const organizationDetails = z.object({
  about: z.string().min(1),
  product_description: z.string().min(1),
  intended_use: z.string().min(1),
  customer_acquisition: z.array(z.string()),
  future_annual_revenue: int.min(0),
  switching: z.boolean().default(true),
  switching_from: z.enum(['paddle', 'lemon_squeezy', 'gumroad', 'stripe', 'other']).nullable().optional(),
  previous_annual_revenue: int.min(0).default(0),
});

const organizationSettings = {
  avatar_url: z.url().nullable().optional(),
  email: z.email().nullable().optional(),
  website: z.url().nullable().optional(),
  socials: z.array(z.object({ platform: z.enum(socialPlatforms), url: z.url() })).nullable().optional(),
  details: organizationDetails.nullable().optional(),
  feature_settings: z.object({ issue_funding_enabled: z.boolean().default(false) }).nullable().optional(),
  subscription_settings: z
    .object({
      allow_multiple_subscriptions: z.boolean(),
      allow_customer_updates: z.boolean(),
      proration_behavior: z.enum(['invoice', 'prorate']),
    })
    .nullable()
    .optional(),
  notification_settings: organizationNotificationSettings.nullable().optional(),
};

export const organizationCreate = z.object({
  name: z.string().min(3),
  slug: z.string().min(3).regex(/^[a-z0-9-]+$/, 'slug: lowercase letters, digits and "-" only'),
  ...organizationSettings,
});

/** Same as create except the slug, all optional (part B §3). */
export const organizationUpdate = z.object({ name: z.string().min(3).nullable().optional(), ...organizationSettings });
