import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, discount } from '@ensemble/billing-client/schemas';
import { newId, discountAmount, isRedeemableFor } from '@ensemble/billing-sandbox/engine';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let foreign: { id: string; token: string };
beforeAll(async () => {
  t = await startTestSandbox();
  foreign = await foreignOrganization(t);
});
afterAll(() => t.close());

describe('sandbox discounts (billing-api-part-b.md §3 Discount, §7 discounts)', () => {
  it('serves the seeded WELCOME20: 20 % forever', async () => {
    const seeded = must(await t.client.discounts.get({ id: t.seed.discountId }));
    expect(seeded).toMatchObject({ code: 'WELCOME20', type: 'percentage', basisPoints: 2000, duration: 'forever' });
  });

  it('creates the four kinds (fixed/percentage x once-forever/repeating) as wire discounts', async () => {
    const kinds = [
      { name: 'Fixed once', type: 'fixed', amount: 500, currency: 'usd', duration: 'once' },
      { name: 'Fixed repeating', type: 'fixed', amount: 300, duration: 'repeating', duration_in_months: 3 },
      { name: 'Percent forever', type: 'percentage', basis_points: 1500, duration: 'forever' },
      { name: 'Percent repeating', type: 'percentage', basis_points: 5000, duration: 'repeating', duration_in_months: 6 },
    ];
    for (const body of kinds) {
      const created = wire(discount, await t.api('POST', '/v1/discounts/', body), 201);
      expect(created).toMatchObject({ ...body, ...(body.type === 'fixed' ? { currency: 'usd' } : {}), redemptions_count: 0 });
    }
    expect422(await t.api('POST', '/v1/discounts/', { name: 'No months', type: 'percentage', basis_points: 100, duration: 'repeating' }));
    expect422(await t.api('POST', '/v1/discounts/', { name: 'Too much', type: 'percentage', basis_points: 10_001, duration: 'once' }));
  });

  it('keeps codes unique per organization, case-insensitively, and lets another organization reuse one', async () => {
    expect422(await t.api('POST', '/v1/discounts/', { name: 'Dup', code: 'welcome20', type: 'percentage', basis_points: 100, duration: 'once' }), ['body', 'code']);
    const elsewhere = await t.api('POST', '/v1/discounts/', { name: 'Theirs', code: 'WELCOME20', type: 'percentage', basis_points: 100, duration: 'once' }, foreign.token);
    expect(elsewhere.status).toBe(201);
  });

  it('checks date windows, redemption limits and product restrictions', async () => {
    expect422(await t.api('POST', '/v1/discounts/', { name: 'Backwards', type: 'fixed', amount: 1, duration: 'once', starts_at: '2030-02-01T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }), ['body', 'ends_at']);
    expect422(await t.api('POST', '/v1/discounts/', { name: 'Unknown product', type: 'fixed', amount: 1, duration: 'once', products: [newId()] }), ['body', 'products', 0]);
    const foreignProduct = must(await t.client.products.get({ id: t.seed.productId })).id;
    expect422(await t.api('POST', '/v1/discounts/', { name: 'Foreign product', type: 'fixed', amount: 1, duration: 'once', products: [foreignProduct] }, foreign.token), ['body', 'products', 0]);
    const limited = wire(discount, await t.api('POST', '/v1/discounts/', {
      name: 'Plan only', code: 'PLANONLY', type: 'fixed', amount: 700, duration: 'once', max_redemptions: 1, products: [t.seed.productId],
      starts_at: '2020-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z',
    }), 201);
    expect(limited.products.map((p) => p.id)).toEqual([t.seed.productId]);
    const record = t.sandbox.ctx.db.discounts.get(limited.id);
    if (record === undefined) throw new Error('missing');
    const now = new Date();
    expect(isRedeemableFor(record, t.seed.productId, now)).toBe(true);
    expect(isRedeemableFor(record, newId(), now)).toBe(false);
    expect(isRedeemableFor({ ...record, redemptions_count: 1 }, t.seed.productId, now)).toBe(false);
    expect(isRedeemableFor(record, t.seed.productId, new Date('2100-01-01T00:00:00Z'))).toBe(false);
    expect(discountAmount(record, 2500)).toBe(700);
    expect(discountAmount(record, 500)).toBe(500);
  });

  it('updates, lists with query and sorting, and soft-deletes (then 404)', async () => {
    const made = must(await t.client.discounts.create({ name: 'Zeta sale', code: 'ZETA', type: 'percentage', basisPoints: 1000, duration: 'once' }));
    const updated = wire(discount, await t.api('PATCH', `/v1/discounts/${made.id}`, { name: 'Zeta sale 2', basis_points: 2500, metadata: { campaign: 'z' } }));
    expect(updated).toMatchObject({ name: 'Zeta sale 2', basis_points: 2500, metadata: { campaign: 'z' } });
    const found = wire(listResource(discount), await t.api('GET', '/v1/discounts/?query=zeta&sorting=-name'));
    expect(found.items.map((d) => d.id)).toEqual([made.id]);
    expect422(await t.api('GET', '/v1/discounts/?sorting=amount'), ['query', 'sorting']);
    const gone = await t.api('DELETE', `/v1/discounts/${made.id}`);
    expect(gone.status).toBe(204);
    expectNamed(await t.api('GET', `/v1/discounts/${made.id}`), 404, 'ResourceNotFound');
    const reuse = await t.api('POST', '/v1/discounts/', { name: 'Zeta again', code: 'ZETA', type: 'percentage', basis_points: 100, duration: 'once' });
    expect(reuse.status).toBe(201);
  });

  it('answers foreign-organization ids with 404 and leaves the discount unchanged after rejected updates', async () => {
    const before = t.sandbox.ctx.db.discounts.get(t.seed.discountId);
    expectNamed(await t.api('GET', `/v1/discounts/${t.seed.discountId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('DELETE', `/v1/discounts/${t.seed.discountId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expect422(await t.api('PATCH', `/v1/discounts/${t.seed.discountId}`, { ends_at: 'tomorrow' }), ['body', 'ends_at']);
    expect422(await t.api('PATCH', `/v1/discounts/${t.seed.discountId}`, { starts_at: '2030-01-01T00:00:00Z', ends_at: '2029-01-01T00:00:00Z' }), ['body', 'ends_at']);
    expect422(await t.api('PATCH', `/v1/discounts/${t.seed.discountId}`, '[1,'));
    expect(t.sandbox.ctx.db.discounts.get(t.seed.discountId)).toBe(before);
  });
});
