import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver, type ReceivedWebhook as Received } from '../../support/webhook-receiver.js';
import { listResource, customer, webhookDelivery, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

const receiver = () => webhookReceiver('/hooks');

let t: TestSandbox;
let hooks: Awaited<ReturnType<typeof receiver>>;
let endpointId: string;
let secret: string;
beforeAll(async () => {
  hooks = await receiver();
  t = await startTestSandbox({ webhooks: { baseDelayMs: 10, maxDelayMs: 40, maxAttempts: 3, disableAfter: 2 } });
  const created = wire(webhookEndpoint, await t.api('POST', '/v1/webhooks/endpoints', { url: hooks.url, format: 'raw', events: ['customer.created', 'customer.updated'] }), 201);
  endpointId = created.id;
  secret = created.secret;
});
afterAll(async () => {
  await t.close();
  await hooks.close();
});

const verifier = () => new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
const parsed = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: { email: string } };

describe('sandbox webhooks: endpoints (billing-api-part-b.md §7 Webhooks)', () => {
  it('creates endpoints with a generated whsec_ secret, localhost URLs allowed, and CRUDs them', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{43}$/);
    const extra = must(await t.client.webhooks.createEndpoint({ url: 'http://localhost:9/x', format: 'raw', secret: 'whsec_given', events: ['order.paid'] }));
    expect(extra.secret).toBe('whsec_given');
    const updated = wire(webhookEndpoint, await t.api('PATCH', `/v1/webhooks/endpoints/${extra.id}`, { events: ['order.paid', 'order.refunded'], enabled: false }));
    expect(updated).toMatchObject({ events: ['order.paid', 'order.refunded'], enabled: false });
    const list = wire(listResource(webhookEndpoint), await t.api('GET', '/v1/webhooks/endpoints'));
    expect(list.items.map((e) => e.id)).toContain(extra.id);
    expect((await t.api('DELETE', `/v1/webhooks/endpoints/${extra.id}`)).status).toBe(204);
    expectNamed(await t.api('GET', `/v1/webhooks/endpoints/${extra.id}`), 404, 'ResourceNotFound');
    expect422(await t.api('POST', '/v1/webhooks/endpoints', { url: 'ftp://x', format: 'raw', events: [] }), ['body', 'url']);
    expect422(await t.api('POST', '/v1/webhooks/endpoints', { url: 'http://localhost/x', format: 'raw', events: ['no.such'] }), ['body', 'events', 0]);
    const foreign = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/webhooks/endpoints/${endpointId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('PATCH', `/v1/webhooks/endpoints/${endpointId}`, { enabled: false }, foreign.token), 404, 'ResourceNotFound');
    expect(t.sandbox.ctx.db.webhookEndpoints.get(endpointId)?.enabled).toBe(true);
  });
});

describe('sandbox webhooks: signed deliveries (reference §5)', () => {
  it('delivers Standard Webhooks signed with the raw secret bytes, in FIFO order, with the provider headers and envelope', async () => {
    const start = hooks.received.length;
    for (const email of ['w1@example.com', 'w2@example.com', 'w3@example.com']) must(await t.client.customers.create({ email }));
    await hooks.waitFor(start + 3);
    const batch = hooks.received.slice(start, start + 3);
    expect(batch.map((r) => parsed(r).data.email)).toEqual(['w1@example.com', 'w2@example.com', 'w3@example.com']);
    for (const request of batch) {
      expect(request.headers['user-agent']).toBe('polar.sh webhooks');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-signature']).toMatch(/^v1,/);
      const event = verifier().verify(request.body, request.headers) as { type: string; timestamp: string; data: unknown };
      expect(event.type).toBe('customer.created');
      expect(event.timestamp).toMatch(/Z$/);
      expect(customer.safeParse(event.data).success).toBe(true);
    }
    expect(() => new Webhook(Buffer.from('whsec_wrong').toString('base64')).verify(batch[0]?.body ?? '', batch[0]?.headers ?? {})).toThrow();
  });

  it('retries a failing endpoint with backoff, logs every attempt, and redelivers the event (202 null) once it is back', async () => {
    hooks.state.status = 503;
    const start = hooks.received.length;
    must(await t.client.customers.create({ email: 'down@example.com' }));
    await t.sandbox.ctx.webhooks.idle();
    expect(hooks.received.length - start).toBe(3);
    const attempts = hooks.received.slice(start);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const eventId = attempts[0]?.headers['webhook-id'] as string;
    expect(t.sandbox.ctx.db.webhookEvents.get(eventId)?.succeeded).toBe(false);
    const log = wire(listResource(webhookDelivery), await t.api('GET', `/v1/webhooks/deliveries?endpoint_id=${endpointId}&limit=3`));
    expect(log.items.map((d) => [d.succeeded, d.http_code, d.webhook_event.id])).toEqual([[false, 503, eventId], [false, 503, eventId], [false, 503, eventId]]);

    hooks.state.status = 200;
    const redeliver = await t.api('POST', `/v1/webhooks/events/${eventId}/redeliver`);
    expect(redeliver.status).toBe(202);
    expect(redeliver.headers.get('content-type')).toBe('application/json');
    expect(redeliver.text).toBe('null');
    await hooks.waitFor(start + 4);
    await t.sandbox.ctx.webhooks.idle();
    const again = hooks.received[start + 3] as Received;
    expect(again.headers['webhook-id']).toBe(eventId);
    expect((verifier().verify(again.body, again.headers) as { type: string }).type).toBe('customer.created');
    expect(t.sandbox.ctx.db.webhookEvents.get(eventId)?.succeeded).toBe(true);
    expect((await t.client.webhooks.redeliverEvent({ id: eventId })).success).toBe(true);
    await hooks.waitFor(start + 5);
    await t.sandbox.ctx.webhooks.idle();
    expectNamed(await t.api('POST', '/v1/webhooks/events/00000000-0000-4000-8000-000000000000/redeliver'), 404, 'ResourceNotFound');
  });

  it('keeps FIFO order while the head event is being retried', async () => {
    hooks.state.status = 503;
    const start = hooks.received.length;
    must(await t.client.customers.create({ email: 'fifo1@example.com' }));
    must(await t.client.customers.create({ email: 'fifo2@example.com' }));
    await hooks.waitFor(start + 1);
    hooks.state.status = 200;
    await t.sandbox.ctx.webhooks.idle();
    const emails = hooks.received.slice(start).map((r) => parsed(r).data.email);
    expect(emails[emails.length - 1]).toBe('fifo2@example.com');
    expect(emails.slice(0, -1).every((e) => e === 'fifo1@example.com')).toBe(true);
  });

  it('disables an endpoint after consecutive failed events, records nothing for it while disabled, and sends again once re-enabled', async () => {
    hooks.state.status = 500;
    must(await t.client.customers.create({ email: 'dis1@example.com' }));
    must(await t.client.customers.create({ email: 'dis2@example.com' }));
    await t.sandbox.ctx.webhooks.idle();
    expect(t.sandbox.ctx.db.webhookEndpoints.get(endpointId)?.enabled).toBe(false);
    const start = hooks.received.length;
    must(await t.client.customers.create({ email: 'while-disabled@example.com' }));
    hooks.state.status = 200;
    must(await t.client.webhooks.updateEndpoint({ id: endpointId, webhookEndpointUpdate: { enabled: true } }));
    const created = must(await t.client.customers.create({ email: 'after@example.com' }));
    expect(created.email).toBe('after@example.com');
    await hooks.waitFor(start + 1);
    await t.sandbox.ctx.webhooks.idle();
    expect(hooks.received.slice(start).map((r) => parsed(r).data.email)).toEqual(['after@example.com']);
  });
});
