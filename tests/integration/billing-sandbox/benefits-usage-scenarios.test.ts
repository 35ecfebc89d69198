import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitGrant, listResource, customerState, event, licenseKey, licenseKeyActivation, validatedLicenseKey, customerMeter, metricsResponse, order, product, downloadable, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { advanceClock, commerceSandbox, confirmBody, DAY, newCheckout, publicCall, uniqueEmail, verifiedReceiver, type Receiver } from './commerce-harness.js';
import { productWithBenefits, purchase, uploadFile } from './benefits-usage-harness.js';
import { expect422, expectNamed, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
/** A second endpoint for the benefit webhook types the commerce harness does not subscribe to. */
let extra: Receiver;
beforeAll(async () => {
  ({ t, hooks, close } = await commerceSandbox());
  extra = await verifiedReceiver();
  const endpoint = wire(webhookEndpoint, await t.api('POST', '/v1/webhooks/endpoints', { url: extra.url, format: 'raw', events: ['benefit_grant.cycled', 'benefit_grant.updated', 'benefit.created'] }), 201);
  extra.state.secret = endpoint.secret;
});
afterAll(async () => {
  await close();
  await extra.close();
});

const benefit = async (body: Record<string, unknown>) => {
  const created = await t.api('POST', '/v1/benefits/', body);
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
};
const systemEvents = async (customerId: string) =>
  wire(listResource(event), await t.api('GET', `/v1/events/?customer_id=${customerId}&source=system&sorting=timestamp&limit=100`)).items;

describe('scenario: subscription with a license-key benefit (billing-api-part-a.md §3, billing-api-part-b.md §7 "License keys")', () => {
  it('the key validates, activates up to its limit, then 403 NotPermitted; revoking the subscription revokes it', async () => {
    const benefitId = await benefit({ type: 'license_keys', description: 'App licence', properties: { prefix: 'ENS', expires: { ttl: 1, timeframe: 'month' }, activations: { limit: 2, enable_customer_admin: true }, limit_usage: 3 } });
    const plan = await productWithBenefits(t, [benefitId]);
    const buyer = await purchase(t, plan.id, 'licence');
    const key = wire(listResource(licenseKey), await t.api('GET', `/v1/license-keys/?benefit_id=${benefitId}`)).items[0];
    expect(key).toMatchObject({ customer_id: buyer.customerId, status: 'granted', limit_activations: 2, limit_usage: 3 });
    expect(Date.parse(key?.expires_at as string) - Date.parse(key?.created_at as string)).toBeGreaterThanOrEqual(28 * DAY * 1000);
    const org = t.seed.organizationId;
    const k = key?.key as string;
    const validate = (body: Record<string, unknown> = {}) => t.api('POST', '/v1/customer-portal/license-keys/validate', { key: k, organization_id: org, ...body }, null);
    expect(wire(validatedLicenseKey, await validate()).validations).toBe(1);
    const activate = (label: string) => t.api('POST', '/v1/customer-portal/license-keys/activate', { key: k, organization_id: org, label }, null);
    const first = wire(licenseKeyActivation, await activate('laptop'));
    wire(licenseKeyActivation, await activate('desktop'));
    const third = await activate('tablet');
    expectNamed(third, 403, 'NotPermitted');
    expect((third.body as { detail: string }).detail).toBe('License key activation limit already reached.');
    // usage: 3 allowed, a 4th is refused and leaves the count unchanged
    expect(wire(validatedLicenseKey, await validate({ increment_usage: 3, activation_id: first.id })).usage).toBe(3);
    expectNamed(await validate({ increment_usage: 1 }), 403, 'NotPermitted');
    expect(wire(licenseKey, await t.api('GET', `/v1/license-keys/${key?.id}`)).usage).toBe(3);
    expectNamed(await validate({ benefit_id: plan.id }), 404, 'ResourceNotFound');
    expectNamed(await t.api('POST', '/v1/customer-portal/license-keys/validate', { key: 'ENS-NOPE', organization_id: org }, null), 404, 'ResourceNotFound');
    expect((await t.api('POST', '/v1/customer-portal/license-keys/deactivate', { key: k, organization_id: org, activation_id: first.id }, null)).status).toBe(204);
    wire(licenseKeyActivation, await activate('tablet'));

    expect((await t.api('DELETE', `/v1/subscriptions/${buyer.subscriptionId}`)).status).toBe(200);
    expect(wire(licenseKey, await t.api('GET', `/v1/license-keys/${key?.id}`)).status).toBe('revoked');
    expectNamed(await validate(), 404, 'ResourceNotFound');
    const revoked = await hooks.waitFor('benefit_grant.revoked', undefined, { benefit_id: benefitId });
    expect(benefitGrant.safeParse(revoked.data).success).toBe(true);
    expect((await systemEvents(buyer.customerId)).map((e) => e.name)).toEqual(['benefit.granted', 'benefit.revoked']);
  });

  it('a refund with revoke_benefits revokes a one-time purchase\'s key', async () => {
    const benefitId = await benefit({ type: 'license_keys', description: 'Lifetime licence', properties: {} });
    const plan = await productWithBenefits(t, [benefitId], { recurring: false });
    const buyer = await purchase(t, plan.id, 'refund');
    const created = await hooks.waitFor('benefit_grant.created', undefined, { benefit_id: benefitId });
    expect(created.data.properties).toMatchObject({ license_key_id: expect.any(String), display_key: expect.stringMatching(/^\*{4}-/) });
    const o = wire(listResource(order), await t.api('GET', `/v1/orders/?customer_id=${buyer.customerId}`)).items[0];
    expect((await t.api('POST', '/v1/refunds/', { order_id: o?.id, reason: 'customer_request', amount: o?.net_amount, revoke_benefits: true })).status).toBeLessThan(300);
    const keys = wire(listResource(licenseKey), await t.api('GET', `/v1/license-keys/?benefit_id=${benefitId}`)).items;
    expect(keys.map((k) => k.status)).toEqual(['revoked']);
  });
});

describe('scenario: meter_credit benefit and ingested events (billing-api-part-a.md §3 "CustomerMeter")', () => {
  it('credits units on subscription start, consumption lowers the balance, a renewal resets and rolls the balance over', async () => {
    const meter = await t.api('POST', '/v1/meters/', {
      name: 'Prompt tokens',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'prompt' }, { conjunction: 'or', clauses: [{ property: 'model', operator: 'like', value: 'gpt%' }, { property: 'model', operator: 'eq', value: 'claude' }] }] },
      aggregation: { func: 'sum', property: 'tokens' },
    });
    const meterId = (meter.body as { id: string }).id;
    const benefitId = await benefit({ type: 'meter_credit', description: 'Token allowance', properties: { units: 500, rollover: true, meter_id: meterId } });
    const plan = await productWithBenefits(t, [benefitId]);
    const buyer = await purchase(t, plan.id, 'meter');
    const ingest = await t.api('POST', '/v1/events/ingest', { events: [
      { name: 'prompt', customer_id: buyer.customerId, metadata: { model: 'gpt-4o', tokens: 120 } },
      { name: 'prompt', customer_id: buyer.customerId, metadata: { model: 'claude', tokens: 80 } },
      { name: 'prompt', customer_id: buyer.customerId, metadata: { model: 'mistral', tokens: 999 } },
      { name: 'other', customer_id: buyer.customerId, metadata: { model: 'gpt-4o', tokens: 999 } },
    ] });
    expect(ingest.body).toEqual({ inserted: 4, duplicates: 0 });
    const meters = wire(listResource(customerMeter), await t.api('GET', `/v1/customer-meters/?customer_id=${buyer.customerId}&meter_id=${meterId}`));
    expect(meters.items[0]).toMatchObject({ consumed_units: 200, credited_units: 500, balance: 300 });
    const state = wire(customerState, await t.api('GET', `/v1/customers/${buyer.customerId}/state`));
    expect(state.active_meters).toEqual([expect.objectContaining({ meter_id: meterId, balance: 300 })]);

    await advanceClock(t, 32 * DAY);
    await t.api('GET', `/v1/subscriptions/${buyer.subscriptionId}`);
    const after = wire(listResource(customerMeter), await t.api('GET', `/v1/customer-meters/?customer_id=${buyer.customerId}&meter_id=${meterId}`));
    expect(after.items[0]).toMatchObject({ consumed_units: 0, credited_units: 800, balance: 800 });
    const names = (await systemEvents(buyer.customerId)).map((e) => e.name);
    expect(names).toEqual(['meter.credited', 'benefit.granted', 'meter.reset', 'meter.credited', 'benefit.cycled']);
    const cycled = await extra.waitFor('benefit_grant.cycled', undefined, { benefit_id: benefitId });
    expect(cycled.data.properties).toMatchObject({ last_credited_units: 800, last_credited_meter_id: meterId });
    const credited = (await systemEvents(buyer.customerId)).filter((e) => e.name === 'meter.credited');
    expect(credited.map((e) => e.metadata)).toEqual([{ meter_id: meterId, units: 500, rollover: true }, { meter_id: meterId, units: 800, rollover: true }]);
  });
});

describe('scenario: file upload -> download through the portal (billing-api-part-b.md §7 "Files", billing-api-part-a.md §7 downloadables)', () => {
  it('serves the uploaded bytes at the signed URL until it expires; a tampered URL is refused', async () => {
    const content = Buffer.from('Ensemble handbook, chapter one.\n'.repeat(50));
    const { done } = await uploadFile(t, content, 'downloadable', 'handbook.txt');
    const benefitId = await benefit({ type: 'downloadables', description: 'Handbook', properties: { files: [done.id] } });
    const plan = await productWithBenefits(t, [benefitId], { recurring: false });
    const buyer = await purchase(t, plan.id, 'files');
    const page = wire(listResource(downloadable), await t.api('GET', '/v1/customer-portal/downloadables/', undefined, buyer.session));
    expect(page.items).toHaveLength(1);
    const url = page.items[0]?.file.download.url as string;
    const got = await fetch(url);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="handbook.txt"');
    expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);
    const tampered = await fetch(url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`));
    expect(tampered.status).toBe(403);
    t.sandbox.ctx.clock.advance(3_600_001);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: 'ExpiredDownloadUrl', detail: 'The download URL has expired.' });
  });
});

describe('scenario: custom field required in checkout (billing-api-part-b.md §3 "Custom field")', () => {
  it('the product shows its attached field; confirm without it is a 422 on its slug; with it the order keeps the data', async () => {
    const field = await t.api('POST', '/v1/custom-fields/', { type: 'select', slug: 'team-size', name: 'Team size', properties: { options: [{ value: 'solo', label: 'Solo' }, { value: 'team', label: 'Team' }] } });
    const fieldId = (field.body as { id: string }).id;
    const plan = wire(product, await t.api('POST', '/v1/products/', {
      name: 'Team plan', recurring_interval: null, prices: [{ amount_type: 'fixed', price_amount: 4000, price_currency: 'usd' }],
      attached_custom_fields: [{ custom_field_id: fieldId, required: true }],
    }), 201);
    expect(plan.attached_custom_fields).toEqual([expect.objectContaining({ custom_field_id: fieldId, order: 0, required: true })]);
    const created = await newCheckout(t, { products: [plan.id] });
    expect(created.attached_custom_fields).toEqual([expect.objectContaining({ custom_field_id: fieldId })]);
    const email = uniqueEmail('fields');
    expect422(await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(email)), ['body', 'custom_field_data', 'team-size']);
    expect422(await publicCall(t, 'PATCH', created.client_secret, '', { custom_field_data: { 'team-size': 'galaxy' } }), ['body', 'custom_field_data', 'team-size']);
    const still = await publicCall(t, 'GET', created.client_secret);
    expect((still.body as { status: string; custom_field_data: unknown }).status).toBe('open');
    const ok = await publicCall(t, 'POST', created.client_secret, '/confirm', { ...confirmBody(email), custom_field_data: { 'team-size': 'team' } });
    expect(ok.status, ok.text).toBe(200);
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?product_id=${plan.id}`)).items;
    expect(orders[0]?.custom_field_data).toEqual({ 'team-size': 'team' });
  });
});

describe('scenario: metrics match the orders created (billing-api-part-b.md §3 "Metrics")', () => {
  it('counts orders, revenue, one-time and new subscriptions, checkouts and conversion for the day', async () => {
    const fresh = await startTestSandbox();
    try {
      const oneTime = await productWithBenefits(fresh, [], { recurring: false });
      await purchase(fresh, oneTime.id, 'm1');
      await purchase(fresh, fresh.seed.productId, 'm2');
      await newCheckout(fresh);
      // yesterday to tomorrow, so a run at midnight still sees every order
      const day = (offset: number) => new Date(Date.parse(fresh.sandbox.ctx.now()) + offset * 86_400_000).toISOString().slice(0, 10);
      const [from, to] = [day(-1), day(1)];
      const orders = wire(listResource(order), await fresh.api('GET', '/v1/orders/')).items;
      const revenue = orders.reduce((sum, o) => sum + o.net_amount, 0);
      const m = wire(metricsResponse, await fresh.api('GET', `/v1/metrics/?start_date=${from}&end_date=${to}&interval=day`));
      expect(m.periods).toHaveLength(3);
      expect(m.totals).toMatchObject({
        orders: 2, revenue, cumulative_revenue: revenue, one_time_products: 1, one_time_products_revenue: 1000,
        new_subscriptions: 1, new_subscriptions_revenue: revenue - 1000, active_subscriptions: 1, checkouts: 3, succeeded_checkouts: 2,
      });
      expect(m.totals?.checkouts_conversion).toBeCloseTo(2 / 3);
      const oneTimeOnly = must(await fresh.client.metrics.get({ startDate: from, endDate: to, interval: 'hour', billingType: 'one_time', timezone: 'Asia/Tokyo' }));
      expect(oneTimeOnly.periods).toHaveLength(72);
      expect(oneTimeOnly.periods[0]?.timestamp).toBe(`${new Date(Date.parse(`${from}T00:00:00+09:00`)).toISOString()}`);
      expect(oneTimeOnly.totals).toMatchObject({ orders: 1, revenue: 1000 });
    } finally {
      await fresh.close();
    }
  });
});
