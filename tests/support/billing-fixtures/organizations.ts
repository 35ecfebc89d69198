import { CREATED, MODIFIED, ORG_ID } from './ids.js';

export const organizationWire = (over: Record<string, unknown> = {}) => ({
  id: ORG_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  name: 'Ensemble',
  slug: 'ensemble',
  avatar_url: null,
  proration_behavior: 'prorate',
  allow_customer_updates: true,
  email: 'billing@ensemble.example.com',
  website: 'https://ensemble.example.com',
  socials: [{ platform: 'github', url: 'https://github.com/ensemble-example' }],
  status: 'active',
  details_submitted_at: '2026-02-20T09:00:00Z',
  default_presentment_currency: 'usd',
  default_tax_behavior: 'location',
  feature_settings: { issue_funding_enabled: false, seat_based_pricing_enabled: false },
  subscription_settings: {
    allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'prorate',
    benefit_revocation_grace_period: 0, prevent_trial_abuse: false,
  },
  notification_settings: { new_order: true, new_subscription: true },
  customer_email_settings: {
    order_confirmation: true, subscription_cancellation: true, subscription_confirmation: true, subscription_cycled: true,
    subscription_cycled_after_trial: true, subscription_past_due: true, subscription_renewal_reminder: true, subscription_revoked: true,
    subscription_trial_conversion_reminder: true, subscription_uncanceled: true, subscription_updated: true,
  },
  customer_portal_settings: { usage: { show: true }, subscription: { update_seats: true, update_plan: true } },
  account_id: null,
  payout_account_id: null,
  capabilities: { checkout_payments: true, subscription_renewals: true, payouts: true, refunds: true, api_access: true, dashboard_access: true },
  ...over,
});

/** The organization as checkouts and the customer portal show it. */
export const customerOrganizationWire = (over: Record<string, unknown> = {}) => ({
  id: ORG_ID,
  created_at: CREATED,
  modified_at: null,
  name: 'Ensemble',
  slug: 'ensemble',
  avatar_url: null,
  proration_behavior: 'prorate',
  allow_customer_updates: true,
  customer_portal_settings: { usage: { show: true }, subscription: { update_seats: true, update_plan: true } },
  ...over,
});
