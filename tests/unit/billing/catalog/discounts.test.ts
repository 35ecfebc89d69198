import { afterEach, describe, expect, it } from 'vitest';
import { discountWire, fixedDiscountWire } from '../../../support/billing-fixtures/discounts.js';
import { DISCOUNT_ID, ORG_ID, page, PRODUCT_ID } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('discounts (billing-api-part-b.md §7)', () => {
  const api = mockBilling();
  const discounts = api.client.discounts;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list sorted by redemptions, parsing both kinds', async () => {
    api.json(200, page([discountWire(), fixedDiscountWire()]));
    const answer = dataOf(await discounts.list({ organizationId: ORG_ID, query: 'launch', sorting: ['-redemptions_count'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/discounts/']);
    expect(api.last().query).toEqual([
      ['organization_id', ORG_ID],
      ['query', 'launch'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-redemptions_count'],
    ]);
    expect(answer.items[0]).toMatchObject({ type: 'percentage', basisPoints: 2000, durationInMonths: 3 });
    expect(answer.items[1]).toMatchObject({ type: 'fixed', amount: 500, currency: 'usd' });
  });

  it('billing-api-part-b.md §9: a fixed discount defaults its currency to usd', async () => {
    api.json(201, fixedDiscountWire());
    dataOf(await discounts.create({ type: 'fixed', duration: 'once', amount: 500, name: 'Five off', code: 'FIVEOFF', products: [PRODUCT_ID] }));
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/discounts/']);
    expect(api.last().body).toEqual({ type: 'fixed', duration: 'once', amount: 500, currency: 'usd', name: 'Five off', code: 'FIVEOFF', products: [PRODUCT_ID] });
  });

  it('billing-api-part-b.md §3: a repeating percentage discount sends basis_points and duration_in_months', async () => {
    api.json(201, discountWire());
    dataOf(await discounts.create({ type: 'percentage', duration: 'repeating', durationInMonths: 3, basisPoints: 2500, name: 'Launch 25%', maxRedemptions: 500 }));
    expect(api.last().body).toEqual({ type: 'percentage', duration: 'repeating', duration_in_months: 3, basis_points: 2500, name: 'Launch 25%', max_redemptions: 500 });
  });

  it('billing-api-part-b.md §3: a repeating discount without months, or a percentage without basis points, is refused', async () => {
    const before = api.seen.length;
    expect(errorOf(await discounts.create({ type: 'percentage', duration: 'repeating', basisPoints: 100, name: 'x' } as never)).kind).toBe('input_validation');
    expect(errorOf(await discounts.create({ type: 'percentage', duration: 'once', name: 'x' } as never)).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: update and delete by id', async () => {
    api.json(200, discountWire({ name: 'Launch 30%' }));
    expect(dataOf(await discounts.update({ id: DISCOUNT_ID, discountUpdate: { name: 'Launch 30%', basisPoints: 3000 } })).name).toBe('Launch 30%');
    expect([api.last().method, api.last().path, api.last().body]).toEqual(['PATCH', `/v1/discounts/${DISCOUNT_ID}`, { name: 'Launch 30%', basis_points: 3000 }]);
    api.next({ status: 204 });
    expect(dataOf(await discounts.delete({ id: DISCOUNT_ID }))).toBeUndefined();
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/discounts/${DISCOUNT_ID}`]);
  });

  it('billing-api-part-b.md §8: update and delete of an unknown discount answer 404 ResourceNotFound', async () => {
    for (const call of [() => discounts.update({ id: DISCOUNT_ID, discountUpdate: {} }), () => discounts.delete({ id: DISCOUNT_ID })]) {
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });
});
