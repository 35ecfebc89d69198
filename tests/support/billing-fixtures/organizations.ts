import { CREATED, MODIFIED, ORG_ID } from './ids.js';

export const organizationWire = (over: Record<string, unknown> = {}) => ({
  id: ORG_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  name: 'Ensemble',
  slug: 'ensemble',
  avatar_url: null,
  email: 'billing@ensemble.example.com',
  website: 'https://ensemble.example.com',
  socials: [{ platform: 'github', url: 'https://github.com/ensemble-example' }],
  status: 'active',
  details_submitted_at: '2026-02-20T09:00:00Z',
  feature_settings: { issue_funding_enabled: false, seat_based_pricing_enabled: false },
  subscription_settings: { allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'prorate' },
  notification_settings: { new_order: true, new_subscription: true },
  customer_email_settings: { order_confirmation: true, subscription_cancellation: true },
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
  ...over,
});
