import { afterEach, describe, expect, it } from 'vitest';
import { createBillingClient, SERVERS, serverUrl, ApiError, HttpValidationError, InputValidationError, InvalidTokenError, ProviderError, ResponseValidationError, UnexpectedResponseError, encodeQuery, operation, text } from '@ensemble/billing-client';
import { discountWire } from '../../support/billing-fixtures/discounts.js';
import { DISCOUNT_ID, PRODUCT_ID, SUBSCRIPTION_ID } from '../../support/billing-fixtures/ids.js';
import { productWire } from '../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { mockBilling, TOKEN } from '../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('servers and credentials (reference §1 "Servers")', () => {
  it('production is the default, sandbox by name, any URL otherwise (path prefix dropped)', async () => {
    expect(serverUrl(undefined)).toBe(SERVERS.production);
    expect(serverUrl('sandbox')).toBe('https://sandbox-api.polar.sh');
    api = mockBilling({ server: 'http://localhost:54380/ignored/prefix' });
    api!.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    dataOf(await api!.client.products.get({ id: PRODUCT_ID }));
    expect(api!.seen[0]!.path).toBe(`/v1/products/${PRODUCT_ID}`);
  });

  it('billing-api-part-a.md §6: seller calls send the access token as a bearer token, JSON accepted', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    await api!.client.products.get({ id: PRODUCT_ID });
    expect(api!.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(api!.seen[0]!.headers.accept).toBe('application/json');
  });

  it('an access token may come from a function (rotated secrets)', async () => {
    api = mockBilling({ accessToken: async () => 'polar_oat_rotated' });
    api!.reply('GET', '/v1/discounts/', { status: 200, body: discountWire() });
    dataOf(await api!.client.discounts.get({ id: DISCOUNT_ID }));
    expect(api!.seen[0]!.headers.authorization).toBe('Bearer polar_oat_rotated');
  });
});

describe('query encoding (reference §1)', () => {
  it('arrays repeat the key, metadata is a deep object with encoded brackets, null is left out', () => {
    expect(
      encodeQuery({ id: ['a', 'b'], sorting: ['-created_at', 'name'], metadata: { plan: ['pro', 'team'], seats: 3 }, q: null, x: undefined, active: false }),
    ).toBe('?id=a&id=b&sorting=-created_at&sorting=name&metadata%5Bplan%5D=pro&metadata%5Bplan%5D=team&metadata%5Bseats%5D=3&active=false');
  });

  it('billing-api-part-b.md §7: the list call sends snake_case names, defaults page 1 / limit 10, and keeps metadata keys as given', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/subscriptions/', { status: 200, body: { items: [], pagination: { total_count: 0, max_page: 0 } } });
    dataOf(
      await api!.client.subscriptions.list({
        externalCustomerId: ['user-1', 'user-2'],
        active: true,
        sorting: ['-started_at'],
        metadata: { Plan_Key: 'pro' },
      }),
    );
    expect(api!.seen[0]!.rawQuery).toContain('metadata%5BPlan_Key%5D=pro');
    expect(api!.seen[0]!.query).toEqual([
      ['external_customer_id', 'user-1'],
      ['external_customer_id', 'user-2'],
      ['active', 'true'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-started_at'],
      ['metadata[Plan_Key]', 'pro'],
    ]);
  });
});

describe('input validation (billing specs §5)', () => {
  it('an invalid input fails with "Input validation failed" and the zod issues, and nothing is sent', async () => {
    api = mockBilling();
    const result = await api!.client.subscriptions.update({
      id: SUBSCRIPTION_ID,
      subscriptionUpdate: { cancelAtPeriodEnd: true, customerCancellationReason: 'bored' as never },
    });
    const error = errorOf(result);
    expect(error).toBeInstanceOf(InputValidationError);
    expect(error.message).toMatch(/^Input validation failed/);
    expect((error as InputValidationError).issues.length).toBeGreaterThan(0);
    expect(api!.seen).toHaveLength(0);
  });

  it('an unknown sorting field is refused locally', async () => {
    api = mockBilling();
    const error = errorOf(await api!.client.subscriptions.list({ sorting: ['-price' as never] }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('sorting');
  });

  it('an empty path id is refused locally', async () => {
    api = mockBilling();
    expect(errorOf(await api!.client.products.get({ id: '' })).kind).toBe('input_validation');
  });
});

describe('response matching on status and content type (reference §1)', () => {
  it('parses a realistic answer to camelCase, metadata keys untouched, unknown keys stripped', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    const product = dataOf(await api!.client.products.get({ id: PRODUCT_ID }));
    expect(product.isRecurring).toBe(true);
    expect(product.metadata).toEqual({ plan_key: 'pro' });
    expect(product.prices[0]).toMatchObject({ amountType: 'fixed', priceAmount: 2500, priceCurrency: 'usd' });
    expect(product.prices[0]).not.toHaveProperty('type');
    expect(product.prices[1]).toMatchObject({ legacy: true, recurringInterval: 'month' });
    expect(product.benefits[0]!.metadata).toEqual({ credits_plan: 'pro', Tier_Level: 2 });
  });

  it('a 200 missing a required field is "Response validation failed" with the raw value', async () => {
    api = mockBilling();
    const { name: _drop, ...withoutName } = productWire();
    api!.reply('GET', '/v1/products/', { status: 200, body: withoutName });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID })) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toBe('Response validation failed');
    expect(error.rawValue).toEqual(withoutName);
    expect(error.pretty()).toContain('name');
  });

  it('a date-time without an offset is refused (reference §1 "Casing")', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 200, body: productWire({ created_at: '2026-03-01T10:15:30' }) });
    expect(errorOf(await api!.client.products.get({ id: PRODUCT_ID })).kind).toBe('response_validation');
  });

  it('truncated JSON is a response validation failure carrying the text', async () => {
    api = mockBilling();
    const text = JSON.stringify(productWire()).slice(0, 120);
    api!.reply('GET', '/v1/products/', { status: 200, raw: text, headers: { 'content-type': 'application/json' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID })) as ResponseValidationError;
    expect(error.kind).toBe('response_validation');
    expect(error.rawValue).toBe(text);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a 200 with the wrong content type is "Unexpected Status or Content-Type"', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 200, raw: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toBe('Unexpected Status or Content-Type: Status 200 Content-Type text/html. Body: <html>maintenance</html>');
  });

  it('a redirect is unexpected too', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 302, raw: '', headers: { location: 'https://elsewhere.test' } });
    expect(errorOf(await api!.client.products.get({ id: PRODUCT_ID })).kind).toBe('unexpected_response');
  });
});

describe('error catalogue (billing specs §8)', () => {
  it('404 ResourceNotFound is a typed provider error with its detail', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'provider', error: 'ResourceNotFound', detail: 'Not found', statusCode: 404 });
  });

  it('403 AlreadyCanceledSubscription on subscription update', async () => {
    api = mockBilling();
    api!.reply('PATCH', '/v1/subscriptions/', {
      status: 403,
      body: { error: 'AlreadyCanceledSubscription', detail: 'This subscription is already canceled or will be at the end of the period.' },
    });
    const error = errorOf(await api!.client.subscriptions.update({ id: SUBSCRIPTION_ID, subscriptionUpdate: { cancelAtPeriodEnd: true } }));
    expect(error).toMatchObject({ kind: 'provider', error: 'AlreadyCanceledSubscription', statusCode: 403 });
  });

  it('a declared error status whose body names another error is a response validation failure (SDK 0.48)', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 404, body: { error: 'SomethingElse', detail: 'x' } });
    expect(errorOf(await api!.client.products.get({ id: PRODUCT_ID })).kind).toBe('response_validation');
  });

  it('422 HTTPValidationError carries detail[{loc, msg, type}]', async () => {
    api = mockBilling();
    const detail = [{ loc: ['body', 'customer_id'], msg: 'Customer does not exist.', type: 'value_error', input: 'x' }];
    api!.reply('POST', '/v1/customer-sessions/', { status: 422, body: { error: 'PolarRequestValidationError', detail } });
    const error = errorOf(await api!.client.customerSessions.create({ customerId: 'x' }));
    expect(error).toBeInstanceOf(HttpValidationError);
    expect((error as HttpValidationError).detail[0]).toMatchObject({ loc: ['body', 'customer_id'], msg: 'Customer does not exist.' });
  });

  it('401 invalid_token is its own error; 401 Unauthorized a provider error', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', {
      status: 401,
      body: { error: 'invalid_token', error_description: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' },
      headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="polar", error="invalid_token"' },
    });
    api!.reply('GET', '/v1/products/', { status: 401, body: { error: 'Unauthorized', detail: 'Unauthorized' } });
    const first = errorOf(await api!.client.products.get({ id: PRODUCT_ID }));
    expect(first).toBeInstanceOf(InvalidTokenError);
    expect(first.message).toContain('expired, revoked');
    expect(errorOf(await api!.client.products.get({ id: PRODUCT_ID }))).toMatchObject({ kind: 'provider', error: 'Unauthorized' });
  });

  it('other 4XX/5XX are a generic API error with status, content type and body', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 503, raw: 'upstream down', headers: { 'content-type': 'text/plain' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID })) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('API error occurred: Status 503 Content-Type text/plain. Body: upstream down');
    expect(error.http).toMatchObject({ statusCode: 503, contentType: 'text/plain', body: 'upstream down' });
  });

  it('a 429 with an empty body (rate limiter) is a generic API error when retries are off', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/products/', { status: 429, raw: '', headers: { 'retry-after': '3' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID })) as ApiError;
    expect(error.statusCode).toBe(429);
    expect(api!.seen).toHaveLength(1);
  });

  it('a 10 MB error body is truncated at 10,000 characters in the message and the error', async () => {
    api = mockBilling();
    const huge = 'x'.repeat(10 * 1024 * 1024);
    api!.reply('GET', '/v1/products/', { status: 500, raw: huge, headers: { 'content-type': 'text/plain' } });
    const error = errorOf(await api!.client.products.get({ id: PRODUCT_ID })) as ApiError;
    const rest = huge.length - 10_000;
    expect(error.message.endsWith(`${'x'.repeat(10)}...and ${rest} more chars`)).toBe(true);
    expect(error.message.length).toBeLessThan(10_200);
    expect(error.http.bodyLength).toBe(huge.length);
    expect(error.http.body.length).toBe(10_000 + `...and ${rest} more chars`.length);
  });
});

describe('answer kinds', () => {
  const exportOp = operation({ method: 'GET', path: '/v1/subscriptions/export', security: 'accessToken', responses: [text(200, 'text/csv')] });

  it('a text answer of the declared media type is handed out as a string; another media type is unexpected', async () => {
    api = mockBilling();
    api!.reply('GET', '/v1/subscriptions/export', { status: 200, raw: 'id,status\ns1,active\n', headers: { 'content-type': 'text/csv; charset=utf-8' } });
    api!.reply('GET', '/v1/subscriptions/export', { status: 200, raw: '{}', headers: { 'content-type': 'application/json' } });
    expect(dataOf(await api!.client.http.call(exportOp, {}))).toBe('id,status\ns1,active\n');
    expect(errorOf(await api!.client.http.call(exportOp, {})).kind).toBe('unexpected_response');
  });
});

describe('client shape', () => {
  it('createBillingClient groups calls by resource', () => {
    const client = createBillingClient({ accessToken: 'x' });
    expect(typeof client.checkouts.client.confirm).toBe('function');
    expect(typeof client.benefits.list.items).toBe('function');
    expect(typeof client.customerPortal.benefitGrants.list.pages).toBe('function');
  });
});
