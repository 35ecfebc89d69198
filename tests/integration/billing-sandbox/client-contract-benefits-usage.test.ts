import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWithBenefits, purchase, uploadFile, type Purchase } from './benefits-usage-harness.js';
import { must, startTestSandbox, type TestSandbox } from './sandbox-harness.js';

/**
 * billing-api-part-a.md and billing-api-part-b.md §7: the billing client runs every benefits-and-usage call
 * (benefits, grants, meters, events, license keys, files, custom fields, metrics, OAuth2) against the sandbox over
 * HTTP; each answer passes the client's own zod wire schema (a mismatch would be a failed Result).
 */
let t: TestSandbox;
let meterId: string;
let buyer: Purchase;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestSandbox();
  const meter = await t.api('POST', '/v1/meters/', {
    name: 'Model tokens', filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'tokens' }] },
    aggregation: { func: 'sum', property: 'tokens' },
  });
  expect(meter.status, meter.text).toBe(201);
  meterId = (meter.body as { id: string }).id;
});
afterAll(() => t.close());

describe('billing-api-part-a.md §7 benefits and grants through the client', () => {
  it('creates, lists, gets, updates the six benefit types and deletes one (204)', async () => {
    const { done: file } = await uploadFile(t, Buffer.from('hello downloadable world'), 'downloadable');
    const bodies = [
      { type: 'custom' as const, description: 'Priority support', properties: { note: 'Write to us' } },
      { type: 'discord' as const, description: 'Discord role', properties: { guildToken: 'guild-token-1', roleId: 'role-1', kickMember: false } },
      { type: 'downloadables' as const, description: 'Handbook PDF', properties: { files: [file.id] } },
      { type: 'github_repository' as const, description: 'Repository access', properties: { repositoryOwner: 'ensemble', repositoryName: 'sdk', permission: 'pull' as const } },
      { type: 'license_keys' as const, description: 'Desktop licence', properties: { prefix: 'ens', expires: { ttl: 1, timeframe: 'year' as const }, activations: { limit: 2, enableCustomerAdmin: true }, limitUsage: 10 } },
      { type: 'meter_credit' as const, description: 'Monthly tokens', properties: { units: 1000, rollover: true, meterId } },
    ];
    for (const body of bodies) {
      const created = must(await t.client.benefits.create(body));
      expect(created.type).toBe(body.type);
      ids[body.type] = created.id;
    }
    const licence = must(await t.client.benefits.get({ id: ids.license_keys as string }));
    expect(licence.properties).toMatchObject({ prefix: 'ens', limitUsage: 10, activations: { limit: 2 } });
    const page = must(await t.client.benefits.list({ type: ['custom', 'discord'], sorting: ['description'] }));
    expect(page.items.map((b) => b.description)).toEqual(['Discord role', 'Every model side by side', 'Monthly credit allowance', 'Priority support']);
    expect((await t.api('PATCH', `/v1/benefits/${ids.custom}`, { type: 'custom', properties: { note: 'Mail us' } })).status).toBe(200);
    const updated = must(await t.client.benefits.update({ id: ids.custom as string, benefitUpdate: { type: 'custom', description: 'Premium support' } }));
    expect(updated).toMatchObject({ description: 'Premium support', properties: { note: 'Mail us' } });
    const spare = must(await t.client.benefits.create({ type: 'custom', description: 'To delete', properties: {} }));
    expect(must(await t.client.benefits.delete({ id: spare.id }))).toBeUndefined();
    expect((await t.client.benefits.get({ id: spare.id })).success).toBe(false);
  });

  it('grants on purchase; lists grants by benefit; portal lists, gets and updates them', async () => {
    const plan = await productWithBenefits(t, Object.values(ids));
    buyer = await purchase(t, plan.id, 'contract');
    const grants = must(await t.client.benefits.grants({ id: ids.license_keys as string, isGranted: true }));
    expect(grants.items).toHaveLength(1);
    expect(grants.items[0]).toMatchObject({ customerId: buyer.customerId, subscriptionId: buyer.subscriptionId, isGranted: true });
    const auth = { customerSession: buyer.session };
    const portal = must(await t.client.customerPortal.benefitGrants.list(auth, { sorting: ['type'] }));
    expect(portal.items.map((g) => g.benefit.type)).toEqual(['custom', 'discord', 'downloadables', 'github_repository', 'license_keys', 'meter_credit']);
    const discord = portal.items.find((g) => g.benefit.type === 'discord');
    const one = must(await t.client.customerPortal.benefitGrants.get(auth, { id: discord?.id as string }));
    expect(one.benefit.properties).toEqual({ guildId: expect.any(String) });
    const claimed = must(await t.client.customerPortal.benefitGrants.update(auth, { id: one.id, customerBenefitGrantUpdate: { benefitType: 'discord', properties: { accountId: 'discord-user-7' } } }));
    expect(claimed.properties).toMatchObject({ accountId: 'discord-user-7' });
  });

  it('portal downloadables carry a signed download URL the sandbox serves', async () => {
    const page = must(await t.client.customerPortal.downloadables.list({ customerSession: buyer.session }));
    expect(page.items).toHaveLength(1);
    const download = await fetch(page.items[0]?.file.download.url as string);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('hello downloadable world');
  });
});

describe('billing-api-part-a.md §7 meters and billing-api-part-b.md §7 events, quantities', () => {
  it('ingests, lists, summarizes and gets events; quantities and customer meters follow', async () => {
    const ingested = must(await t.client.events.ingest({ events: [
      { name: 'tokens', customerId: buyer.customerId, metadata: { tokens: 120 }, externalId: 'evt-1' },
      { name: 'tokens', customerId: buyer.customerId, metadata: { tokens: 30 }, externalId: 'evt-2' },
      { name: 'tokens', customerId: buyer.customerId, metadata: { tokens: 99 }, externalId: 'evt-1' },
    ] }));
    expect(ingested).toEqual({ inserted: 2, duplicates: 1 });
    const list = must(await t.client.events.list({ customerId: buyer.customerId, source: 'user', sorting: ['timestamp'] }));
    expect(list.items.map((e) => e.metadata.tokens)).toEqual([120, 30]);
    expect(must(await t.client.events.get({ id: list.items[0]?.id as string })).name).toBe('tokens');
    const names = must(await t.client.events.listNames({ source: ['system', 'user'], sorting: ['name'] }));
    expect(names.items.map((n) => n.name)).toEqual(['benefit.granted', 'benefit.updated', 'meter.credited', 'tokens']);
    expect(names.items.find((n) => n.name === 'benefit.granted')).toMatchObject({ source: 'system', occurrences: 6 });
    const now = new Date(Date.parse(t.sandbox.ctx.now()));
    const q = must(await t.client.meters.quantities({ id: meterId, startTimestamp: new Date(now.getTime() - 86_400_000).toISOString(), endTimestamp: new Date(now.getTime() + 3_600_000).toISOString(), interval: 'day' }));
    expect(q.total).toBe(150);
    const meters = must(await t.client.customerMeters.list({ customerId: buyer.customerId }));
    expect(meters.items[0]).toMatchObject({ consumedUnits: 150, creditedUnits: 1000, balance: 850 });
    expect(must(await t.client.customerMeters.get({ id: meters.items[0]?.id as string })).meterId).toBe(meterId);
    const auth = { customerSession: buyer.session };
    const mine = must(await t.client.customerPortal.customerMeters.list(auth, { sorting: ['meter_name'] }));
    expect(mine.items[0]).toMatchObject({ balance: 850, meter: { name: 'Model tokens' } });
    expect(must(await t.client.customerPortal.customerMeters.get(auth, { id: mine.items[0]?.id as string })).consumedUnits).toBe(150);
  });
});

describe('billing-api-part-b.md §7 license keys through the client', () => {
  it('seller list, get, update and activation get; portal list, get, validate, activate, deactivate', async () => {
    const keys = must(await t.client.licenseKeys.list({ benefitId: ids.license_keys as string }));
    const key = keys.items[0];
    expect(key).toMatchObject({ customerId: buyer.customerId, status: 'granted', limitActivations: 2, limitUsage: 10, usage: 0 });
    expect(key?.key).toMatch(/^ENS-[0-9A-F-]{36}$/);
    const organizationId = t.seed.organizationId;
    const activation = must(await t.client.customerPortal.licenseKeys.activate({ key: key?.key as string, organizationId, label: 'laptop', meta: { os: 'linux' } }));
    expect(activation.licenseKey.id).toBe(key?.id);
    expect(must(await t.client.licenseKeys.getActivation({ id: key?.id as string, activationId: activation.id })).label).toBe('laptop');
    const validated = must(await t.client.customerPortal.licenseKeys.validate({ key: key?.key as string, organizationId, activationId: activation.id, incrementUsage: 2 }));
    expect(validated).toMatchObject({ usage: 2, validations: 1, activation: { id: activation.id } });
    const withActivations = must(await t.client.licenseKeys.get({ id: key?.id as string }));
    expect(withActivations.activations.map((a) => a.label)).toEqual(['laptop']);
    const auth = { customerSession: buyer.session };
    expect(must(await t.client.customerPortal.licenseKeys.list(auth)).items).toHaveLength(1);
    expect(must(await t.client.customerPortal.licenseKeys.get(auth, { id: key?.id as string })).activations).toHaveLength(1);
    expect(must(await t.client.customerPortal.licenseKeys.deactivate({ key: key?.key as string, organizationId, activationId: activation.id }))).toBeUndefined();
    const updated = must(await t.client.licenseKeys.update({ id: key?.id as string, licenseKeyUpdate: { status: 'disabled', usage: 1, limitUsage: 20 } }));
    expect(updated).toMatchObject({ status: 'disabled', usage: 1, limitUsage: 20 });
  });
});

describe('billing-api-part-b.md §7 files and custom fields through the client', () => {
  it('files: create with parts, uploaded, list, update, delete', async () => {
    const { created, done } = await uploadFile(t, Buffer.from('product picture bytes'), 'product_media', 'cover.png');
    expect(created.isUploaded).toBe(false);
    expect(done).toMatchObject({ isUploaded: true, service: 'product_media', checksumEtag: expect.stringMatching(/^[0-9a-f]{32}-2$/) });
    expect(must(await t.client.files.list({ ids: [done.id] })).items).toHaveLength(1);
    const withMedia = must(await t.client.products.create({ name: 'Poster', recurringInterval: null, prices: [{ amountType: 'free' }], medias: [done.id] }));
    const media = withMedia.medias[0];
    expect(media).toMatchObject({ id: done.id, service: 'product_media' });
    expect(await (await fetch(media?.publicUrl as string)).text()).toBe('product picture bytes');
    expect(must(await t.client.files.update({ id: done.id, filePatch: { name: 'cover-2.png', version: 'v2' } }))).toMatchObject({ name: 'cover-2.png', version: 'v2' });
    expect(must(await t.client.files.delete({ id: done.id }))).toBeUndefined();
    expect(must(await t.client.files.list({ ids: [done.id] })).items).toHaveLength(0);
  });

  it('custom fields: create the five types, list by type, get, update, delete', async () => {
    type FieldInput = Parameters<typeof t.client.customFields.create>[0];
    const made = [];
    for (const body of [
      { type: 'text' as const, slug: 'company', name: 'Company', properties: { maxLength: 40 } },
      { type: 'number' as const, slug: 'seats', name: 'Seats', properties: { ge: 1, le: 100 } },
      { type: 'date' as const, slug: 'start', name: 'Start date', properties: {} },
      { type: 'checkbox' as const, slug: 'terms', name: 'Accept terms', properties: {} },
      { type: 'select' as const, slug: 'plan-size', name: 'Team size', properties: { options: [{ value: 'small', label: 'Small' }, { value: 'large', label: 'Large' }] } },
    ] as FieldInput[]) made.push(must(await t.client.customFields.create(body)));
    const texts = must(await t.client.customFields.list({ type: ['text', 'select'], sorting: ['slug'] }));
    expect(texts.items.map((f) => f.slug)).toEqual(['company', 'plan-size']);
    expect(must(await t.client.customFields.get({ id: made[0]?.id as string })).name).toBe('Company');
    expect(must(await t.client.customFields.update({ id: made[1]?.id as string, customFieldUpdate: { type: 'number', name: 'Seat count' } })).name).toBe('Seat count');
    expect(must(await t.client.customFields.delete({ id: made[2]?.id as string }))).toBeUndefined();
  });
});

describe('billing-api-part-b.md §7 metrics and OAuth2 through the client', () => {
  it('metrics and limits', async () => {
    const day = (offset: number) => new Date(Date.parse(t.sandbox.ctx.now()) + offset * 86_400_000).toISOString().slice(0, 10);
    const metrics = must(await t.client.metrics.get({ startDate: day(-1), endDate: day(1), interval: 'day' }));
    expect(metrics.totals?.orders).toBeGreaterThanOrEqual(1);
    expect(metrics.metrics.revenue).toEqual({ slug: 'revenue', displayName: 'Revenue', type: 'currency' });
    expect(must(await t.client.metrics.limits()).intervals.day.maxDays).toBe(366);
  });

  it('authorize, token (code and refresh), introspect, userinfo, revoke', async () => {
    const registered = await t.api('POST', '/v1/oauth2/register', { client_name: 'Ensemble CLI', redirect_uris: ['http://localhost:9999/callback'], scope: 'openid products:read' });
    expect(registered.status, registered.text).toBe(201);
    const { client_id: clientId, client_secret: clientSecret } = registered.body as { client_id: string; client_secret: string };
    const authorize = must(await t.client.oauth2.authorize({ responseType: 'code', clientId, redirectUri: 'http://localhost:9999/callback', scope: 'openid products:read', state: 's1' }));
    expect(authorize).toMatchObject({ subType: 'organization', scopes: ['openid', 'products:read'], sub: { id: t.seed.organizationId } });
    const consent = await fetch(`${t.sandbox.url}/v1/oauth2/consent`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, redirect_uri: 'http://localhost:9999/callback', scope: 'openid products:read', state: 's1', organization_id: t.seed.organizationId, action: 'allow' }),
    });
    expect(consent.status).toBe(302);
    const code = new URL(consent.headers.get('location') as string).searchParams.get('code') as string;
    const token = must(await t.client.oauth2.token({ grantType: 'authorization_code', clientId, clientSecret, code, redirectUri: 'http://localhost:9999/callback' }));
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'openid products:read', accessToken: expect.stringMatching(/^polar_at_o_/) });
    const introspected = must(await t.client.oauth2.introspect({ token: token.accessToken, tokenTypeHint: 'access_token', clientId, clientSecret }));
    expect(introspected).toMatchObject({ active: true, sub: t.seed.organizationId, subType: 'organization' });
    const { createBillingClient } = await import('@ensemble/billing-client');
    const asApp = createBillingClient({ server: t.sandbox.url, accessToken: token.accessToken });
    expect(must(await asApp.oauth2.userinfo())).toEqual({ sub: t.seed.organizationId, name: 'Ensemble' });
    const refreshed = must(await t.client.oauth2.token({ grantType: 'refresh_token', clientId, clientSecret, refreshToken: token.refreshToken as string }));
    expect(refreshed.accessToken).not.toBe(token.accessToken);
    expect(must(await t.client.oauth2.revoke({ token: refreshed.accessToken, clientId, clientSecret }))).toEqual({});
  });
});
