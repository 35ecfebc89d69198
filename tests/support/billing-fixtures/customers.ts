import { CREATED, CUSTOMER_ID, MODIFIED, ORG_ID, PAYMENT_METHOD_ID } from './ids.js';

/** The Ensemble user the customer stands for (`external_id`). */
export const USER_ID = '11111111-2222-4333-8444-555555555555';
/** A customer session token (`polar_cst_...`), as customer-portal calls send it. */
export const SESSION_TOKEN = 'polar_cst_Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5Nm';

/** reference §3 "Customer" (seller view), an individual with metadata values of two types. */
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
  locale: 'en',
  organization_id: ORG_ID,
  deleted_at: null,
  avatar_url: 'https://www.gravatar.com/avatar/3c5e0b0c?d=404',
  billing_name: 'Ada Lovelace',
  first_user_event_at: null,
  ...over,
});

/** The customer as the customer portal shows it to themselves. */
export const portalCustomerWire = (over: Record<string, unknown> = {}) => ({
  id: CUSTOMER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  billing_name: null,
  billing_address: { line1: null, line2: null, postal_code: null, city: null, state: null, country: 'GB' },
  tax_id: null,
  oauth_accounts: { discord: { account_id: '80351110224678912', account_username: 'ada#0001' } },
  default_payment_method_id: PAYMENT_METHOD_ID,
  type: 'individual',
  ...over,
});

/** reference §3 "CustomerSession". */
export const customerSessionWire = (over: Record<string, unknown> = {}) => ({
  id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918',
  created_at: CREATED,
  modified_at: null,
  token: SESSION_TOKEN,
  expires_at: '2026-03-01T11:15:30Z',
  return_url: null,
  customer_portal_url: `https://polar.sh/ensemble/portal?customer_session_token=${SESSION_TOKEN}&email=ada%40example.com`,
  customer_id: CUSTOMER_ID,
  customer: customerWire(),
  ...over,
});
