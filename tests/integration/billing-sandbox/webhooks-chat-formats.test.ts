import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookReceiver, type ReceivedWebhook as Received } from '../../support/webhook-receiver.js';
import { z } from 'zod';
import { checkout, listResource, order, subscription, webhookDelivery, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { DEFAULT_SEED_PLAN } from '@ensemble/billing-sandbox';
import { confirmBody, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

// What Discord's "Execute Webhook" accepts (the parts the sandbox uses, with Discord's limits).
const discordField = z.strictObject({ name: z.string().min(1).max(256), value: z.string().min(1).max(1024), inline: z.boolean().optional() });
const discordEmbed = z.strictObject({
  title: z.string().min(1).max(256),
  description: z.string().min(1).max(4096),
  url: z.url().optional(),
  color: z.int().min(0).max(0xffffff).optional(),
  fields: z.array(discordField).max(25),
  timestamp: z.iso.datetime().optional(),
  footer: z.strictObject({ text: z.string().min(1).max(2048) }).optional(),
});
const discordMessage = z.strictObject({
  content: z.string().max(2000).optional(),
  username: z.string().min(1).max(80).optional(),
  avatar_url: z.url().optional(),
  embeds: z.array(discordEmbed).min(1).max(10),
});

// What a Slack incoming webhook accepts: fallback text plus section and context blocks in mrkdwn.
const mrkdwn = (max: number) => z.strictObject({ type: z.literal('mrkdwn'), text: z.string().min(1).max(max) });
const slackSection = z
  .strictObject({ type: z.literal('section'), text: mrkdwn(3000).optional(), fields: z.array(mrkdwn(2000)).min(1).max(10).optional() })
  .refine((s) => s.text !== undefined || s.fields !== undefined, 'a section needs text or fields');
const slackContext = z.strictObject({ type: z.literal('context'), elements: z.array(mrkdwn(3000)).min(1).max(10) });
const slackMessage = z.strictObject({ text: z.string().min(1).max(3000), blocks: z.array(z.union([slackSection, slackContext])).min(1).max(50) });

const rawEnvelope = z.strictObject({ type: z.string(), timestamp: z.iso.datetime(), data: z.record(z.string(), z.unknown()) });

const receiver = () => webhookReceiver('/chat');
type Receiver = Awaited<ReturnType<typeof receiver>>;

const EVENTS = [
  'checkout.created', 'checkout.updated', 'customer.created', 'customer.state_changed', 'order.created', 'order.paid',
  'order.refunded', 'subscription.created', 'subscription.active', 'subscription.updated', 'subscription.canceled',
  'refund.created', 'benefit_grant.created', 'product.updated', 'organization.updated', 'discount.created',
];

let t: TestSandbox;
const hooks = {} as Record<'discord' | 'slack' | 'raw', Receiver>;
const endpoints = {} as Record<'discord' | 'slack' | 'raw', { id: string; secret: string }>;
let email: string;
let orderId: string;
let subscriptionId: string;

beforeAll(async () => {
  t = await startTestSandbox({ webhooks: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, disableAfter: 5 } });
  for (const format of ['discord', 'slack', 'raw'] as const) {
    hooks[format] = await receiver();
    const created = wire(webhookEndpoint, await t.api('POST', '/v1/webhooks/endpoints', { url: hooks[format].url, format, events: EVENTS }), 201);
    expect(created.format).toBe(format);
    endpoints[format] = { id: created.id, secret: created.secret };
  }
  // a purchase (order.paid) then a cancellation at period end (subscription.canceled) and a refund
  email = uniqueEmail('chat_fmt');
  const created = await newCheckout(t);
  const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(email));
  expect(confirmed.status, confirmed.text).toBe(200);
  const done = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
  const o = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${done.id}`)).items[0];
  orderId = o?.id as string;
  const sub = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${done.customer_id}`)).items[0];
  subscriptionId = sub?.id as string;
  wire(subscription, await t.api('PATCH', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive' }));
  expect((await t.api('POST', '/v1/refunds/', { order_id: orderId, reason: 'other', amount: 500 })).status).toBe(201);
  await t.sandbox.ctx.webhooks.idle();
});
afterAll(async () => {
  await t.close();
  for (const r of Object.values(hooks)) await r.close();
});

const verify = (format: keyof typeof endpoints, r: Received): unknown =>
  new Webhook(Buffer.from(endpoints[format].secret, 'utf8').toString('base64')).verify(r.body, r.headers);

/** The stored event behind a delivery (the webhook-id header is the event id). */
const eventOf = (r: Received) => t.sandbox.ctx.db.webhookEvents.get(r.headers['webhook-id'] as string);

function discordFor(type: string) {
  const found = hooks.discord.received.find((r) => eventOf(r)?.type === type);
  expect(found, `no discord delivery of ${type}`).toBeDefined();
  return discordMessage.parse(JSON.parse((found as Received).body));
}

function slackFor(type: string) {
  const found = hooks.slack.received.find((r) => eventOf(r)?.type === type);
  expect(found, `no slack delivery of ${type}`).toBeDefined();
  return slackMessage.parse(JSON.parse((found as Received).body));
}

const fieldsOf = (embed: z.output<typeof discordEmbed>) => Object.fromEntries(embed.fields.map((f) => [f.name, f.value]));

describe('webhook endpoint format discord / slack (billing-api-part-b.md "Webhook endpoint")', () => {
  it('every delivery to a chat endpoint is a well-formed message, signed like raw deliveries', () => {
    for (const format of ['discord', 'slack'] as const) {
      const got = hooks[format].received;
      expect(got.length).toBe(hooks.raw.received.length);
      for (const r of got) {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['user-agent']).toBe('polar.sh webhooks');
        expect(verify(format, r)).toEqual(JSON.parse(r.body));
        const schema = format === 'discord' ? discordMessage : slackMessage;
        const parsed = schema.safeParse(JSON.parse(r.body));
        expect(parsed.success, `${format} ${eventOf(r)?.type}: ${JSON.stringify(parsed.error?.issues)}\n${r.body}`).toBe(true);
        expect(rawEnvelope.safeParse(JSON.parse(r.body)).success).toBe(false);
      }
    }
    const types = new Set(hooks.discord.received.map((r) => eventOf(r)?.type));
    for (const type of ['checkout.updated', 'customer.created', 'customer.state_changed', 'order.paid', 'subscription.canceled', 'refund.created', 'benefit_grant.created']) {
      expect(types).toContain(type);
    }
  });

  it('discord order.paid: an embed with the customer, the formatted amount, the product and the receipt number', async () => {
    const stored = wire(order, await t.api('GET', `/v1/orders/${orderId}`));
    const embed = discordFor('order.paid').embeds[0] as z.output<typeof discordEmbed>;
    expect(embed.title).toBe('Order paid');
    expect(embed.description).toContain(orderId);
    expect(embed.footer?.text).toBe('order.paid');
    expect(embed.color).toBe(0x2e9d5b);
    // markdown in values is escaped, so the underscore in the e-mail does not turn into italics
    expect(fieldsOf(embed)).toMatchObject({
      Customer: email.replace(/_/g, '\\_'), Amount: '$25.00', Product: DEFAULT_SEED_PLAN.name, Status: 'paid',
      'Receipt number': stored.receipt_number,
    });
  });

  it('discord subscription.canceled: red embed with the status, the period-end cancel and the reason', () => {
    const embed = discordFor('subscription.canceled').embeds[0] as z.output<typeof discordEmbed>;
    expect(embed.title).toBe('Subscription canceled');
    expect(embed.description).toContain(subscriptionId);
    expect(embed.color).toBe(0xd64545);
    expect(fieldsOf(embed)).toMatchObject({
      Amount: '$25.00 / month', Product: DEFAULT_SEED_PLAN.name, Status: 'active', 'Cancels at period end': 'yes', 'Cancellation reason': 'too\\_expensive',
    });
  });

  it('slack order.paid and subscription.canceled: fallback text, a title section, a fields section and a context line', () => {
    const paid = slackFor('order.paid');
    expect(paid.text).toBe(`Order paid ${orderId}`);
    const [head, fields, context] = paid.blocks as unknown as [{ text: { text: string } }, { fields: { text: string }[] }, { elements: { text: string }[] }];
    expect(head.text.text).toContain('*Order paid*');
    expect(head.text.text).toContain(orderId);
    expect(fields.fields.map((f) => f.text)).toEqual(expect.arrayContaining([`*Customer*\n${email}`, '*Amount*\n$25.00', `*Product*\n${DEFAULT_SEED_PLAN.name}`]));
    expect(context.elements[0]?.text).toContain('`order.paid`');

    const canceled = slackFor('subscription.canceled');
    expect(canceled.text).toBe(`Subscription canceled ${subscriptionId}`);
    const texts = (canceled.blocks[1] as { fields: { text: string }[] }).fields.map((f) => f.text);
    expect(texts).toEqual(expect.arrayContaining(['*Status*\nactive', '*Cancels at period end*\nyes', '*Amount*\n$25.00 / month']));
  });

  it('refund.created is summarized with its amount and order', () => {
    const embed = discordFor('refund.created').embeds[0] as z.output<typeof discordEmbed>;
    expect(embed.title).toBe('Refund created');
    expect(fieldsOf(embed)).toMatchObject({ Amount: '$5.00', Order: orderId, Reason: 'other' });
  });

  it('raw endpoints still get the envelope, byte for byte what the event stores', () => {
    for (const r of hooks.raw.received) {
      const envelope = rawEnvelope.parse(verify('raw', r));
      expect(r.body).toBe(eventOf(r)?.payload);
      expect(r.body).toBe(JSON.stringify({ type: envelope.type, timestamp: envelope.timestamp, data: envelope.data }));
    }
  });

  it('a failing chat endpoint is retried with the same body, logged, and redelivered with the body it was recorded with', async () => {
    const discord = hooks.discord;
    discord.state.status = 503;
    const start = discord.received.length;
    expect((await t.api('PATCH', '/v1/organizations/' + t.seed.organizationId, { name: 'Ensemble chat test' })).status).toBe(200);
    await t.sandbox.ctx.webhooks.idle();
    const attempts = discord.received.slice(start);
    expect(attempts).toHaveLength(3);
    const eventId = attempts[0]?.headers['webhook-id'] as string;
    expect(attempts.every((r) => r.headers['webhook-id'] === eventId && r.body === attempts[0]?.body)).toBe(true);
    const message = discordMessage.parse(JSON.parse(attempts[0]?.body as string));
    expect(message.embeds[0]?.title).toBe('Organization updated');
    expect(fieldsOf(message.embeds[0] as z.output<typeof discordEmbed>)).toMatchObject({ Name: 'Ensemble chat test' });

    const log = wire(listResource(webhookDelivery), await t.api('GET', `/v1/webhooks/deliveries?endpoint_id=${endpoints.discord.id}&limit=3`));
    expect(log.items.map((d) => [d.succeeded, d.http_code, d.webhook_event.id])).toEqual([[false, 503, eventId], [false, 503, eventId], [false, 503, eventId]]);
    expect(log.items[0]?.webhook_event.payload).toBe(attempts[0]?.body);
    expect(t.sandbox.ctx.db.webhookEvents.get(eventId)?.succeeded).toBe(false);

    // a later format change does not rewrite recorded events: the redelivery is the discord message
    expect((await t.api('PATCH', `/v1/webhooks/endpoints/${endpoints.discord.id}`, { format: 'slack' })).status).toBe(200);
    discord.state.status = 200;
    expect((await t.api('POST', `/v1/webhooks/events/${eventId}/redeliver`)).status).toBe(202);
    await discord.waitFor(start + 4);
    await t.sandbox.ctx.webhooks.idle();
    const again = discord.received[start + 3] as Received;
    expect(again.headers['webhook-id']).toBe(eventId);
    expect(again.body).toBe(attempts[0]?.body);
    expect(verify('discord', again)).toEqual(message);
    expect(t.sandbox.ctx.db.webhookEvents.get(eventId)?.succeeded).toBe(true);

    // new events follow the new format
    const before = discord.received.length;
    expect((await t.api('PATCH', '/v1/organizations/' + t.seed.organizationId, { name: 'Ensemble chat test 2' })).status).toBe(200);
    await discord.waitFor(before + 1);
    const next = slackMessage.parse(JSON.parse((discord.received[before] as Received).body));
    expect(next.text).toBe(`Organization updated ${t.seed.organizationId}`);
  });
});
