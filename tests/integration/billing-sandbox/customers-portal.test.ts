import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCustomer, listResource, customerSession, paymentMethod, paymentMethodCreateResponse, customerOrganizationData } from '@ensemble/billing-client/schemas';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import { newId } from '@ensemble/billing-sandbox/engine';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let customerId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  customerId = must(await t.client.customers.create({ email: 'ivy@example.com', name: 'Ivy', externalId: 'user-ivy' })).id;
});
afterAll(() => t.close());

async function session(body: Record<string, unknown>): Promise<string> {
  return wire(customerSession, await t.api('POST', '/v1/customer-sessions/', body), 201).token;
}

describe('sandbox customer sessions (reference §4 "Customer sessions")', () => {
  it('opens a 1-hour polar_cst_ session by customer id or external id, with the portal URL', async () => {
    const created = wire(customerSession, await t.api('POST', '/v1/customer-sessions/', { customer_id: customerId, return_url: 'http://localhost:3000/account' }), 201);
    expect(created.token).toMatch(/^polar_cst_[A-Za-z0-9]{43}$/);
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(3_600_000);
    expect(created.customer_portal_url).toBe(`${t.sandbox.ctx.publicUrl}/ensemble/portal?customer_session_token=${created.token}&email=ivy%40example.com`);
    const byExternal = must(await t.client.customerSessions.create({ externalCustomerId: 'user-ivy' }));
    expect(byExternal.customerId).toBe(customerId);
    expect((await t.api('POST', '/v1/customer-sessions/', { customer_external_id: 'user-ivy' })).status).toBe(201);
  });

  it('answers an unknown or foreign customer with 422 "Customer does not exist." on its field', async () => {
    const unknown = expect422(await t.api('POST', '/v1/customer-sessions/', { customer_id: newId() }), ['body', 'customer_id']);
    expect(unknown[0]?.msg).toBe('Customer does not exist.');
    expect422(await t.api('POST', '/v1/customer-sessions/', { external_customer_id: 'nobody' }), ['body', 'external_customer_id']);
    const foreign = await foreignOrganization(t);
    expect422(await t.api('POST', '/v1/customer-sessions/', { customer_id: customerId }, foreign.token), ['body', 'customer_id']);
    expect422(await t.api('POST', '/v1/customer-sessions/', {}));
  });

  it('expires the session after one hour of sandbox time (then 401 invalid_token)', async () => {
    const token = await session({ customer_id: customerId });
    expect((await t.api('GET', '/v1/customer-portal/customers/me', undefined, token)).status).toBe(200);
    t.sandbox.ctx.clock.advance(3_600_001);
    const expired = await t.api('GET', '/v1/customer-portal/customers/me', undefined, token);
    expect(expired.status).toBe(401);
    expect((expired.body as { error: string }).error).toBe('invalid_token');
  });
});

describe('sandbox customer portal (billing-api-part-a.md §7 "Customer portal")', () => {
  it('gets and updates the own profile', async () => {
    const token = await session({ customer_id: customerId });
    const me = wire(portalCustomer, await t.api('GET', '/v1/customer-portal/customers/me', undefined, token));
    expect(me).toMatchObject({ id: customerId, email: 'ivy@example.com', name: 'Ivy' });
    const updated = must(await t.client.customerPortal.customers.update({ customerSession: token }, { name: 'Ivy Updated', billingName: 'Ivy Ltd', billingAddress: { country: 'DE', city: 'Berlin' } }));
    expect(updated).toMatchObject({ name: 'Ivy Updated', billingName: 'Ivy Ltd' });
    expect(t.sandbox.ctx.db.customers.get(customerId)?.billing_address).toMatchObject({ country: 'DE' });
    expect422(await t.api('PATCH', '/v1/customer-portal/customers/me', { email: 'nope' }, token), ['body', 'email']);
  });

  it('adds, lists and deletes payment methods with the test confirmation tokens', async () => {
    const token = await session({ customer_id: customerId });
    const added = wire(paymentMethodCreateResponse, await t.api('POST', '/v1/customer-portal/customers/me/payment-methods', {
      confirmation_token_id: TEST_CONFIRMATION_TOKENS.success, set_default: true, return_url: 'http://localhost:3000/account',
    }, token), 201);
    if (added.status !== 'succeeded') throw new Error('expected a succeeded payment method');
    expect(added.payment_method).toMatchObject({ type: 'card', method_metadata: { brand: 'visa', last4: '4242' } });
    expect(t.sandbox.ctx.db.customers.get(customerId)?.default_payment_method_id).toBe(added.payment_method.id);
    const declined = await t.api('POST', '/v1/customer-portal/customers/me/payment-methods', {
      confirmation_token_id: TEST_CONFIRMATION_TOKENS.declined, set_default: false, return_url: 'http://localhost:3000/account',
    }, token);
    expectNamed(declined, 400, 'PaymentError');
    expect422(await t.api('POST', '/v1/customer-portal/customers/me/payment-methods', { confirmation_token_id: 'tok_random', set_default: false, return_url: 'http://localhost:3000/' }, token), ['body', 'confirmation_token_id']);
    const list = wire(listResource(paymentMethod), await t.api('GET', '/v1/customer-portal/customers/me/payment-methods', undefined, token));
    expect(list.items.map((p) => p.id)).toEqual([added.payment_method.id]);
    const viaClient = must(await t.client.customerPortal.customers.listPaymentMethods({ customerSession: token }));
    expect(viaClient.items).toHaveLength(1);
    expect(must(await t.client.customerPortal.customers.deletePaymentMethod({ customerSession: token }, { id: added.payment_method.id }))).toBeUndefined();
    expectNamed(await t.api('DELETE', `/v1/customer-portal/customers/me/payment-methods/${added.payment_method.id}`, undefined, token), 404, 'ResourceNotFound');
    expect(t.sandbox.ctx.db.customers.get(customerId)?.default_payment_method_id).toBeNull();
  });

  it('serves the organization storefront by slug without credentials, 404 for an unknown slug', async () => {
    const storefront = wire(customerOrganizationData, await t.api('GET', '/v1/customer-portal/organizations/ensemble', undefined, null));
    expect(storefront.organization.slug).toBe('ensemble');
    expect(storefront.products.map((p) => p.id)).toContain(t.seed.productId);
    expectNamed(await t.api('GET', '/v1/customer-portal/organizations/no-such-org', undefined, null), 404, 'ResourceNotFound');
  });

  it('refuses portal calls without a session (401) and with an access token (401)', async () => {
    expect((await t.api('GET', '/v1/customer-portal/customers/me', undefined, null)).status).toBe(401);
    const withAccessToken = await t.api('GET', '/v1/customer-portal/customers/me');
    expect(withAccessToken.status).toBe(401);
    expect(withAccessToken.body).toEqual({ error: 'Unauthorized', detail: 'Unauthorized' });
  });

  it('serves an HTML portal page at customer_portal_url, and a clear page for an unknown link', async () => {
    const created = must(await t.client.customerSessions.create({ customerId }));
    const url = new URL(created.customerPortalUrl);
    const page = await fetch(`${t.sandbox.url}${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('ivy@example.com');
    const unknown = await fetch(`${t.sandbox.url}/ensemble/portal?customer_session_token=polar_cst_nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link not valid');
  });
});
