import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, event, licenseKey, licenseKeyWithActivations } from '@ensemble/billing-client/schemas';
import { newId } from '@ensemble/billing-sandbox/engine';
import { productWithBenefits, purchase, sha256Base64, type Purchase } from './benefits-usage-harness.js';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type Answer, type TestSandbox } from './sandbox-harness.js';

/** Bad input on the benefit, license-key, usage, file, custom-field, metrics and OAuth2 routes: the provider's error shapes, never a 500, nothing changed after a refusal. */
let t: TestSandbox;
let buyer: Purchase;
let licenceId: string;
let meterId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  const meter = await t.api('POST', '/v1/meters/', { name: 'Calls', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' } });
  meterId = (meter.body as { id: string }).id;
  const licence = await t.api('POST', '/v1/benefits/', { type: 'license_keys', description: 'Licence', properties: { activations: { limit: 1, enable_customer_admin: false } } });
  licenceId = (licence.body as { id: string }).id;
  buyer = await purchase(t, (await productWithBenefits(t, [licenceId])).id, 'bad');
});
afterAll(() => t.close());

const notServerError = (a: Answer) => expect(a.status, a.text).toBeLessThan(500);

describe('every benefits-and-usage write route (billing-api-part-a.md and billing-api-part-b.md §8: 422 lists, never a 500)', () => {
  it('answers malformed JSON, a JSON array and wrong types with a 422 naming the body', async () => {
    const id = newId();
    const routes: [string, string][] = [
      ['POST', '/v1/benefits/'], ['PATCH', `/v1/benefits/${licenceId}`], ['POST', '/v1/meters/'], ['PATCH', `/v1/meters/${meterId}`],
      ['POST', '/v1/events/ingest'], ['POST', '/v1/files/'], ['POST', '/v1/custom-fields/'], ['POST', '/v1/oauth2/register'],
      ['POST', '/v1/customer-portal/license-keys/validate'], ['POST', '/v1/customer-portal/license-keys/activate'],
      ['POST', '/v1/customer-portal/license-keys/deactivate'],
    ];
    for (const [method, path] of routes) {
      for (const body of ['{bad', '[]', JSON.stringify({ type: 42, name: [], events: 'x', key: 7 })]) {
        const answer = await t.api(method, path, body);
        notServerError(answer);
        expect422(answer);
      }
    }
    const lists = ['/v1/benefits/', `/v1/benefits/${licenceId}/grants`, '/v1/license-keys/', '/v1/meters/', '/v1/events/', '/v1/events/names', '/v1/customer-meters/', '/v1/files/', '/v1/custom-fields/'];
    for (const path of lists) {
      // the grants list has no organization_id; FastAPI ignores unknown query keys
      for (const query of ['limit=0', 'page=abc', ...(path.endsWith('/grants') ? [] : ['organization_id=not-a-uuid'])]) {
        const answer = await t.api('GET', `${path}?${query}`);
        notServerError(answer);
        expect(expect422(answer)[0]?.loc.slice(0, 2)).toEqual(['query', query.split('=')[0]]);
      }
    }
    for (const path of [`/v1/files/${id}/uploaded`, `/v1/license-keys/${id}`, `/v1/custom-fields/${id}`]) {
      const answer = await t.api(path.endsWith('uploaded') ? 'POST' : 'PATCH', path, '{bad');
      notServerError(answer);
    }
  });
});

describe('benefits (billing-api-part-a.md §8)', () => {
  it('422 on a wrong discriminator, a foreign meter, a type change; 404 foreign; 403 NotPermitted on a non-deletable one', async () => {
    expect422(await t.api('POST', '/v1/benefits/', { type: 'teleport', description: 'Nope', properties: {} }));
    expect422(await t.api('POST', '/v1/benefits/', { type: 'meter_credit', description: 'Credits', properties: { units: 5, rollover: false, meter_id: newId() } }), ['body', 'properties', 'meter_id']);
    expect422(await t.api('PATCH', `/v1/benefits/${licenceId}`, { type: 'custom', description: 'Changed' }), ['body', 'type']);
    expect422(await t.api('GET', '/v1/benefits/not-a-uuid'), ['path', 'id']);
    expect422(await t.api('GET', '/v1/benefits/?sorting=price'), ['query', 'sorting']);
    const foreign = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/benefits/${licenceId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('DELETE', `/v1/benefits/${licenceId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expect((await t.api('PUT', `/__sandbox/benefits/${licenceId}`, { deletable: false }, null)).status).toBe(200);
    expectNamed(await t.api('DELETE', `/v1/benefits/${licenceId}`), 403, 'NotPermitted');
    expect((await t.api('GET', `/v1/benefits/${licenceId}`)).status).toBe(200);
    expect((await t.api('GET', `/v1/benefits/${licenceId}`)).body).toMatchObject({ description: 'Licence', deletable: false });
  });

  it('portal grants: another customer\'s grant is 404, a wrong benefit_type 422, no session 401', async () => {
    const grants = await t.api('GET', '/v1/customer-portal/benefit-grants/', undefined, buyer.session);
    const grantId = (grants.body as { items: { id: string }[] }).items[0]?.id as string;
    expect422(await t.api('PATCH', `/v1/customer-portal/benefit-grants/${grantId}`, { benefit_type: 'discord', properties: { account_id: 'x' } }, buyer.session), ['body', 'benefit_type']);
    expectNamed(await t.api('GET', `/v1/customer-portal/benefit-grants/${newId()}`, undefined, buyer.session), 404, 'ResourceNotFound');
    expectNamed(await t.api('GET', '/v1/customer-portal/benefit-grants/', undefined, null), 401, 'Unauthorized');
    expectNamed(await t.api('GET', '/v1/customer-portal/benefit-grants/'), 401, 'Unauthorized');
  });
});

describe('license keys (billing-api-part-b.md §8)', () => {
  it('limit errors leave the key as it was; unknown keys and activations are 404', async () => {
    const key = wire(listResource(licenseKey), await t.api('GET', '/v1/license-keys/')).items[0];
    const body = { key: key?.key, organization_id: t.seed.organizationId };
    expect((await t.api('POST', '/v1/customer-portal/license-keys/activate', { ...body, label: 'one' }, null)).status).toBe(200);
    expectNamed(await t.api('POST', '/v1/customer-portal/license-keys/activate', { ...body, label: 'two' }, null), 403, 'NotPermitted');
    const after = wire(licenseKeyWithActivations, await t.api('GET', `/v1/license-keys/${key?.id}`));
    expect(after.validations).toBe(0);
    expect(after.activations.map((a) => a.label)).toEqual(['one']);
    expectNamed(await t.api('POST', '/v1/customer-portal/license-keys/deactivate', { ...body, activation_id: newId() }, null), 404, 'ResourceNotFound');
    expectNamed(await t.api('POST', '/v1/customer-portal/license-keys/validate', { key: key?.key, organization_id: newId() }, null), 404, 'ResourceNotFound');
    expect422(await t.api('POST', '/v1/customer-portal/license-keys/activate', { key: key?.key }, null), ['body', 'organization_id']);
    expectNamed(await t.api('GET', `/v1/license-keys/${key?.id}/activations/${newId()}`), 404, 'ResourceNotFound');
    expect422(await t.api('PATCH', `/v1/license-keys/${key?.id}`, { status: 'stolen' }), ['body', 'status']);
    expectNamed(await t.api('GET', `/v1/customer-portal/license-keys/${newId()}`, undefined, buyer.session), 404, 'ResourceNotFound');
  });
});

describe('events, meters and customer meters (billing-api-part-b.md §5)', () => {
  it('a batch with one unknown customer is refused whole (422 on its index): nothing inserted', async () => {
    const before = wire(listResource(event), await t.api('GET', '/v1/events/?source=user')).pagination.total_count;
    expect422(await t.api('POST', '/v1/events/ingest', { events: [{ name: 'call', customer_id: buyer.customerId }, { name: 'call', customer_id: newId() }] }), ['body', 'events', 1, 'customer_id']);
    expect422(await t.api('POST', '/v1/events/ingest', { events: [{ name: 'call' }] }));
    expect422(await t.api('POST', '/v1/events/ingest', { events: [] }), ['body', 'events']);
    expect422(await t.api('POST', '/v1/events/ingest', '{"events": ['));
    expect(wire(listResource(event), await t.api('GET', '/v1/events/?source=user')).pagination.total_count).toBe(before);
    expect(must(await t.client.customerMeters.list({ customerId: buyer.customerId })).items).toEqual([]);
  });

  it('bad filters, intervals and timestamps are 422s; unknown ids 404', async () => {
    expect422(await t.api('GET', '/v1/events/?filter={oops'), ['query', 'filter']);
    expect422(await t.api('GET', `/v1/events/?filter=${encodeURIComponent('{"conjunction":"xor","clauses":[]}')}`));
    expect422(await t.api('GET', '/v1/events/?start_timestamp=yesterday'), ['query', 'start_timestamp']);
    expectNamed(await t.api('GET', `/v1/events/${newId()}`), 404, 'ResourceNotFound');
    const q = (query: string) => t.api('GET', `/v1/meters/${meterId}/quantities?${query}`);
    expect422(await q('start_timestamp=2026-01-02T00:00:00Z&end_timestamp=2026-01-01T00:00:00Z&interval=day'), ['query', 'end_timestamp']);
    expect422(await q('start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=minute'), ['query', 'interval']);
    expect422(await q('interval=day'), ['query', 'start_timestamp']);
    expectNamed(await t.api('GET', `/v1/meters/${newId()}/quantities?start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=day`), 404, 'ResourceNotFound');
    expect422(await t.api('POST', '/v1/meters/', { name: 'Bad', filter: { conjunction: 'and', clauses: [{ property: 'x', operator: 'regex', value: 1 }] }, aggregation: { func: 'count' } }));
    expect422(await t.api('POST', '/v1/meters/', { name: 'Bad', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'sum' } }));
    // the provider has a `unique` aggregation too; the specs (billing-api-part-a.md §5) list count, sum, max, min and avg only
    expect422(await t.api('POST', '/v1/meters/', { name: 'Bad', filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'unique', property: 'model' } }));
    expectNamed(await t.api('GET', `/v1/customer-meters/${newId()}`), 404, 'ResourceNotFound');
  });
});

describe('files (billing-api-part-b.md §8)', () => {
  it('refuses bad parts, bad signatures, wrong sizes and wrong ETags; the file stays not uploaded', async () => {
    const content = Buffer.from('0123456789');
    expect422(await t.api('POST', '/v1/files/', { name: 'a.txt', mime_type: 'text/plain', size: 10, service: 'downloadable', upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 5 }] } }), ['body', 'upload', 'parts']);
    expect422(await t.api('POST', '/v1/files/', { name: 'a.txt', mime_type: 'text/plain', size: 10, service: 'elsewhere', upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 10 }] } }), ['body', 'service']);
    const created = must(await t.client.files.create({ name: 'a.txt', mimeType: 'text/plain', size: 10, service: 'downloadable', checksumSha256Base64: sha256Base64(content), upload: { parts: [{ number: 1, chunkStart: 0, chunkEnd: 10 }] } }));
    const url = created.upload.parts[0]?.url as string;
    expect((await fetch(url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`), { method: 'PUT', body: content })).status).toBe(403);
    expect((await fetch(url, { method: 'PUT', body: content.subarray(0, 4) })).status).toBe(400);
    const done = { id: created.upload.id, path: created.upload.path, parts: [{ number: 1, checksum_etag: '"abc"' }] };
    expect422(await t.api('POST', `/v1/files/${created.id}/uploaded`, done), ['body', 'parts', 0]);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(Buffer.from('9876543210')) })).status).toBe(200);
    const etag = (await (await fetch(url, { method: 'PUT', body: new Uint8Array(Buffer.from('9876543210')) })).headers.get('etag')) as string;
    const mismatch = await t.api('POST', `/v1/files/${created.id}/uploaded`, { ...done, parts: [{ number: 1, checksum_etag: etag }] });
    expect(mismatch.status, mismatch.text).toBe(422);
    expect(must(await t.client.files.list({ ids: [created.id] })).items).toEqual([]);
    expectNamed(await t.api('PATCH', `/v1/files/${newId()}`, { name: 'x' }), 404, 'ResourceNotFound');
  });
});

describe('custom fields, metrics and OAuth2 (billing-api-part-b.md §5, §8)', () => {
  it('custom fields: duplicate slug and type change are 422; products refuse unknown fields', async () => {
    const body = { type: 'text', slug: 'vat-number', name: 'VAT number', properties: {} };
    const created = await t.api('POST', '/v1/custom-fields/', body);
    expect(created.status).toBe(201);
    expect422(await t.api('POST', '/v1/custom-fields/', body), ['body', 'slug']);
    expect422(await t.api('POST', '/v1/custom-fields/', { ...body, slug: 'Bad Slug' }), ['body', 'slug']);
    expect422(await t.api('PATCH', `/v1/custom-fields/${(created.body as { id: string }).id}`, { type: 'number' }), ['body', 'type']);
    expect422(await t.api('POST', '/v1/products/', { name: 'With field', recurring_interval: null, prices: [{ amount_type: 'free' }], attached_custom_fields: [{ custom_field_id: newId(), required: true }] }), ['body', 'attached_custom_fields', 0, 'custom_field_id']);
    expect422(await t.api('POST', '/v1/products/', { name: 'With media', recurring_interval: null, prices: [{ amount_type: 'free' }], medias: [newId()] }), ['body', 'medias', 0]);
  });

  it('metrics: bad dates, zone, interval and too long a range are 422s', async () => {
    const m = (query: string) => t.api('GET', `/v1/metrics/?${query}`);
    expect422(await m('start_date=2026-13-01&end_date=2026-12-01&interval=day'), ['query', 'start_date']);
    expect422(await m('start_date=2026-01-01&end_date=2026-01-02&interval=day&timezone=Mars/Olympus'), ['query', 'timezone']);
    expect422(await m('start_date=2026-01-01&end_date=2026-03-01&interval=hour'), ['query', 'interval']);
    expect422(await m('start_date=2026-02-01&end_date=2026-01-01&interval=day'), ['query', 'end_date']);
    expectNamed(await t.api('GET', '/v1/metrics/limits', undefined, null), 401, 'Unauthorized');
  });

  it('OAuth2: bad grants and clients are OAuth errors; scopes limit what a token may do; a revoked token is invalid_token', async () => {
    const reg = await t.api('POST', '/v1/oauth2/register', { client_name: 'Reader', redirect_uris: ['http://localhost:7777/cb'], scope: 'products:read' });
    const { client_id: clientId, client_secret: clientSecret } = reg.body as { client_id: string; client_secret: string };
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${t.sandbox.url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
    const bad = await form('/v1/oauth2/token', { grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, code: 'nope', redirect_uri: 'http://localhost:7777/cb' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await form('/v1/oauth2/token', { grant_type: 'refresh_token', client_id: clientId, client_secret: 'wrong', refresh_token: 'x' })).status).toBe(401);
    expect((await form('/v1/oauth2/token', { grant_type: 'password', client_id: clientId, client_secret: clientSecret })).status).toBe(422);
    expect((await t.api('GET', `/v1/oauth2/authorize?client_id=${clientId}&redirect_uri=http://evil.example/cb`)).status).toBe(400);
    expect((await t.api('GET', `/v1/oauth2/authorize?client_id=${clientId}&scope=products:write`)).body).toMatchObject({ error: 'invalid_scope' });
    const page = await fetch(`${t.sandbox.url}/v1/oauth2/authorize?client_id=${clientId}&redirect_uri=http://localhost:7777/cb&state=z`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('id="consent-allow"');
    const consent = await form('/v1/oauth2/consent', { client_id: clientId, redirect_uri: 'http://localhost:7777/cb', scope: 'products:read', state: 'z', organization_id: t.seed.organizationId, action: 'allow' });
    const code = new URL(consent.headers.get('location') as string).searchParams.get('code') as string;
    const token = (await (await form('/v1/oauth2/token', { grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, code, redirect_uri: 'http://localhost:7777/cb' })).json()) as { access_token: string };
    const reused = await form('/v1/oauth2/token', { grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, code, redirect_uri: 'http://localhost:7777/cb' });
    expect(reused.status).toBe(400);
    expect((await t.api('GET', '/v1/products/', undefined, token.access_token)).status).toBe(200);
    const write = await t.api('POST', '/v1/products/', { name: 'Nope', recurring_interval: null, prices: [{ amount_type: 'free' }] }, token.access_token);
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ error: 'insufficient_scope' });
    expect((await t.api('GET', '/v1/customers/', undefined, token.access_token)).status).toBe(403);
    const denied = await form('/v1/oauth2/consent', { client_id: clientId, redirect_uri: 'http://localhost:7777/cb', state: 'q', organization_id: t.seed.organizationId, action: 'deny' });
    expect(new URL(denied.headers.get('location') as string).searchParams.get('error')).toBe('access_denied');
    expect((await form('/v1/oauth2/revoke', { token: token.access_token, client_id: clientId, client_secret: clientSecret })).status).toBe(200);
    const after = await t.api('GET', '/v1/products/', undefined, token.access_token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'invalid_token' });
    expect(await (await form('/v1/oauth2/introspect', { token: token.access_token, client_id: clientId, client_secret: clientSecret })).json()).toEqual({ active: false });
    notServerError(after);
  });
});
