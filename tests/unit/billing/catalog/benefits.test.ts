import { afterEach, describe, expect, it } from 'vitest';
import { benefitGrantWire } from '../../../support/billing-fixtures/benefit-grants.js';
import { benefitWire } from '../../../support/billing-fixtures/benefits.js';
import { BENEFIT_ID, CUSTOMER_ID, METER_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

describe('benefits (billing-api-part-a.md §7 "Benefits")', () => {
  it('GET /v1/benefits/ sends repeated organization_id and type, sorting and a metadata deep object', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/benefits/', { status: 200, body: page([benefitWire(), benefitWire({ type: 'custom', properties: { note: null } })]) });
    const listed = dataOf(
      await api.client.benefits.list({
        organizationId: [ORG_ID, 'org-2'],
        type: ['meter_credit', 'custom'],
        query: 'credits',
        sorting: ['-created_at', 'description'],
        metadata: { credits_plan: 'pro' },
        limit: 50,
      }),
    );
    expect(api.seen[0]).toMatchObject({ method: 'GET', path: '/v1/benefits/' });
    expect(api.seen[0]!.query).toEqual([
      ['organization_id', ORG_ID],
      ['organization_id', 'org-2'],
      ['type', 'meter_credit'],
      ['type', 'custom'],
      ['query', 'credits'],
      ['page', '1'],
      ['limit', '50'],
      ['sorting', '-created_at'],
      ['sorting', 'description'],
      ['metadata[credits_plan]', 'pro'],
    ]);
    expect(api.seen[0]!.rawQuery).toContain('metadata%5Bcredits_plan%5D=pro');
    expect(listed.items[0]).toMatchObject({ type: 'meter_credit', isDeleted: false, properties: { units: 1000, meterId: METER_ID } });
    expect(listed.pagination).toEqual({ totalCount: 2, maxPage: 1 });
  });

  it('POST /v1/benefits/ sends the typed body in wire names and answers 201', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/benefits/', { status: 201, body: benefitWire() });
    const created = dataOf(
      await api.client.benefits.create({
        type: 'meter_credit',
        description: '1,000 monthly credits',
        organizationId: ORG_ID,
        metadata: { credits_plan: 'pro' },
        properties: { units: 1000, rollover: false, meterId: METER_ID },
      }),
    );
    expect(api.seen[0]!.body).toEqual({
      type: 'meter_credit',
      description: '1,000 monthly credits',
      organization_id: ORG_ID,
      metadata: { credits_plan: 'pro' },
      properties: { units: 1000, rollover: false, meter_id: METER_ID },
    });
    expect(created.id).toBe(BENEFIT_ID);
  });

  it('billing-api-part-a.md §5: a create body whose properties do not fit its type is refused locally', async () => {
    api = mockBilling();
    const error = errorOf(await api.client.benefits.create({ type: 'github_repository', description: 'Repo access', properties: { repositoryOwner: 'x' } as never }));
    expect(error.kind).toBe('input_validation');
    expect(api.seen).toHaveLength(0);
  });

  it('GET /v1/benefits/{id}; 404 is ResourceNotFound', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/benefits/', { status: 200, body: benefitWire({ type: 'license_keys', properties: { prefix: 'ENS', expires: { ttl: 1, timeframe: 'year' }, activations: { limit: 3, enable_customer_admin: true }, limit_usage: null } }) });
    api.reply('GET', '/v1/benefits/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    const keys = dataOf(await api.client.benefits.get({ id: BENEFIT_ID }));
    expect(keys.properties).toMatchObject({ prefix: 'ENS', activations: { limit: 3, enableCustomerAdmin: true } });
    expect(api.seen[0]!.path).toBe(`/v1/benefits/${BENEFIT_ID}`);
    expect(errorOf(await api.client.benefits.get({ id: 'nope' }))).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
  });

  it('PATCH /v1/benefits/{id} sends a partial update naming its type', async () => {
    api = mockBilling();
    api.reply('PATCH', '/v1/benefits/', { status: 200, body: benefitWire({ description: 'Monthly credits' }) });
    const updated = dataOf(await api.client.benefits.update({ id: BENEFIT_ID, benefitUpdate: { type: 'meter_credit', description: 'Monthly credits' } }));
    expect(api.seen[0]).toMatchObject({ method: 'PATCH', path: `/v1/benefits/${BENEFIT_ID}`, body: { type: 'meter_credit', description: 'Monthly credits' } });
    expect(updated.description).toBe('Monthly credits');
  });

  it('PATCH /v1/benefits/{id} takes the properties of its own type (typed per variant), snake_cased on the wire', async () => {
    api = mockBilling();
    api.reply('PATCH', '/v1/benefits/', { status: 200, body: benefitWire() }, 2);
    dataOf(await api.client.benefits.update({ id: BENEFIT_ID, benefitUpdate: { type: 'custom', properties: { note: 'Welcome aboard' } } }));
    dataOf(await api.client.benefits.update({ id: BENEFIT_ID, benefitUpdate: { type: 'license_keys', properties: { prefix: 'ENS', limitUsage: 5 } } }));
    expect(api.seen[0]!.body).toEqual({ type: 'custom', properties: { note: 'Welcome aboard' } });
    expect(api.seen[1]!.body).toEqual({ type: 'license_keys', properties: { prefix: 'ENS', limit_usage: 5 } });
    // @ts-expect-error a custom benefit has no guild token: the compiler refuses it, and so does validation.
    const wrong = await api.client.benefits.update({ id: BENEFIT_ID, benefitUpdate: { type: 'custom', properties: { guildToken: 'x' } } });
    expect(wrong.success).toBe(false);
    expect(api.seen).toHaveLength(2);
  });

  it('DELETE /v1/benefits/{id} answers 204; 403 NotPermitted when it may not be deleted', async () => {
    api = mockBilling();
    api.reply('DELETE', '/v1/benefits/', { status: 204 });
    api.reply('DELETE', '/v1/benefits/', { status: 403, body: { error: 'NotPermitted', detail: 'Not permitted' } });
    expect(dataOf(await api.client.benefits.delete({ id: BENEFIT_ID }))).toBeUndefined();
    expect(api.seen[0]!.method).toBe('DELETE');
    expect(errorOf(await api.client.benefits.delete({ id: BENEFIT_ID }))).toMatchObject({ error: 'NotPermitted', statusCode: 403 });
  });

  it('GET /v1/benefits/{id}/grants filters by is_granted and customer ids', async () => {
    api = mockBilling();
    api.reply('GET', `/v1/benefits/${BENEFIT_ID}/grants`, { status: 200, body: page([benefitGrantWire()]) });
    const listed = dataOf(await api.client.benefits.grants({ id: BENEFIT_ID, isGranted: true, customerId: [CUSTOMER_ID] }));
    expect(api.seen[0]!.path).toBe(`/v1/benefits/${BENEFIT_ID}/grants`);
    expect(api.seen[0]!.query).toEqual([['is_granted', 'true'], ['customer_id', CUSTOMER_ID], ['page', '1'], ['limit', '10']]);
    expect(listed.items[0]).toMatchObject({ isGranted: true, isRevoked: false, properties: { lastCreditedUnits: 1000 } });
  });
});
