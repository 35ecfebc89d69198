import { afterEach, describe, expect, it } from 'vitest';
import { customerStateWire } from '../../../support/billing-fixtures/customer-state.js';
import { customerWire, USER_ID } from '../../../support/billing-fixtures/customers.js';
import { CUSTOMER_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('customers (billing-api-part-b.md §7 "Customers")', () => {
  const api = mockBilling();
  const customers = api.client.customers;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list by email with sorting and a metadata filter (values OR-ed per key)', async () => {
    api.json(200, page([customerWire()]));
    const answer = dataOf(
      await customers.list({ organizationId: ORG_ID, email: 'ada@example.com', sorting: ['-created_at'], metadata: { plan_tier: [1, 2], signup_source: 'google' } }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/customers/']);
    expect(api.last().query).toEqual([
      ['organization_id', ORG_ID],
      ['email', 'ada@example.com'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-created_at'],
      ['metadata[plan_tier]', '1'],
      ['metadata[plan_tier]', '2'],
      ['metadata[signup_source]', 'google'],
    ]);
    expect(answer.items[0]).toMatchObject({
      externalId: USER_ID,
      emailVerified: true,
      metadata: { signup_source: 'google', plan_tier: 2 },
      billingAddress: { postalCode: 'EC1A 1BB' },
      taxId: ['GB123456789', 'gb_vat'],
    });
  });

  it('billing-api-part-b.md §5: create needs an e-mail; metadata keys are sent untouched', async () => {
    api.json(201, customerWire());
    dataOf(
      await customers.create({
        email: 'ada@example.com',
        externalId: USER_ID,
        name: 'Ada Lovelace',
        billingAddress: { country: 'GB', postalCode: 'EC1A 1BB' },
        taxId: ['GB123456789', 'gb_vat'],
        metadata: { signupSource: 'google' },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/customers/']);
    expect(api.last().body).toEqual({
      email: 'ada@example.com',
      external_id: USER_ID,
      name: 'Ada Lovelace',
      billing_address: { country: 'GB', postal_code: 'EC1A 1BB' },
      tax_id: ['GB123456789', 'gb_vat'],
      metadata: { signupSource: 'google' },
    });
    const before = api.seen.length;
    const error = errorOf(await customers.create({ name: 'No Mail' } as never));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('body.email');
    expect(errorOf(await customers.create({ email: 'ada@example.com', metadata: { nested: { no: 1 } as never } })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('reference §4: a duplicate external id answers a 422 validation error', async () => {
    api.json(422, { detail: [{ loc: ['body', 'external_id'], msg: 'A customer with this external ID already exists.', type: 'value_error' }] });
    const error = errorOf(await customers.create({ email: 'ada@example.com', externalId: USER_ID }));
    expect(error).toMatchObject({ kind: 'http_validation', detail: [{ loc: ['body', 'external_id'] }] });
  });

  it('billing-api-part-b.md §7: get, update and delete by id', async () => {
    api.json(200, customerWire());
    expect(dataOf(await customers.get({ id: CUSTOMER_ID })).id).toBe(CUSTOMER_ID);
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/customers/${CUSTOMER_ID}`]);

    api.json(200, customerWire({ name: 'Ada King' }));
    expect(dataOf(await customers.update({ id: CUSTOMER_ID, customerUpdate: { name: 'Ada King', externalId: USER_ID } })).name).toBe('Ada King');
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { name: 'Ada King', external_id: USER_ID }]);

    api.next({ status: 204 });
    expect(dataOf(await customers.delete({ id: CUSTOMER_ID }))).toBeUndefined();
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/customers/${CUSTOMER_ID}`]);
  });

  it('billing-api-part-b.md §7: get, update and delete by external id; the external update cannot carry external_id', async () => {
    api.json(200, customerWire());
    dataOf(await customers.getExternal({ externalId: USER_ID }));
    expect(api.last().path).toBe(`/v1/customers/external/${USER_ID}`);

    api.json(200, customerWire());
    dataOf(await customers.updateExternal({ externalId: USER_ID, customerUpdateExternalID: { email: 'ada@lovelace.example', externalId: 'other' } as never }));
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { email: 'ada@lovelace.example' }]);

    api.next({ status: 204 });
    dataOf(await customers.deleteExternal({ externalId: USER_ID }));
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/customers/external/${USER_ID}`]);
  });

  it('billing-api-part-b.md §3: the state by id adds active subscriptions, granted benefits and active meters', async () => {
    api.json(200, customerStateWire());
    const state = dataOf(await customers.getState({ id: CUSTOMER_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/customers/${CUSTOMER_ID}/state`]);
    expect(state).toMatchObject({
      activeSubscriptions: [{ status: 'active', amount: 2000 }],
      grantedBenefits: [{ benefitType: 'meter_credit' }],
      activeMeters: [{ creditedUnits: 1000, balance: 879.5 }],
    });
  });

  it('billing-api-part-b.md §8: every by-id and by-external-id call answers 404 ResourceNotFound', async () => {
    const calls = [
      () => customers.get({ id: CUSTOMER_ID }),
      () => customers.update({ id: CUSTOMER_ID, customerUpdate: {} }),
      () => customers.delete({ id: CUSTOMER_ID }),
      () => customers.getState({ id: CUSTOMER_ID }),
      () => customers.getExternal({ externalId: USER_ID }),
      () => customers.updateExternal({ externalId: USER_ID, customerUpdateExternalID: {} }),
      () => customers.deleteExternal({ externalId: USER_ID }),
    ];
    for (const call of calls) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
    }
  });

  it('billing-api-part-b.md §3: a deleted_at or date without offset fails response validation', async () => {
    api.json(200, customerWire({ created_at: '2026-03-01T10:15:30' }));
    expect(errorOf(await customers.get({ id: CUSTOMER_ID })).kind).toBe('response_validation');
  });
});
