import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, customer, customerState } from '@ensemble/billing-client/schemas';
import { grantBenefits } from '@ensemble/billing-sandbox/engine';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let foreign: { id: string; token: string };
beforeAll(async () => {
  t = await startTestSandbox();
  foreign = await foreignOrganization(t);
});
afterAll(() => t.close());

describe('sandbox customers (billing-api-part-b.md §7 Customers; reference §4 "Customers")', () => {
  it('creates a customer (201) with the provider defaults and gravatar avatar', async () => {
    const created = wire(customer, await t.api('POST', '/v1/customers/', { email: 'ada@example.com', name: 'Ada', external_id: 'user-ada', metadata: { plan: 'free' } }), 201);
    expect(created).toMatchObject({ email: 'ada@example.com', external_id: 'user-ada', email_verified: false, deleted_at: null, billing_address: null, tax_id: null });
    expect(created.avatar_url).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=404$/);
    const viaClient = must(await t.client.customers.getExternal({ externalId: 'user-ada' }));
    expect(viaClient.id).toBe(created.id);
  });

  it('keeps email and external id unique per organization with the provider messages', async () => {
    const email = expect422(await t.api('POST', '/v1/customers/', { email: 'ADA@example.com' }), ['body', 'email']);
    expect(email[0]?.msg).toBe('A customer with this email address already exists.');
    const external = expect422(await t.api('POST', '/v1/customers/', { email: 'other@example.com', external_id: 'user-ada' }), ['body', 'external_id']);
    expect(external[0]?.msg).toBe('A customer with this external ID already exists.');
    const elsewhere = await t.api('POST', '/v1/customers/', { email: 'ada@example.com', external_id: 'user-ada' }, foreign.token);
    expect(elsewhere.status).toBe(201);
  });

  it('lets an external id be set once when null, then refuses to change it (422 "Customer external ID cannot be updated.")', async () => {
    const made = must(await t.client.customers.create({ email: 'bob@example.com' }));
    const set = wire(customer, await t.api('PATCH', `/v1/customers/${made.id}`, { external_id: 'user-bob', name: 'Bob' }));
    expect(set).toMatchObject({ external_id: 'user-bob', name: 'Bob' });
    const refused = expect422(await t.api('PATCH', `/v1/customers/${made.id}`, { external_id: 'user-robert' }), ['body', 'external_id']);
    expect(refused[0]?.msg).toBe('Customer external ID cannot be updated.');
    expect(t.sandbox.ctx.db.customers.get(made.id)?.external_id).toBe('user-bob');
    const byExternal = wire(customer, await t.api('PATCH', '/v1/customers/external/user-bob', { billing_address: { country: 'FR', city: 'Paris' }, tax_id: ['FR61954506077', 'eu_vat'] }));
    expect(byExternal.billing_address).toMatchObject({ country: 'FR', city: 'Paris' });
    expect(byExternal.tax_id).toEqual(['FR61954506077', 'eu_vat']);
  });

  it('lists with email, query and metadata filters', async () => {
    must(await t.client.customers.create({ email: 'carol@example.com', name: 'Carol Query', metadata: { team: 'red', seats: 3 } }));
    must(await t.client.customers.create({ email: 'dave@example.com', metadata: { team: 'blue', seats: 3 } }));
    const byEmail = wire(listResource(customer), await t.api('GET', '/v1/customers/?email=carol%40example.com'));
    expect(byEmail.items.map((c) => c.email)).toEqual(['carol@example.com']);
    const byQuery = must(await t.client.customers.list({ query: 'carol q' }));
    expect(byQuery.items.map((c) => c.email)).toEqual(['carol@example.com']);
    const byMetadata = must(await t.client.customers.list({ metadata: { seats: '3', team: ['red', 'blue'] }, sorting: ['email'] }));
    expect(byMetadata.items.map((c) => c.email)).toEqual(['carol@example.com', 'dave@example.com']);
  });

  it('answers the state with active subscriptions, granted benefits and active meters', async () => {
    const made = must(await t.client.customers.create({ email: 'erin@example.com', externalId: 'user-erin' }));
    t.sandbox.ctx.store.transaction(() => grantBenefits(t.sandbox.ctx, { customerId: made.id, benefitIds: t.seed.benefitIds }));
    const state = wire(customerState, await t.api('GET', `/v1/customers/${made.id}/state`));
    expect(state.active_subscriptions).toEqual([]);
    expect(state.active_meters).toEqual([]);
    expect(state.granted_benefits.map((g) => g.benefit_id)).toEqual(t.seed.benefitIds);
    const viaClient = must(await t.client.customers.getStateExternal({ externalId: 'user-erin' }));
    expect(viaClient.grantedBenefits).toHaveLength(2);
  });

  it('soft-deletes (204) by id and by external id: the customer is then 404 and its benefits revoked', async () => {
    const made = must(await t.client.customers.create({ email: 'fred@example.com', externalId: 'user-fred' }));
    t.sandbox.ctx.store.transaction(() => grantBenefits(t.sandbox.ctx, { customerId: made.id, benefitIds: t.seed.benefitIds }));
    expect((await t.api('DELETE', '/v1/customers/external/user-fred')).status).toBe(204);
    expectNamed(await t.api('GET', `/v1/customers/${made.id}`), 404, 'ResourceNotFound');
    expectNamed(await t.api('GET', '/v1/customers/external/user-fred/state'), 404, 'ResourceNotFound');
    expect(t.sandbox.ctx.db.customers.get(made.id)?.deleted_at).not.toBeNull();
    expect(t.sandbox.ctx.db.benefitGrants.byIndex('customer', made.id).every((g) => g.is_revoked)).toBe(true);
    const other = must(await t.client.customers.create({ email: 'gina@example.com' }));
    expect((await t.client.customers.delete({ id: other.id })).success).toBe(true);
    expect(must(await t.client.customers.list({ email: 'gina@example.com' })).items).toEqual([]);
  });

  it('answers bad input and foreign-organization ids with provider errors, leaving customers unchanged', async () => {
    const made = must(await t.client.customers.create({ email: 'hank@example.com', externalId: 'user-hank' }));
    const before = t.sandbox.ctx.db.customers.get(made.id);
    expectNamed(await t.api('GET', `/v1/customers/${made.id}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('PATCH', `/v1/customers/${made.id}`, { name: 'X' }, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('DELETE', `/v1/customers/${made.id}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('GET', '/v1/customers/external/user-hank', undefined, foreign.token), 404, 'ResourceNotFound');
    expect422(await t.api('PATCH', `/v1/customers/${made.id}`, '{oops'));
    expect422(await t.api('PATCH', `/v1/customers/${made.id}`, { email: 'not-an-email' }), ['body', 'email']);
    expect422(await t.api('PATCH', `/v1/customers/${made.id}`, { email: 'ada@example.com' }), ['body', 'email']);
    expect422(await t.api('PATCH', `/v1/customers/${made.id}`, { metadata: { k: { nested: true } } }));
    expect422(await t.api('POST', '/v1/customers/', { email: 'x@example.com', billing_address: { city: 'Nowhere' } }), ['body', 'billing_address', 'country']);
    expect422(await t.api('GET', '/v1/customers/?sorting=external_id'), ['query', 'sorting']);
    expect(t.sandbox.ctx.db.customers.get(made.id)).toBe(before);
  });
});
