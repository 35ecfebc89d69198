import type { OrganizationRecord } from '../../engine/records.js';

/** Every key SDK 0.48's `Organization` requires; the sandbox has no tax engine, payouts or trials to configure. */
export function organizationWire(o: OrganizationRecord) {
  return {
    id: o.id,
    created_at: o.created_at,
    modified_at: o.modified_at,
    name: o.name,
    slug: o.slug,
    avatar_url: o.avatar_url,
    proration_behavior: o.subscription_settings.proration_behavior,
    allow_customer_updates: o.subscription_settings.allow_customer_updates,
    email: o.email,
    website: o.website,
    socials: o.socials,
    status: 'active',
    details_submitted_at: o.details_submitted_at,
    default_presentment_currency: 'usd',
    default_tax_behavior: 'location',
    feature_settings: o.feature_settings,
    subscription_settings: { benefit_revocation_grace_period: 0, prevent_trial_abuse: false, ...o.subscription_settings },
    notification_settings: o.notification_settings,
    customer_email_settings: {
      order_confirmation: true, subscription_cancellation: true, subscription_confirmation: true, subscription_cycled: true,
      subscription_cycled_after_trial: true, subscription_past_due: true, subscription_renewal_reminder: true, subscription_revoked: true,
      subscription_trial_conversion_reminder: true, subscription_uncanceled: true, subscription_updated: true,
    },
    customer_portal_settings: { usage: { show: true }, subscription: { update_seats: true, update_plan: true } },
    account_id: null,
    payout_account_id: null,
    capabilities: { checkout_payments: true, subscription_renewals: true, payouts: false, refunds: true, api_access: true, dashboard_access: true },
  };
}
