import { afterEach, describe, expect, it } from 'vitest';
import { eventNameWire, systemEventWire, userEventWire } from '../../../support/billing-fixtures/events.js';
import { CUSTOMER_ID, EVENT_ID, METER_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('events (billing-api-part-b.md §7 "Events")', () => {
  const api = mockBilling();
  const events = api.client.events;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list encodes filters, sorting=-timestamp and the metadata deep object', async () => {
    api.json(200, page([userEventWire(), systemEventWire()]));
    const answer = dataOf(
      await events.list({
        startTimestamp: '2026-03-01T00:00:00Z',
        customerId: CUSTOMER_ID,
        meterId: METER_ID,
        name: ['model_usage', 'benefit.granted'],
        source: 'user',
        sorting: ['-timestamp'],
        metadata: { model: 'gpt-4o' },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/events/']);
    expect(api.last().query).toEqual([
      ['start_timestamp', '2026-03-01T00:00:00Z'],
      ['customer_id', CUSTOMER_ID],
      ['meter_id', METER_ID],
      ['name', 'model_usage'],
      ['name', 'benefit.granted'],
      ['source', 'user'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-timestamp'],
      ['metadata[model]', 'gpt-4o'],
    ]);
    expect(api.last().rawQuery).toContain('metadata%5Bmodel%5D=gpt-4o');
    expect(answer.items[0]).toMatchObject({ source: 'user', externalCustomerId: expect.any(String), metadata: { model: 'gpt-4o' } });
    expect(answer.items[1]).toMatchObject({ name: 'benefit.granted', metadata: { benefit_id: expect.any(String) } });
  });

  it('billing-api-part-b.md §7: events sort by timestamp only', async () => {
    expect(errorOf(await events.list({ sorting: ['-name'] as never })).kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §3: names are listed with occurrences and first/last seen', async () => {
    api.json(200, page([eventNameWire()]));
    const answer = dataOf(await events.listNames({ organizationId: ORG_ID, source: ['user'], sorting: ['-occurrences'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/events/names']);
    expect(api.last().query).toContainEqual(['sorting', '-occurrences']);
    expect(answer.items[0]).toMatchObject({ name: 'model_usage', occurrences: 1432, firstSeen: expect.any(String) });
  });

  it('billing-api-part-b.md §7: get answers the event; an unknown one 404 ResourceNotFound', async () => {
    api.json(200, userEventWire());
    expect(dataOf(await events.get({ id: EVENT_ID })).id).toBe(EVENT_ID);
    expect(api.last().path).toBe(`/v1/events/${EVENT_ID}`);
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await events.get({ id: EVENT_ID }))).toMatchObject({ error: 'ResourceNotFound' });
  });

  it('billing-api-part-b.md §3: ingest posts events with metadata keys untouched and reads the inserted count', async () => {
    api.json(200, { inserted: 2, duplicates: 0 });
    const answer = dataOf(
      await events.ingest({
        events: [
          { name: 'model_usage', externalCustomerId: 'user-1', metadata: { modelName: 'gpt-4o', credits: 12 } },
          { name: 'model_usage', customerId: CUSTOMER_ID, timestamp: '2026-03-03T14:02:11+01:00' },
        ],
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/events/ingest']);
    expect(api.last().body).toEqual({
      events: [
        { name: 'model_usage', external_customer_id: 'user-1', metadata: { modelName: 'gpt-4o', credits: 12 } },
        { name: 'model_usage', customer_id: CUSTOMER_ID, timestamp: '2026-03-03T14:02:11+01:00' },
      ],
    });
    expect(answer.inserted).toBe(2);
  });

  it('billing-api-part-b.md §5: an ingested event without a customer identifier is refused before sending', async () => {
    const before = api.seen.length;
    expect(errorOf(await events.ingest({ events: [{ name: 'model_usage' } as never] })).kind).toBe('input_validation');
    expect(errorOf(await events.ingest({ events: [{ name: '', customerId: CUSTOMER_ID }] })).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });
});
