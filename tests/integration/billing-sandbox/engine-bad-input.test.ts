import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import { foreignOrganization, must, startTestSandbox, type Answer, type TestSandbox } from './sandbox-harness.js';

/**
 * Bad input: every route of the organization, product, discount, customer, customer-session,
 * portal-profile and webhook resources answers malformed JSON, wrong types, unknown ids and
 * foreign-organization ids with the provider's error shapes, never a 500, and changes nothing.
 */
let t: TestSandbox;
const ids: Record<string, string> = {};
let sessionToken = '';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startTestSandbox();
  const foreign = await foreignOrganization(t);
  const as = (path: string, body: unknown) => t.api('POST', path, body, foreign.token).then((a) => (a.body as { id: string }).id);
  ids.foreignProduct = await as('/v1/products/', { name: 'Foreign product', recurring_interval: null, prices: [{ amount_type: 'free' }] });
  ids.foreignDiscount = await as('/v1/discounts/', { name: 'Foreign', type: 'fixed', amount: 1, duration: 'once' });
  ids.foreignCustomer = await as('/v1/customers/', { email: 'foreign@example.com', external_id: 'foreign-ext' });
  ids.foreignEndpoint = await as('/v1/webhooks/endpoints', { url: 'http://localhost:9/x', format: 'raw', events: [] });
  ids.foreignOrganization = foreign.id;
  const foreignSession = await t.api('POST', '/v1/customer-sessions/', { customer_id: ids.foreignCustomer }, foreign.token);
  const foreignPm = await t.api('POST', '/v1/customer-portal/customers/me/payment-methods', {
    confirmation_token_id: TEST_CONFIRMATION_TOKENS.success, set_default: true, return_url: 'http://localhost:3000/',
  }, (foreignSession.body as { token: string }).token);
  ids.foreignPaymentMethod = (foreignPm.body as { payment_method: { id: string } }).payment_method.id;
  ids.customer = must(await t.client.customers.create({ email: 'own@example.com', externalId: 'own-ext' })).id;
  sessionToken = must(await t.client.customerSessions.create({ customerId: ids.customer })).token;
});
afterAll(() => t.close());

/** The whole engine state except the webhook log, which rejected requests never touch either. */
function stateOf(): string {
  const { db } = t.sandbox.ctx;
  const names = ['organizations', 'accessTokens', 'benefits', 'products', 'prices', 'discounts', 'customers', 'customerSessions', 'paymentMethods', 'benefitGrants', 'webhookEndpoints'] as const;
  return JSON.stringify(names.map((n) => [...db[n].values()]));
}

function expectProviderError(answer: Answer, statuses: number[]): void {
  expect(answer.status, answer.text).not.toBe(500);
  expect(statuses, `${answer.status} ${answer.text}`).toContain(answer.status);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const body = answer.body as { error?: unknown; detail?: unknown };
  expect(typeof body.error).toBe('string');
  if (answer.status === 422) expect(Array.isArray(body.detail)).toBe(true);
  else expect(typeof body.detail).toBe('string');
}

type Route = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; body?: boolean; portal?: boolean };
const byId = (template: string, id: string) => template.replace('{id}', id);

const idRoutes: (Route & { foreignKey: string })[] = [
  { method: 'GET', path: '/v1/organizations/{id}', foreignKey: 'foreignOrganization' },
  { method: 'PATCH', path: '/v1/organizations/{id}', body: true, foreignKey: 'foreignOrganization' },
  { method: 'GET', path: '/v1/products/{id}', foreignKey: 'foreignProduct' },
  { method: 'PATCH', path: '/v1/products/{id}', body: true, foreignKey: 'foreignProduct' },
  { method: 'POST', path: '/v1/products/{id}/benefits', body: true, foreignKey: 'foreignProduct' },
  { method: 'GET', path: '/v1/discounts/{id}', foreignKey: 'foreignDiscount' },
  { method: 'PATCH', path: '/v1/discounts/{id}', body: true, foreignKey: 'foreignDiscount' },
  { method: 'DELETE', path: '/v1/discounts/{id}', foreignKey: 'foreignDiscount' },
  { method: 'GET', path: '/v1/customers/{id}', foreignKey: 'foreignCustomer' },
  { method: 'PATCH', path: '/v1/customers/{id}', body: true, foreignKey: 'foreignCustomer' },
  { method: 'DELETE', path: '/v1/customers/{id}', foreignKey: 'foreignCustomer' },
  { method: 'GET', path: '/v1/customers/{id}/state', foreignKey: 'foreignCustomer' },
  { method: 'GET', path: '/v1/webhooks/endpoints/{id}', foreignKey: 'foreignEndpoint' },
  { method: 'PATCH', path: '/v1/webhooks/endpoints/{id}', body: true, foreignKey: 'foreignEndpoint' },
  { method: 'DELETE', path: '/v1/webhooks/endpoints/{id}', foreignKey: 'foreignEndpoint' },
  { method: 'POST', path: '/v1/webhooks/events/{id}/redeliver', foreignKey: 'foreignEndpoint' },
  { method: 'DELETE', path: '/v1/customer-portal/customers/me/payment-methods/{id}', portal: true, foreignKey: 'foreignPaymentMethod' },
];

const bodyRoutes: Route[] = [
  { method: 'POST', path: '/v1/organizations/' },
  { method: 'POST', path: '/v1/products/' },
  { method: 'POST', path: '/v1/discounts/' },
  { method: 'POST', path: '/v1/customers/' },
  { method: 'PATCH', path: '/v1/customers/external/own-ext' },
  { method: 'POST', path: '/v1/customer-sessions/' },
  { method: 'POST', path: '/v1/webhooks/endpoints' },
  { method: 'PATCH', path: '/v1/customer-portal/customers/me', portal: true },
  { method: 'POST', path: '/v1/customer-portal/customers/me/payment-methods', portal: true },
  ...idRoutes.filter((r) => r.body).map((r) => ({ method: r.method, path: byId(r.path, 'OWN'), portal: r.portal })),
];

const ownIdFor = (path: string) => {
  if (path.includes('/organizations/')) return t.seed.organizationId;
  if (path.includes('/products/')) return t.seed.productId;
  if (path.includes('/discounts/')) return t.seed.discountId;
  if (path.includes('/customers/')) return ids.customer as string;
  return t.seed.webhookEndpointId;
};
const tokenFor = (route: Route) => (route.portal ? sessionToken : undefined);

describe('sandbox bad input on every route', () => {
  it.each(idRoutes)('$method $path: a non-UUID id is 422, an unknown or foreign-organization id is 404', async (route) => {
    const { foreignKey } = route;
    const before = stateOf();
    const body = route.body ? {} : undefined;
    expectProviderError(await t.api(route.method, byId(route.path, 'not-a-uuid'), body, tokenFor(route)), [422]);
    expectProviderError(await t.api(route.method, byId(route.path, UNKNOWN), body, tokenFor(route)), [404]);
    expectProviderError(await t.api(route.method, byId(route.path, ids[foreignKey] as string), body, tokenFor(route)), [404]);
    expect(stateOf()).toBe(before);
  });

  it.each(bodyRoutes)('$method $path: malformed JSON, a non-object body and wrong field types are 422s', async (route) => {
    const path = route.path.replace('OWN', ownIdFor(route.path));
    const before = stateOf();
    expectProviderError(await t.api(route.method, path, '{"name": "x",', tokenFor(route)), [422]);
    expectProviderError(await t.api(route.method, path, '[1, 2, 3]', tokenFor(route)), [422]);
    expectProviderError(await t.api(route.method, path, { name: 42, email: ['x'], metadata: 'no', url: 7, events: 'all', benefits: 3, customer_id: 5, confirmation_token_id: 1, subscription_settings: 1, prices: 'free' }, tokenFor(route)), [422]);
    expect(stateOf()).toBe(before);
  });

  it('answers list routes with bad query values with 422 on the query', async () => {
    for (const path of ['/v1/organizations/', '/v1/products/', '/v1/discounts/', '/v1/customers/', '/v1/webhooks/endpoints', '/v1/webhooks/deliveries']) {
      expectProviderError(await t.api('GET', `${path}?page=-1`), [422]);
      expectProviderError(await t.api('GET', `${path}?limit=abc`), [422]);
    }
    expectProviderError(await t.api('GET', '/v1/products/?organization_id=nope'), [422]);
    expectProviderError(await t.api('GET', '/v1/webhooks/deliveries?endpoint_id=nope'), [422]);
    expectProviderError(await t.api('GET', '/v1/customer-portal/customers/me/payment-methods?page=0', undefined, sessionToken), [422]);
  });
});
