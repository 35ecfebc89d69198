import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, customer } from '@ensemble/billing-client/schemas';
import { expect422, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';
import { createCustomer } from '@ensemble/billing-sandbox/engine';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  t.sandbox.ctx.store.transaction(() => {
    for (let i = 0; i < 105; i += 1) {
      createCustomer(t.sandbox.ctx, t.seed.organizationId, {
        email: `user${String(i).padStart(3, '0')}@example.com`,
        name: `User ${i}`,
        metadata: { tier: i % 3 === 0 ? 'gold' : i % 3 === 1 ? 'silver' : 'bronze', n: i, beta: i % 2 === 0 },
      });
    }
  });
});
afterAll(() => t.close());

describe('sandbox HTTP kit: authentication (reference §6)', () => {
  it('answers a protected route without credentials with 401 Unauthorized and WWW-Authenticate', async () => {
    const answer = await t.api('GET', '/v1/customers/', undefined, null);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="polar"');
    expect(answer.body).toEqual({ error: 'Unauthorized', detail: 'Unauthorized' });
  });

  it.each([
    ['an unknown access token', 'polar_oat_unknownunknownunknownunknownunknown00000'],
    ['a malformed token', 'not-a-token'],
    ['an unknown customer session token', 'polar_cst_nope'],
  ])('answers %s with the invalid_token 401 body', async (_name, token) => {
    const answer = await t.api('GET', '/v1/products/', undefined, token);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body).toEqual({ error: 'invalid_token', error_description: expect.stringContaining('expired, revoked, malformed') });
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses a customer session token on a seller route with 401 Unauthorized', async () => {
    const session = await t.api('POST', '/v1/customer-sessions/', { customer_id: [...t.sandbox.ctx.db.customers.values()][0]?.id });
    const token = (session.body as { token: string }).token;
    const answer = await t.api('GET', '/v1/products/', undefined, token);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Unauthorized', detail: 'Unauthorized' });
  });
});

describe('sandbox HTTP kit: errors and validation (reference §6)', () => {
  it('answers malformed JSON with a 422 json_invalid item on body', async () => {
    const detail = expect422(await t.api('POST', '/v1/customers/', '{"email": '));
    expect(detail[0]?.type).toBe('json_invalid');
  });

  it('answers a missing body and a wrong type with 422 items located in the body', async () => {
    expect(expect422(await t.api('POST', '/v1/customers/'), ['body'])[0]?.type).toBe('missing');
    expect(expect422(await t.api('POST', '/v1/customers/', { email: 42 }), ['body', 'email'])[0]?.type).toBe('string_type');
    expect(expect422(await t.api('POST', '/v1/customers/', {}), ['body', 'email'])[0]?.msg).toBe('Field required');
  });

  it('answers a path id that is not a UUID with 422 on ["path","id"], and an unknown one with 404', async () => {
    expect422(await t.api('GET', '/v1/customers/not-a-uuid'), ['path', 'id']);
    const missing = await t.api('GET', '/v1/customers/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'ResourceNotFound', detail: 'Not found' });
  });

  it('echoes the Polar-Version header (default 2026-04) and answers an unknown version with 404 (reference §0)', async () => {
    const plain = await t.api('GET', '/v1/products/');
    expect(plain.headers.get('polar-version')).toBe('2026-04');
    const versioned = await fetch(`${t.sandbox.url}/v1/products/`, { headers: { authorization: `Bearer ${t.seed.accessToken}`, 'polar-version': '2026-10' } });
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('polar-version')).toBe('2026-10');
    const unknown = await fetch(`${t.sandbox.url}/v1/products/`, { headers: { authorization: `Bearer ${t.seed.accessToken}`, 'polar-version': '1999-01' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not Found' });
  });

  it('answers an unknown route with 404 and a JSON body', async () => {
    const answer = await t.api('GET', '/v1/no-such-thing/');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/json');
  });
});

describe('sandbox HTTP kit: pagination, sorting and metadata filters (reference §2)', () => {
  it('caps limit at 100 silently and computes max_page from the capped limit', async () => {
    const page = wire(listResource(customer), await t.api('GET', '/v1/customers/?limit=500'));
    expect(page.items).toHaveLength(100);
    expect(page.pagination).toEqual({ total_count: 105, max_page: 2 });
    const last = wire(listResource(customer), await t.api('GET', '/v1/customers/?limit=100&page=2'));
    expect(last.items).toHaveLength(5);
  });

  it('defaults to page 1, limit 10, and answers 422 for page or limit below 1 or not an integer', async () => {
    const first = wire(listResource(customer), await t.api('GET', '/v1/customers/'));
    expect(first.items).toHaveLength(10);
    expect(first.pagination.max_page).toBe(11);
    expect422(await t.api('GET', '/v1/customers/?page=0'), ['query', 'page']);
    expect422(await t.api('GET', '/v1/customers/?limit=0'), ['query', 'limit']);
    expect422(await t.api('GET', '/v1/customers/?limit=ten'), ['query', 'limit']);
  });

  it('sorts by repeated sorting values, "-" descending, and refuses an unknown field on ["query","sorting"]', async () => {
    const asc = wire(listResource(customer), await t.api('GET', '/v1/customers/?sorting=email&limit=3'));
    expect(asc.items.map((c) => c.email)).toEqual(['user000@example.com', 'user001@example.com', 'user002@example.com']);
    const desc = wire(listResource(customer), await t.api('GET', '/v1/customers/?sorting=-email&limit=2'));
    expect(desc.items.map((c) => c.email)).toEqual(['user104@example.com', 'user103@example.com']);
    const multi = wire(listResource(customer), await t.api('GET', '/v1/customers/?sorting=-name&sorting=email&limit=1'));
    expect(multi.items[0]?.name).toBe('User 99');
    expect422(await t.api('GET', '/v1/customers/?sorting=password'), ['query', 'sorting']);
  });

  it('filters metadata with percent-encoded brackets: same key OR, different keys AND, compared as strings', async () => {
    const gold = wire(listResource(customer), await t.api('GET', '/v1/customers/?metadata%5Btier%5D=gold&limit=100'));
    expect(gold.pagination.total_count).toBe(35);
    const goldOrSilver = wire(listResource(customer), await t.api('GET', '/v1/customers/?metadata%5Btier%5D=gold&metadata%5Btier%5D=silver&limit=1'));
    expect(goldOrSilver.pagination.total_count).toBe(70);
    const goldAndBeta = wire(listResource(customer), await t.api('GET', '/v1/customers/?metadata%5Btier%5D=gold&metadata%5Bbeta%5D=true&limit=100'));
    expect(goldAndBeta.items.every((c) => c.metadata.tier === 'gold' && c.metadata.beta === true)).toBe(true);
    expect(goldAndBeta.pagination.total_count).toBe(18);
    const byNumber = wire(listResource(customer), await t.api('GET', '/v1/customers/?metadata[n]=42'));
    expect(byNumber.items.map((c) => c.email)).toEqual(['user042@example.com']);
  });
});

describe('sandbox fault injection (README "Fault injection")', () => {
  it('is off by default and, when set, answers 429 with an empty body and retry-after, or a 5xx', async () => {
    expect((await t.api('GET', '/v1/products/')).status).toBe(200);
    t.sandbox.ctx.faults.set({ rate429: 1, retryAfterSeconds: 3 });
    const limited = await t.api('GET', '/v1/products/');
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('');
    expect(limited.headers.get('retry-after')).toBe('3');
    t.sandbox.ctx.faults.set({ rate5xx: 1 });
    expect((await t.api('GET', '/v1/products/')).status).toBeGreaterThanOrEqual(500);
    const control = await t.api('PUT', '/__sandbox/faults', {}, null);
    expect(control.status).toBe(200);
    expect((await t.api('GET', '/v1/products/')).status).toBe(200);
  });

  it('adds the configured latency before answering', async () => {
    t.sandbox.ctx.faults.set({ latencyMs: 120 });
    const started = performance.now();
    await t.api('GET', '/v1/products/');
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    t.sandbox.ctx.faults.set({});
  });
});
