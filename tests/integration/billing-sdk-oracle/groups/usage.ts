import { CustomerMeter$inboundSchema } from '@polar-sh/sdk/models/components/customermeter.js';
import { CustomerMetersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customermeterslist.js';
import { Event$inboundSchema } from '@polar-sh/sdk/models/components/event.js';
import { EventsListResponseEventsList$inboundSchema } from '@polar-sh/sdk/models/operations/eventslist.js';
import { EventsListNamesResponse$inboundSchema } from '@polar-sh/sdk/models/operations/eventslistnames.js';
import { EventsIngestResponse$inboundSchema } from '@polar-sh/sdk/models/components/eventsingestresponse.js';
import { MeterQuantities$inboundSchema } from '@polar-sh/sdk/models/components/meterquantities.js';
import { listResource, event, eventName, eventsIngestResponse, customerMeter, meterQuantities } from '@ensemble/billing-client/schemas';
import { oracleGroup, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, richBuyer, startWorld, type OracleWorld } from '../world.js';

/** Usage metering: customer meters, events, meter quantities (billing-api-part-a.md and billing-api-part-b.md §7). */
export const usageGroup = oracleGroup<OracleWorld>({
  name: 'customer meters, events and meter quantities',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'GET /v1/customer-meters/',
      sdk: sdkPage('CustomerMetersListResponse', CustomerMetersListResponse$inboundSchema),
      client: listResource(customerMeter),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'the buyer\'s meters': get(w, `/v1/customer-meters/?customer_id=${rich.buyer.customerId}`), all: get(w, '/v1/customer-meters/?sorting=-balance') });
      },
    },
    {
      call: 'GET /v1/customer-meters/{id}',
      sdk: sdkJson(200, 'CustomerMeter', CustomerMeter$inboundSchema),
      client: customerMeter,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const page = created<{ items: { id: string }[] }>(await get(w, `/v1/customer-meters/?customer_id=${rich.buyer.customerId}`), 200);
        return cases({ 'credited and used': get(w, `/v1/customer-meters/${page.items[0]?.id}`) });
      },
    },
    {
      call: 'POST /v1/events/ingest',
      sdk: sdkJson(200, 'EventsIngestResponse', EventsIngestResponse$inboundSchema),
      client: eventsIngestResponse,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const body = { events: [
          { name: 'tokens', customer_id: rich.buyer.customerId, metadata: { tokens: 5, model: 'gpt' }, external_id: 'evt-dup' },
          { name: 'tokens', external_customer_id: 'not-yet-a-customer', metadata: { tokens: 7 } },
        ] };
        return cases({ inserted: w.t.api('POST', '/v1/events/ingest', body), 'one duplicate': w.t.api('POST', '/v1/events/ingest', { events: [body.events[0]] }) });
      },
    },
    {
      call: 'GET /v1/events/',
      sdk: sdkJson(200, 'EventsListResponseEventsList', EventsListResponseEventsList$inboundSchema),
      client: listResource(event),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({
          'user events': get(w, `/v1/events/?customer_id=${rich.buyer.customerId}&source=user`),
          'system events': get(w, '/v1/events/?source=system&limit=100'),
          'events of a customer not created yet': get(w, '/v1/events/?external_customer_id=not-yet-a-customer'),
        });
      },
    },
    {
      call: 'GET /v1/events/names',
      sdk: sdkPage('EventsListNamesResponse', EventsListNamesResponse$inboundSchema),
      client: listResource(eventName),
      cases: async (w) => {
        await richBuyer(w);
        return cases({ 'system and user names': get(w, '/v1/events/names?source=system&source=user&sorting=name') });
      },
    },
    {
      call: 'GET /v1/events/{id}',
      sdk: sdkJson(200, 'Event', Event$inboundSchema),
      client: event,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const user = created<{ items: { id: string }[] }>(await get(w, `/v1/events/?customer_id=${rich.buyer.customerId}&source=user`), 200);
        const system = created<{ items: { id: string; name: string }[] }>(await get(w, '/v1/events/?source=system&limit=100'), 200);
        const byName: Record<string, ReturnType<typeof get>> = { user: get(w, `/v1/events/${user.items[0]?.id}`) };
        for (const e of system.items) byName[`system ${e.name}`] ??= get(w, `/v1/events/${e.id}`);
        return cases(byName);
      },
    },
    {
      call: 'GET /v1/meters/{id}/quantities',
      sdk: sdkJson(200, 'MeterQuantities', MeterQuantities$inboundSchema),
      client: meterQuantities,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const now = Date.parse(w.t.sandbox.ctx.now());
        const range = `start_timestamp=${new Date(now - 86_400_000).toISOString()}&end_timestamp=${new Date(now + 3_600_000).toISOString()}`;
        return cases({
          daily: get(w, `/v1/meters/${rich.meterId}/quantities?${range}&interval=day`),
          'hourly, one customer, per-customer max': get(w, `/v1/meters/${rich.meterId}/quantities?${range}&interval=hour&customer_id=${rich.buyer.customerId}&customer_aggregation_function=max`),
        });
      },
    },
  ],
});
