import { benefitWire } from './benefits.js';
import { customerWire, portalCustomerWire } from './customers.js';
import { BENEFIT_ID, CREATED, CUSTOMER_ID, GRANT_ID, METER_ID, MODIFIED, ORG_ID, SUBSCRIPTION_ID } from './ids.js';

/** reference §3 "BenefitGrant" (seller view). */
export const benefitGrantWire = (over: Record<string, unknown> = {}) => ({
  id: GRANT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  granted_at: '2026-03-01T10:16:00Z',
  is_granted: true,
  revoked_at: null,
  is_revoked: false,
  subscription_id: SUBSCRIPTION_ID,
  order_id: null,
  customer_id: CUSTOMER_ID,
  benefit_id: BENEFIT_ID,
  error: null,
  customer: customerWire(),
  benefit: benefitWire(),
  properties: { last_credited_meter_id: METER_ID, last_credited_units: 1000, last_credited_at: '2026-03-01T10:16:00Z' },
  ...over,
});

/** A grant as the customer portal shows it: a Discord benefit with its organization. */
export const portalBenefitGrantWire = (over: Record<string, unknown> = {}) => ({
  id: GRANT_ID,
  created_at: CREATED,
  modified_at: null,
  granted_at: '2026-03-01T10:16:00Z',
  revoked_at: null,
  customer_id: CUSTOMER_ID,
  benefit_id: BENEFIT_ID,
  subscription_id: SUBSCRIPTION_ID,
  order_id: null,
  is_granted: true,
  is_revoked: false,
  customer: portalCustomerWire(),
  benefit: {
    id: BENEFIT_ID,
    created_at: CREATED,
    modified_at: null,
    type: 'discord',
    description: 'Ensemble community',
    selectable: true,
    deletable: true,
    is_deleted: false,
    organization_id: ORG_ID,
    metadata: {},
    organization: {
      id: ORG_ID, created_at: CREATED, modified_at: null, name: 'Ensemble', slug: 'ensemble', avatar_url: null,
      proration_behavior: 'prorate', allow_customer_updates: true,
    },
    properties: { guild_id: '613425648685547541' },
  },
  properties: { account_id: '80351110224678912', guild_id: '613425648685547541', role_id: '613425648685547542' },
  ...over,
});
