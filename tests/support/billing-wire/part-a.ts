import { BENEFIT_ID, CREATED, CUSTOMER_ID, FILE_ID, METER_ID, MODIFIED, ORG_ID, SUBSCRIPTION_ID } from '../billing-fixtures/ids.js';
import { benefitWire } from './catalog.js';
import { checkoutPublicWire } from './checkouts.js';
import { customerWire } from './customers.js';

/** Wire answers of the part A areas (billing part A §3, reference §3). */
export const CHECKOUT_LINK_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const GRANT_ID = '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e';
export const PAYMENT_METHOD_ID = '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f';
export const CUSTOMER_METER_ID = '8d7e6f5a-4b3c-4d2e-9f0a-1b2c3d4e5f6a';

export const checkoutLinkWire = (over: Record<string, unknown> = {}) => {
  const { products, discount } = checkoutPublicWire();
  return {
    id: CHECKOUT_LINK_ID,
    created_at: CREATED,
    modified_at: null,
    metadata: { campaign: 'spring' },
    payment_processor: 'stripe',
    client_secret: 'polar_cl_Hg5Fd3Sa1Qw9Er7Ty5Ui3Op1As9Df7Gh5Jk3Lz',
    success_url: 'https://ensemble.example/subscribe?checkout=success',
    return_url: null,
    label: 'Spring promo',
    allow_discount_codes: true,
    require_billing_address: false,
    discount_id: null,
    organization_id: ORG_ID,
    trial_interval: null,
    trial_interval_count: null,
    products,
    discount: { ...discount },
    url: 'https://sandbox-api.polar.sh/v1/checkout-links/polar_cl_Hg5Fd3Sa1Qw9Er7Ty5Ui3Op1As9Df7Gh5Jk3Lz/redirect',
    ...over,
  };
};

export const meterWire = (over: Record<string, unknown> = {}) => ({
  id: METER_ID,
  created_at: CREATED,
  modified_at: null,
  metadata: {},
  name: 'Model tokens',
  unit: 'token',
  filter: {
    conjunction: 'and',
    clauses: [
      { property: 'name', operator: 'eq', value: 'model.usage' },
      { conjunction: 'or', clauses: [{ property: 'model', operator: 'like', value: 'gpt' }] },
    ],
  },
  aggregation: { func: 'sum', property: 'tokens' },
  organization_id: ORG_ID,
  ...over,
});

export const customerMeterWire = (over: Record<string, unknown> = {}) => ({
  id: CUSTOMER_METER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  customer_id: CUSTOMER_ID,
  meter_id: METER_ID,
  consumed_units: 120.5,
  credited_units: 1000,
  balance: 879.5,
  customer: customerWire(),
  meter: meterWire(),
  ...over,
});

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
    organization_id: ORG_ID,
    organization: { id: ORG_ID, created_at: CREATED, modified_at: null, name: 'Ensemble', slug: 'ensemble', avatar_url: null },
    properties: { guild_id: '613425648685547541' },
  },
  properties: { account_id: '80351110224678912', guild_id: '613425648685547541', role_id: '613425648685547542' },
  ...over,
});

export const downloadableWire = (over: Record<string, unknown> = {}) => ({
  id: '9e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b',
  benefit_id: BENEFIT_ID,
  file: {
    id: FILE_ID,
    organization_id: ORG_ID,
    name: 'ensemble-prompt-pack.zip',
    path: `${ORG_ID}/${FILE_ID}/ensemble-prompt-pack.zip`,
    mime_type: 'application/zip',
    size: 2_097_152,
    storage_version: null,
    checksum_etag: '"9b2cf535f27731c974343645a3985328"',
    checksum_sha256_base64: null,
    checksum_sha256_hex: null,
    last_modified_at: '2026-03-01T10:16:02Z',
    download: { url: 'https://s3.example.test/download?X-Amz-Signature=abc', headers: {}, expires_at: '2026-03-01T11:16:02Z' },
    version: null,
    is_uploaded: true,
    service: 'downloadable',
    size_readable: '2.0 MB',
  },
  ...over,
});

export const cardPaymentMethodWire = (over: Record<string, unknown> = {}) => ({
  id: PAYMENT_METHOD_ID,
  created_at: CREATED,
  modified_at: null,
  processor: 'stripe',
  customer_id: CUSTOMER_ID,
  type: 'card',
  method_metadata: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: null },
  ...over,
});

export const list = <T>(items: T[], maxPage = 1) => ({ items, pagination: { total_count: items.length, max_page: maxPage } });
