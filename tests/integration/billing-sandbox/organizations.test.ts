import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, organization } from '@ensemble/billing-client/schemas';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('sandbox organizations (billing-api-part-b.md §7 Organizations)', () => {
  it('gets and lists the token organization as wire organizations', async () => {
    const own = wire(organization, await t.api('GET', `/v1/organizations/${t.seed.organizationId}`));
    expect(own.slug).toBe('ensemble');
    const list = wire(listResource(organization), await t.api('GET', '/v1/organizations/?slug=ensemble'));
    expect(list.items.map((o) => o.id)).toEqual([t.seed.organizationId]);
    const viaClient = must(await t.client.organizations.get({ id: t.seed.organizationId }));
    expect(viaClient.subscriptionSettings.allowMultipleSubscriptions).toBe(false);
  });

  it('creates an organization (201), refusing a taken slug on ["body","slug"]', async () => {
    const created = wire(organization, await t.api('POST', '/v1/organizations/', { name: 'Acme labs', slug: 'acme-labs' }), 201);
    expect(created.slug).toBe('acme-labs');
    expect422(await t.api('POST', '/v1/organizations/', { name: 'Acme again', slug: 'acme-labs' }), ['body', 'slug']);
    expect422(await t.api('POST', '/v1/organizations/', { name: 'Bad slug', slug: 'Not A Slug' }), ['body', 'slug']);
  });

  it('updates settings and answers another organization id with 404, unchanged', async () => {
    const updated = wire(organization, await t.api('PATCH', `/v1/organizations/${t.seed.organizationId}`, {
      subscription_settings: { allow_multiple_subscriptions: true, allow_customer_updates: true, proration_behavior: 'invoice' },
    }));
    expect(updated.subscription_settings.proration_behavior).toBe('invoice');
    const foreign = await foreignOrganization(t);
    const before = t.sandbox.ctx.db.organizations.get(foreign.id);
    expectNamed(await t.api('GET', `/v1/organizations/${foreign.id}`), 404, 'ResourceNotFound');
    expectNamed(await t.api('PATCH', `/v1/organizations/${foreign.id}`, { name: 'Taken over' }), 404, 'ResourceNotFound');
    expect422(await t.api('PATCH', `/v1/organizations/${t.seed.organizationId}`, { email: 'not-an-email' }), ['body', 'email']);
    expect(t.sandbox.ctx.db.organizations.get(foreign.id)).toBe(before);
  });
});
