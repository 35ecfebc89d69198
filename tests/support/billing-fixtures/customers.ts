import { CREATED, CUSTOMER_ID, MODIFIED, ORG_ID } from './ids.js';

export const USER_ID = '11111111-2222-4333-8444-555555555555';

export const customerWire = (over: Record<string, unknown> = {}) => ({
  id: CUSTOMER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  metadata: { signup_source: 'google', plan_tier: 2 },
  external_id: USER_ID,
  email: 'ada@example.com',
  email_verified: true,
  type: 'individual',
  name: 'Ada Lovelace',
  billing_address: { line1: '12 Analytical Row', line2: null, postal_code: 'EC1A 1BB', city: 'London', state: null, country: 'GB' },
  tax_id: ['GB123456789', 'gb_vat'],
  organization_id: ORG_ID,
  deleted_at: null,
  avatar_url: 'https://www.gravatar.com/avatar/3c5e0b0c?d=404',
  ...over,
});

export const customerStateWire = (over: Record<string, unknown> = {}) => ({
  ...customerWire(),
  active_subscriptions: [],
  granted_benefits: [],
  active_meters: [],
  ...over,
});
