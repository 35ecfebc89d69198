import { afterEach, describe, expect, it } from 'vitest';
import { portalBenefitGrantWire } from '../../../support/billing-fixtures/benefit-grants.js';
import { portalCustomerWire, SESSION_TOKEN } from '../../../support/billing-fixtures/customers.js';
import { BENEFIT_ID, CUSTOMER_METER_ID, GRANT_ID, METER_ID, ORG_ID, page, PAYMENT_METHOD_ID, SUBSCRIPTION_ID } from '../../../support/billing-fixtures/ids.js';
import { licenseKeyWire } from '../../../support/billing-fixtures/license-keys.js';
import { customerMeterWire } from '../../../support/billing-fixtures/meters.js';
import { cardPaymentMethodWire, downloadableWire } from '../../../support/billing-fixtures/portal-account.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

const SESSION = { customerSession: SESSION_TOKEN };
let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

const portalMeterWire = () => {
  const { customer: _c, meter, ...rest } = customerMeterWire();
  return { ...rest, meter: { id: meter.id, created_at: meter.created_at, modified_at: meter.modified_at, name: meter.name } };
};

describe('customer portal (billing-api-part-a.md §6-§7)', () => {
  it('portal calls send the customer session token, never the organization token', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/customers/me', { status: 200, body: portalCustomerWire() });
    dataOf(await api.client.customerPortal.customers.get(SESSION));
    expect(api.seen[0]!.headers.authorization).toBe(`Bearer ${SESSION.customerSession}`);
  });

  it('a portal call without a session token is refused locally', async () => {
    api = mockBilling();
    const error = errorOf(await api.client.customerPortal.customers.get({ customerSession: '' }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('customer session token');
    expect(api.seen).toHaveLength(0);
  });

  it('GET /v1/customer-portal/benefit-grants/ with type, ids and sorting; every page keeps the session', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/benefit-grants/', { status: 200, body: page([portalBenefitGrantWire(), portalBenefitGrantWire({ id: 'g-2' })], 3, 2) });
    api.reply('GET', '/v1/customer-portal/benefit-grants/', { status: 200, body: page([portalBenefitGrantWire({ id: 'g-3' })], 3, 2) });
    const ids: string[] = [];
    for await (const grant of api.client.customerPortal.benefitGrants.list.items(SESSION, {
      type: ['discord', 'github_repository'],
      subscriptionId: SUBSCRIPTION_ID,
      sorting: ['-granted_at'],
      limit: 2,
    })) {
      ids.push(grant.id);
      expect(grant.benefit.organization.slug).toBe('ensemble');
    }
    expect(ids).toEqual([GRANT_ID, 'g-2', 'g-3']);
    expect(api.seen[0]!.query).toEqual([
      ['type', 'discord'],
      ['type', 'github_repository'],
      ['subscription_id', SUBSCRIPTION_ID],
      ['page', '1'],
      ['limit', '2'],
      ['sorting', '-granted_at'],
    ]);
    expect(api.seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${SESSION.customerSession}`, `Bearer ${SESSION.customerSession}`]);
  });

  it('GET and PATCH /v1/customer-portal/benefit-grants/{id}; the update names its benefit type', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/benefit-grants/', { status: 200, body: portalBenefitGrantWire() });
    api.reply('PATCH', '/v1/customer-portal/benefit-grants/', { status: 200, body: portalBenefitGrantWire() });
    api.reply('PATCH', '/v1/customer-portal/benefit-grants/', { status: 403, body: { error: 'NotPermitted', detail: 'Not permitted' } });
    const grant = dataOf(await api.client.customerPortal.benefitGrants.get(SESSION, { id: GRANT_ID }));
    expect(grant.properties).toMatchObject({ accountId: '80351110224678912' });
    dataOf(await api.client.customerPortal.benefitGrants.update(SESSION, { id: GRANT_ID, customerBenefitGrantUpdate: { benefitType: 'discord', properties: { accountId: '80351110224678912' } } }));
    expect(api.seen[1]).toMatchObject({ method: 'PATCH', path: `/v1/customer-portal/benefit-grants/${GRANT_ID}` });
    expect(api.seen[1]!.body).toEqual({ benefit_type: 'discord', properties: { account_id: '80351110224678912' } });
    expect(errorOf(await api.client.customerPortal.benefitGrants.update(SESSION, { id: GRANT_ID, customerBenefitGrantUpdate: { benefitType: 'custom' } }))).toMatchObject({ error: 'NotPermitted' });
    expect(errorOf(await api.client.customerPortal.benefitGrants.update(SESSION, { id: GRANT_ID, customerBenefitGrantUpdate: { benefitType: 'payouts' } as never })).kind).toBe('input_validation');
  });

  it('GET /v1/customer-portal/downloadables/ parses signed download links', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/downloadables/', { status: 200, body: page([downloadableWire()]) });
    const listed = dataOf(await api.client.customerPortal.downloadables.list(SESSION, { organizationId: ORG_ID, benefitId: BENEFIT_ID }));
    expect(api.seen[0]!.query).toEqual([['organization_id', ORG_ID], ['benefit_id', BENEFIT_ID], ['page', '1'], ['limit', '10']]);
    expect(listed.items[0]!.file.download).toMatchObject({ url: expect.stringContaining('X-Amz-Signature'), expiresAt: '2026-03-01T11:16:02Z' });
  });

  it('GET /v1/customer-portal/meters/ and /{id}: the meter reduced to id and name', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/meters/', { status: 200, body: page([portalMeterWire()]) });
    api.reply('GET', '/v1/customer-portal/meters/', { status: 200, body: portalMeterWire() });
    const listed = dataOf(await api.client.customerPortal.customerMeters.list(SESSION, { meterId: METER_ID, query: 'tokens', sorting: ['-balance'] }));
    expect(api.seen[0]!.query).toEqual([['meter_id', METER_ID], ['query', 'tokens'], ['page', '1'], ['limit', '10'], ['sorting', '-balance']]);
    expect(listed.items[0]!.meter).toEqual({ id: METER_ID, createdAt: expect.any(String), modifiedAt: null, name: 'Model tokens' });
    dataOf(await api.client.customerPortal.customerMeters.get(SESSION, { id: CUSTOMER_METER_ID }));
    expect(api.seen[1]!.path).toBe(`/v1/customer-portal/meters/${CUSTOMER_METER_ID}`);
  });

  it('GET and PATCH /v1/customer-portal/customers/me', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/customers/me', { status: 200, body: portalCustomerWire() });
    api.reply('PATCH', '/v1/customer-portal/customers/me', { status: 200, body: portalCustomerWire({ name: 'Ada King' }) });
    const me = dataOf(await api.client.customerPortal.customers.get(SESSION));
    expect(me.oauthAccounts).toEqual({ discord: { accountId: '80351110224678912', accountUsername: 'ada#0001' } });
    const updated = dataOf(
      await api.client.customerPortal.customers.update(SESSION, { name: 'Ada King', billingAddress: { country: 'FR', postalCode: '75001' } }),
    );
    expect(api.seen[1]!.body).toEqual({ name: 'Ada King', billing_address: { country: 'FR', postal_code: '75001' } });
    expect(updated.name).toBe('Ada King');
    expect(errorOf(await api.client.customerPortal.customers.update(SESSION, { email: 'not-an-email' })).kind).toBe('input_validation');
  });

  it('payment methods: list, add (201) and delete (204)', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/customers/me/payment-methods', { status: 200, body: page([cardPaymentMethodWire(), cardPaymentMethodWire({ id: 'pm-2', type: 'sepa_debit', method_metadata: undefined })]) });
    api.reply('POST', '/v1/customer-portal/customers/me/payment-methods', { status: 201, body: { status: 'succeeded', payment_method: cardPaymentMethodWire() } });
    api.reply('DELETE', '/v1/customer-portal/customers/me/payment-methods/', { status: 204 });
    api.reply('DELETE', '/v1/customer-portal/customers/me/payment-methods/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    const methods = dataOf(await api.client.customerPortal.customers.listPaymentMethods(SESSION, { limit: 20 }));
    expect(methods.items[0]).toMatchObject({ type: 'card', methodMetadata: { brand: 'visa', last4: '4242', expYear: 2030 } });
    expect(methods.items[1]).toMatchObject({ type: 'sepa_debit' });
    const added = dataOf(
      await api.client.customerPortal.customers.addPaymentMethod(SESSION, { confirmationTokenId: 'ctoken_1', setDefault: true, returnUrl: 'https://ensemble.example/account' }),
    );
    expect(api.seen[1]!.body).toEqual({ confirmation_token_id: 'ctoken_1', set_default: true, return_url: 'https://ensemble.example/account' });
    expect(added.status).toBe('succeeded');
    dataOf(await api.client.customerPortal.customers.deletePaymentMethod(SESSION, { id: PAYMENT_METHOD_ID }));
    expect(api.seen[2]).toMatchObject({ method: 'DELETE', path: `/v1/customer-portal/customers/me/payment-methods/${PAYMENT_METHOD_ID}` });
    expect(errorOf(await api.client.customerPortal.customers.deletePaymentMethod(SESSION, { id: 'gone' }))).toMatchObject({ error: 'ResourceNotFound' });
  });

  it('GET /v1/customer-portal/license-keys/; 401 Unauthorized is typed', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-portal/license-keys/', { status: 200, body: page([licenseKeyWire()]) });
    api.reply('GET', '/v1/customer-portal/license-keys/', { status: 401, body: { error: 'Unauthorized', detail: 'Unauthorized' } });
    const listed = dataOf(await api.client.customerPortal.licenseKeys.list(SESSION, { benefitId: BENEFIT_ID }));
    expect(api.seen[0]!.query).toEqual([['benefit_id', BENEFIT_ID], ['page', '1'], ['limit', '10']]);
    expect(listed.items[0]).toMatchObject({ displayKey: '****-0A8B6D5E4F31', status: 'granted', limitActivations: 3 });
    expect(errorOf(await api.client.customerPortal.licenseKeys.list(SESSION))).toMatchObject({ kind: 'provider', error: 'Unauthorized', statusCode: 401 });
  });
});
