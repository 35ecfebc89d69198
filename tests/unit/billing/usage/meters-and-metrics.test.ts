import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ID, METER_ID, ORG_ID } from '../../../support/billing-fixtures/ids.js';
import { meterQuantitiesWire } from '../../../support/billing-fixtures/meters.js';
import { metricsLimitsWire, metricsWire } from '../../../support/billing-fixtures/metrics.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('metrics and meter quantities (billing-api-part-b.md §7)', () => {
  const api = mockBilling();
  const metrics = api.client.metrics;
  const meters = api.client.meters;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §5: metrics sends calendar dates and defaults the timezone to UTC', async () => {
    api.json(200, metricsWire());
    const answer = dataOf(
      await metrics.get({ startDate: '2026-03-01', endDate: '2026-03-02', interval: 'day', organizationId: ORG_ID, billingType: 'recurring' }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/metrics/']);
    expect(api.last().query).toEqual([
      ['start_date', '2026-03-01'],
      ['end_date', '2026-03-02'],
      ['timezone', 'UTC'],
      ['interval', 'day'],
      ['organization_id', ORG_ID],
      ['billing_type', 'recurring'],
    ]);
    expect(answer.periods[1]).toMatchObject({ timestamp: '2026-03-02T00:00:00Z', cumulativeRevenue: 7600 });
    expect(answer.metrics.revenue).toEqual({ slug: 'revenue', displayName: 'Revenue', type: 'currency' });
  });

  it('billing-api-part-b.md §5: metrics dates must be YYYY-MM-DD and the interval one of five', async () => {
    const before = api.seen.length;
    const error = errorOf(await metrics.get({ startDate: '2026-03-01T00:00:00Z', endDate: '03/02/2026', interval: 'quarter' as never }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('query.startDate');
    expect(error.message).toContain('query.interval');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §3: limits gives min_date and max_days per interval', async () => {
    api.json(200, metricsLimitsWire());
    const limits = dataOf(await metrics.limits());
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/metrics/limits']);
    expect(limits.minDate).toBe('2023-01-01');
    expect(limits.intervals.hour.maxDays).toBe(7);
  });

  it('billing-api-part-b.md §7: meter quantities sends timestamps with offset, the interval and a metadata deep object', async () => {
    api.json(200, meterQuantitiesWire());
    const answer = dataOf(
      await meters.quantities({
        id: METER_ID,
        startTimestamp: '2026-03-01T00:00:00Z',
        endTimestamp: '2026-03-31T23:59:59+02:00',
        interval: 'day',
        customerId: CUSTOMER_ID,
        metadata: { model: ['gpt-4o', 'claude'], streamed: true },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/meters/${METER_ID}/quantities`]);
    expect(api.last().query).toEqual([
      ['start_timestamp', '2026-03-01T00:00:00Z'],
      ['end_timestamp', '2026-03-31T23:59:59+02:00'],
      ['interval', 'day'],
      ['customer_id', CUSTOMER_ID],
      ['metadata[model]', 'gpt-4o'],
      ['metadata[model]', 'claude'],
      ['metadata[streamed]', 'true'],
    ]);
    expect(api.last().rawQuery).toContain('metadata%5Bmodel%5D=gpt-4o&metadata%5Bmodel%5D=claude');
    expect(answer.total).toBe(162.5);
    expect(answer.quantities).toHaveLength(2);
  });

  it('billing-api-part-b.md §5: a timestamp without an offset is refused', async () => {
    const error = errorOf(await meters.quantities({ id: METER_ID, startTimestamp: '2026-03-01T00:00:00', endTimestamp: '2026-03-02T00:00:00Z', interval: 'day' }));
    expect(error.kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §8: an unknown meter answers 404 ResourceNotFound', async () => {
    api.named(404, 'ResourceNotFound');
    const error = errorOf(await meters.quantities({ id: METER_ID, startTimestamp: '2026-03-01T00:00:00Z', endTimestamp: '2026-03-02T00:00:00Z', interval: 'hour' }));
    expect(error).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
  });
});
