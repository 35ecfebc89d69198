import { afterEach, describe, expect, it } from 'vitest';
import { ORG_ID, page, WEBHOOK_ENDPOINT_ID, WEBHOOK_EVENT_ID } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { webhookDeliveryWire, webhookEndpointWire } from '../../../support/billing-fixtures/webhooks.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('webhooks (billing-api-part-b.md §7 "Webhooks")', () => {
  const api = mockBilling();
  const webhooks = api.client.webhooks;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: endpoints are listed by organization', async () => {
    api.json(200, page([webhookEndpointWire()]));
    const answer = dataOf(await webhooks.listEndpoints({ organizationId: ORG_ID, limit: 50 }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/webhooks/endpoints']);
    expect(api.last().query).toEqual([
      ['organization_id', ORG_ID],
      ['page', '1'],
      ['limit', '50'],
    ]);
    expect(answer.items[0]).toMatchObject({ format: 'raw', enabled: true, events: ['subscription.updated', 'customer.state_changed'] });
  });

  it('billing-api-part-b.md §3: create requires url, format, secret and events, and answers 201', async () => {
    api.json(201, webhookEndpointWire());
    const endpoint = dataOf(
      await webhooks.createEndpoint({
        url: 'https://ensemble.example.com/api/webhooks/billing',
        format: 'raw',
        secret: 'whsec_Q2xvdWRzQXJlTWFkZU9mV2F0ZXJWYXBvdXIxMjM0NTY3',
        events: ['subscription.updated', 'customer.state_changed'],
        organizationId: ORG_ID,
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/webhooks/endpoints']);
    expect(api.last().body).toEqual({
      url: 'https://ensemble.example.com/api/webhooks/billing',
      format: 'raw',
      secret: 'whsec_Q2xvdWRzQXJlTWFkZU9mV2F0ZXJWYXBvdXIxMjM0NTY3',
      events: ['subscription.updated', 'customer.state_changed'],
      organization_id: ORG_ID,
    });
    expect(endpoint.organizationId).toBe(ORG_ID);
  });

  it('billing-api-part-b.md §3: an unknown event type, a format other than raw/discord/slack or a missing secret are refused', async () => {
    const before = api.seen.length;
    const error = errorOf(
      await webhooks.createEndpoint({ url: 'https://e.example.com/h', format: 'teams' as never, events: ['order.shipped' as never] } as never),
    );
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('body.format');
    expect(error.message).toContain('body.secret');
    expect(error.message).toContain('body.events.0');
    expect(api.seen).toHaveLength(before);
  });

  it('reference §5: an endpoint listening to an event type newer than the client still parses', async () => {
    api.json(200, webhookEndpointWire({ events: ['subscription.updated', 'wallet.credited'] }));
    expect(dataOf(await webhooks.getEndpoint({ id: WEBHOOK_ENDPOINT_ID })).events).toContain('wallet.credited');
    expect(api.last().path).toBe(`/v1/webhooks/endpoints/${WEBHOOK_ENDPOINT_ID}`);
  });

  it('billing-api-part-b.md §7: update patches, delete answers 204', async () => {
    api.json(200, webhookEndpointWire({ enabled: false }));
    expect(dataOf(await webhooks.updateEndpoint({ id: WEBHOOK_ENDPOINT_ID, webhookEndpointUpdate: { enabled: false, format: 'slack' } })).enabled).toBe(false);
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { enabled: false, format: 'slack' }]);
    api.next({ status: 204 });
    expect(dataOf(await webhooks.deleteEndpoint({ id: WEBHOOK_ENDPOINT_ID }))).toBeUndefined();
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/webhooks/endpoints/${WEBHOOK_ENDPOINT_ID}`]);
  });

  it('billing-api-part-b.md §8: get, update and delete of an unknown endpoint answer 404 ResourceNotFound', async () => {
    for (const call of [
      () => webhooks.getEndpoint({ id: WEBHOOK_ENDPOINT_ID }),
      () => webhooks.updateEndpoint({ id: WEBHOOK_ENDPOINT_ID, webhookEndpointUpdate: { url: 'https://e.example.com/h' } }),
      () => webhooks.deleteEndpoint({ id: WEBHOOK_ENDPOINT_ID }),
    ]) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
    }
  });

  it('billing-api-part-b.md §3: deliveries are listed by endpoint with their http code and event', async () => {
    api.json(200, page([webhookDeliveryWire()]));
    const answer = dataOf(await webhooks.listDeliveries({ endpointId: WEBHOOK_ENDPOINT_ID }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/webhooks/deliveries']);
    expect(api.last().query[0]).toEqual(['endpoint_id', WEBHOOK_ENDPOINT_ID]);
    expect(answer.items[0]).toMatchObject({ succeeded: false, httpCode: 503, webhookEvent: { id: WEBHOOK_EVENT_ID, lastHttpCode: 503 } });
  });

  it('reference §4: redeliver answers 202 with a JSON null body', async () => {
    api.next({ status: 202, raw: 'null', headers: { 'content-type': 'application/json' } });
    expect(dataOf(await webhooks.redeliverEvent({ id: WEBHOOK_EVENT_ID }))).toBeNull();
    expect([api.last().method, api.last().path]).toEqual(['POST', `/v1/webhooks/events/${WEBHOOK_EVENT_ID}/redeliver`]);
  });

  it('billing-api-part-b.md §7: redeliver also accepts a 202 without a body', async () => {
    api.next({ status: 202 });
    expect((await webhooks.redeliverEvent({ id: WEBHOOK_EVENT_ID })).success).toBe(true);
  });

  it('billing-api-part-b.md §8: redelivering an unknown event answers 404 ResourceNotFound', async () => {
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await webhooks.redeliverEvent({ id: WEBHOOK_EVENT_ID }))).toMatchObject({ error: 'ResourceNotFound' });
  });
});
