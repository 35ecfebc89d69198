import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import { must, startTestSandbox, type TestSandbox } from './sandbox-harness.js';

/**
 * Client contract: the real billing client runs every call of the engine's first resources
 * (organizations, products, discounts, customers, customer sessions, the portal, webhooks) against the
 * sandbox over HTTP; each answer must pass the client's own response validation.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('billing client against the sandbox: organizations, products, discounts', () => {
  it('runs every organization call', async () => {
    const { organizations } = t.client;
    expect(must(await organizations.list()).items.map((o) => o.id)).toEqual([t.seed.organizationId]);
    const created = must(await organizations.create({ name: 'Contract org', slug: 'contract-org' }));
    expect(created.slug).toBe('contract-org');
    expect(must(await organizations.get({ id: t.seed.organizationId })).name).toBe('Ensemble');
    expect(must(await organizations.update({ id: t.seed.organizationId, organizationUpdate: { website: 'https://ensemble.example' } })).website).toBe('https://ensemble.example');
  });

  it('runs every product call and iterates pages', async () => {
    const { products } = t.client;
    for (let i = 0; i < 12; i += 1) {
      must(await products.create({ name: `Contract product ${i}`, recurringInterval: null, prices: [{ amountType: 'fixed', priceAmount: 100 + i, priceCurrency: 'usd' }] }));
    }
    const seen: string[] = [];
    for await (const item of products.list.items({ limit: 5 })) seen.push(item.id);
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
    const first = seen[0] as string;
    expect(must(await products.get({ id: first })).id).toBe(first);
    expect(must(await products.update({ id: first, productUpdate: { description: 'Described' } })).description).toBe('Described');
    expect(must(await products.updateBenefits({ id: first, productBenefitsUpdate: { benefits: t.seed.benefitIds } })).benefits).toHaveLength(2);
  });

  it('runs every discount call', async () => {
    const { discounts } = t.client;
    const created = must(await discounts.create({ name: 'Contract', code: 'CONTRACT', type: 'fixed', amount: 250, currency: 'usd', duration: 'repeating', durationInMonths: 2 }));
    expect(must(await discounts.get({ id: created.id })).code).toBe('CONTRACT');
    expect(must(await discounts.list({ query: 'contract' })).items.map((d) => d.id)).toEqual([created.id]);
    expect(must(await discounts.update({ id: created.id, discountUpdate: { maxRedemptions: 5 } })).maxRedemptions).toBe(5);
    expect((await discounts.delete({ id: created.id })).success).toBe(true);
  });
});

describe('billing client against the sandbox: customers, sessions, portal, webhooks', () => {
  it('runs every customer call, by id and by external id', async () => {
    const { customers } = t.client;
    const created = must(await customers.create({ email: 'contract@example.com', externalId: 'contract-1', metadata: { source: 'contract' } }));
    expect(must(await customers.get({ id: created.id })).email).toBe('contract@example.com');
    expect(must(await customers.update({ id: created.id, customerUpdate: { name: 'Contract Person' } })).name).toBe('Contract Person');
    expect(must(await customers.getState({ id: created.id })).activeSubscriptions).toEqual([]);
    expect(must(await customers.getExternal({ externalId: 'contract-1' })).id).toBe(created.id);
    expect(must(await customers.updateExternal({ externalId: 'contract-1', customerUpdateExternalID: { locale: 'fr' } })).locale).toBe('fr');
    expect(must(await customers.getStateExternal({ externalId: 'contract-1' })).id).toBe(created.id);
    expect(must(await customers.list({ metadata: { source: 'contract' } })).items).toHaveLength(1);
    const other = must(await customers.create({ email: 'contract2@example.com', externalId: 'contract-2' }));
    expect((await customers.deleteExternal({ externalId: 'contract-2' })).success).toBe(true);
    expect((await customers.delete({ id: created.id })).success).toBe(true);
    const afterDelete = await customers.get({ id: other.id });
    expect(afterDelete.success).toBe(false);
  });

  it('runs customer sessions and every portal call of the engine\'s first resources', async () => {
    const buyer = must(await t.client.customers.create({ email: 'portal-contract@example.com' }));
    const session = must(await t.client.customerSessions.create({ customerId: buyer.id, returnUrl: 'http://localhost:3000/account' }));
    const auth = { customerSession: session.token };
    const portal = t.client.customerPortal;
    expect(must(await portal.customers.get(auth)).email).toBe('portal-contract@example.com');
    expect(must(await portal.customers.update(auth, { name: 'Portal Person' })).name).toBe('Portal Person');
    const added = must(await portal.customers.addPaymentMethod(auth, { confirmationTokenId: TEST_CONFIRMATION_TOKENS.success, setDefault: true, returnUrl: 'http://localhost:3000/account' }));
    if (added.status !== 'succeeded') throw new Error('expected the test card to succeed');
    expect(must(await portal.customers.listPaymentMethods(auth)).items).toHaveLength(1);
    expect((await portal.customers.deletePaymentMethod(auth, { id: added.paymentMethod.id })).success).toBe(true);
    expect(must(await portal.organizations.get({ slug: 'ensemble' })).organization.id).toBe(t.seed.organizationId);
  });

  it('runs every webhook call', async () => {
    const { webhooks } = t.client;
    const endpoint = must(await webhooks.createEndpoint({ url: 'http://127.0.0.1:9/contract', format: 'raw', secret: 'whsec_contract', events: ['customer.created'] }));
    expect(must(await webhooks.getEndpoint({ id: endpoint.id })).url).toBe('http://127.0.0.1:9/contract');
    expect(must(await webhooks.updateEndpoint({ id: endpoint.id, webhookEndpointUpdate: { name: 'Contract hook' } })).name).toBe('Contract hook');
    expect(must(await webhooks.listEndpoints()).items.map((e) => e.id)).toContain(endpoint.id);
    must(await t.client.customers.create({ email: 'hooked@example.com' }));
    await t.sandbox.ctx.webhooks.idle();
    const deliveries = must(await webhooks.listDeliveries({ endpointId: endpoint.id }));
    expect(deliveries.items.length).toBeGreaterThan(0);
    const eventId = deliveries.items[0]?.webhookEvent.id as string;
    expect((await webhooks.redeliverEvent({ id: eventId })).success).toBe(true);
    await t.sandbox.ctx.webhooks.idle();
    expect((await webhooks.deleteEndpoint({ id: endpoint.id })).success).toBe(true);
  });
});
