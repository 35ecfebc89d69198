import { afterEach, describe, expect, it } from 'vitest';
import { ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { organizationWire } from '../../../support/billing-fixtures/organizations.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('organizations (billing-api-part-b.md §7 "Organizations")', () => {
  const api = mockBilling();
  const organizations = api.client.organizations;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list by slug, sorted by name descending', async () => {
    api.json(200, page([organizationWire()]));
    const answer = dataOf(await organizations.list({ slug: 'ensemble', sorting: ['-name'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/organizations/']);
    expect(api.last().query).toEqual([
      ['slug', 'ensemble'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-name'],
    ]);
    expect(answer.items[0]).toMatchObject({
      slug: 'ensemble',
      socials: [{ platform: 'github' }],
      subscriptionSettings: { allowMultipleSubscriptions: false, prorationBehavior: 'prorate' },
      featureSettings: { issueFundingEnabled: false },
    });
  });

  it('billing-api-part-b.md §3: create sends the details with their defaults (switching true, previous revenue 0)', async () => {
    api.json(201, organizationWire());
    dataOf(
      await organizations.create({
        name: 'Ensemble',
        slug: 'ensemble',
        email: 'billing@ensemble.example.com',
        socials: [{ platform: 'x', url: 'https://x.com/ensemble' }],
        details: {
          about: 'Chat with several AI models side by side.',
          productDescription: 'A subscription with monthly credits.',
          intendedUse: 'Sell the Pro plan.',
          customerAcquisition: ['website'],
          futureAnnualRevenue: 100_000,
        },
        subscriptionSettings: { allowMultipleSubscriptions: false, allowCustomerUpdates: true, prorationBehavior: 'invoice' },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/organizations/']);
    expect(api.last().body).toMatchObject({
      slug: 'ensemble',
      socials: [{ platform: 'x', url: 'https://x.com/ensemble' }],
      details: { product_description: 'A subscription with monthly credits.', switching: true, previous_annual_revenue: 0, future_annual_revenue: 100_000 },
      subscription_settings: { allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'invoice' },
    });
  });

  it('billing-api-part-b.md §3: a switching_from outside the five providers is refused', async () => {
    const details = { about: 'a', productDescription: 'b', intendedUse: 'c', customerAcquisition: [], futureAnnualRevenue: 1, switchingFrom: 'paypal' as never };
    expect(errorOf(await organizations.create({ name: 'Ensemble', slug: 'ensemble', details })).kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §7: get and update use /v1/organizations/{id}; update has no slug', async () => {
    api.json(200, organizationWire());
    expect(dataOf(await organizations.get({ id: ORG_ID })).id).toBe(ORG_ID);
    expect(api.last().path).toBe(`/v1/organizations/${ORG_ID}`);

    api.json(200, organizationWire({ name: 'Ensemble AI' }));
    expect(dataOf(await organizations.update({ id: ORG_ID, organizationUpdate: { name: 'Ensemble AI', notificationSettings: { newOrder: false, newSubscription: true } } })).name).toBe('Ensemble AI');
    expect([api.last().method, api.last().body]).toEqual(['PATCH', { name: 'Ensemble AI', notification_settings: { new_order: false, new_subscription: true } }]);
  });

  it('billing-api-part-b.md §8: update answers 403 NotPermitted; get and update 404 ResourceNotFound', async () => {
    api.named(403, 'NotPermitted', 'Not permitted');
    expect(errorOf(await organizations.update({ id: ORG_ID, organizationUpdate: { website: 'https://ensemble.example.com' } }))).toMatchObject({ error: 'NotPermitted' });
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await organizations.get({ id: ORG_ID }))).toMatchObject({ error: 'ResourceNotFound' });
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await organizations.update({ id: ORG_ID, organizationUpdate: {} }))).toMatchObject({ error: 'ResourceNotFound' });
  });

  it('reference §3: an organization without its subscription settings is not a valid answer', async () => {
    const { subscription_settings: _s, ...broken } = organizationWire();
    api.json(200, broken);
    expect(errorOf(await organizations.get({ id: ORG_ID })).kind).toBe('response_validation');
  });
});
