import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ID, CUSTOMER_METER_ID, METER_ID, page } from '../../../support/billing-fixtures/ids.js';
import { customerMeterWire } from '../../../support/billing-fixtures/meters.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

describe('customer meters (billing-api-part-a.md §7 "Customer meters")', () => {
  it('GET /v1/customer-meters/ filters by customer, external customer and meter, sorted by balance', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-meters/', { status: 200, body: page([customerMeterWire()]) });
    const listed = dataOf(await api.client.customerMeters.list({ customerId: CUSTOMER_ID, externalCustomerId: 'user-1', meterId: METER_ID, sorting: ['-balance', 'meter_name'] }));
    expect(api.seen[0]!.query).toEqual([
      ['customer_id', CUSTOMER_ID],
      ['external_customer_id', 'user-1'],
      ['meter_id', METER_ID],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-balance'],
      ['sorting', 'meter_name'],
    ]);
    const meter = listed.items[0]!;
    expect(meter).toMatchObject({ consumedUnits: 120.5, creditedUnits: 1000, balance: 879.5 });
    expect(meter.meter.aggregation).toEqual({ func: 'sum', property: 'tokens' });
    expect(meter.meter.filter.clauses).toHaveLength(2);
  });

  it('GET /v1/customer-meters/{id}; 404 ResourceNotFound; a fractional credited_units is refused', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/customer-meters/', { status: 200, body: customerMeterWire() });
    api.reply('GET', '/v1/customer-meters/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    api.reply('GET', '/v1/customer-meters/', { status: 200, body: customerMeterWire({ credited_units: 1.5 }) });
    expect(dataOf(await api.client.customerMeters.get({ id: CUSTOMER_METER_ID })).id).toBe(CUSTOMER_METER_ID);
    expect(api.seen[0]!.path).toBe(`/v1/customer-meters/${CUSTOMER_METER_ID}`);
    expect(errorOf(await api.client.customerMeters.get({ id: CUSTOMER_METER_ID }))).toMatchObject({ error: 'ResourceNotFound' });
    expect(errorOf(await api.client.customerMeters.get({ id: CUSTOMER_METER_ID })).kind).toBe('response_validation');
  });
});
