import { z } from 'zod';
import { base, dateTime, int, openEnum } from './common.js';

export const prorationBehavior = openEnum(['invoice', 'prorate'] as const);

export const socialPlatforms = ['x', 'github', 'facebook', 'instagram', 'youtube', 'tiktok', 'linkedin', 'other'] as const;
export const organizationSocialLink = z.object({ platform: openEnum(socialPlatforms), url: z.string() });

export const organizationSubscriptionSettings = z.object({
  allow_multiple_subscriptions: z.boolean(),
  allow_customer_updates: z.boolean(),
  proration_behavior: prorationBehavior,
  benefit_revocation_grace_period: int,
  prevent_trial_abuse: z.boolean(),
});
export const organizationNotificationSettings = z.object({ new_order: z.boolean(), new_subscription: z.boolean() });
/** Flags grow over time; the known one keeps its documented default. */
export const organizationFeatureSettings = z
  .object({ issue_funding_enabled: z.boolean().default(false) })
  .catchall(z.boolean());

/** What the customer portal lets a customer see and change. */
export const customerPortalSettings = z.object({
  usage: z.object({ show: z.boolean() }),
  subscription: z.object({ update_seats: z.boolean(), update_plan: z.boolean() }),
});

const customerEmailSettingNames = [
  'order_confirmation', 'subscription_cancellation', 'subscription_confirmation', 'subscription_cycled',
  'subscription_cycled_after_trial', 'subscription_past_due', 'subscription_renewal_reminder', 'subscription_revoked',
  'subscription_trial_conversion_reminder', 'subscription_uncanceled', 'subscription_updated',
] as const;
const customerEmailSettings = z
  .object(Object.fromEntries(customerEmailSettingNames.map((name) => [name, z.boolean()])) as Record<(typeof customerEmailSettingNames)[number], z.ZodBoolean>)
  .catchall(z.boolean());

const capabilityNames = ['checkout_payments', 'subscription_renewals', 'payouts', 'refunds', 'api_access', 'dashboard_access'] as const;
const organizationCapabilities = z
  .object(Object.fromEntries(capabilityNames.map((name) => [name, z.boolean()])) as Record<(typeof capabilityNames)[number], z.ZodBoolean>)
  .catchall(z.boolean());

/** reference §3 "Organization": every key SDK 0.48's `Organization` requires (nullable ones as `null`). */
export const organization = z.object({
  ...base,
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  proration_behavior: openEnum(['invoice', 'prorate', 'next_period', 'reset'] as const),
  allow_customer_updates: z.boolean(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  socials: z.array(organizationSocialLink),
  status: z.string(),
  details_submitted_at: dateTime.nullable(),
  default_presentment_currency: z.string(),
  default_tax_behavior: openEnum(['location', 'inclusive', 'exclusive'] as const),
  feature_settings: organizationFeatureSettings.nullable(),
  subscription_settings: organizationSubscriptionSettings,
  notification_settings: organizationNotificationSettings,
  customer_email_settings: customerEmailSettings,
  customer_portal_settings: customerPortalSettings,
  country: z.string().nullable().optional(),
  account_id: z.string().nullable(),
  payout_account_id: z.string().nullable(),
  capabilities: organizationCapabilities,
});

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

/** Same as create except the slug, all optional. */
export const organizationUpdate = z.object({ name: z.string().min(3).nullable().optional(), ...organizationSettings });
