import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listResource, product } from '@ensemble/billing-client/schemas';
import { createSandboxApp, DEFAULT_SEED_PLAN } from '@ensemble/billing-sandbox';
import { newId } from '@ensemble/billing-sandbox/engine';
import { expect422, expectNamed, foreignOrganization, must, startTestSandbox, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let foreign: { id: string; token: string };
let meterId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  foreign = await foreignOrganization(t);
  // the metered price needs a meter: the test puts one straight into the store
  meterId = newId();
  t.sandbox.ctx.db.meters.put({
    id: meterId, created_at: t.sandbox.ctx.now(), modified_at: null, organization_id: t.seed.organizationId, name: 'Model tokens',
    unit: 'token', metadata: {}, filter: { conjunction: 'and', clauses: [] }, aggregation: { func: 'count' },
  });
});
afterAll(() => t.close());

const fixedProduct = (name: string, amount: number, extra: Record<string, unknown> = {}) => ({
  name, recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: amount, price_currency: 'usd' }], ...extra,
});

describe('sandbox products and prices (billing-api-part-b.md §7 Products)', () => {
  it('serves the seeded plan: its own default text, monthly, fixed 2500 usd cents, two custom benefits', async () => {
    const plan = must(await t.client.products.get({ id: t.seed.productId }));
    expect(plan.name).toBe(DEFAULT_SEED_PLAN.name);
    expect(plan.description).toBe(DEFAULT_SEED_PLAN.description);
    expect(plan.recurringInterval).toBe('month');
    expect(plan.prices).toHaveLength(1);
    expect(plan.prices[0]).toMatchObject({ amountType: 'fixed', priceAmount: 2500, priceCurrency: 'usd' });
    expect(plan.benefits.map((b) => b.type)).toEqual(['custom', 'custom']);
    wire(product, await t.api('GET', `/v1/products/${t.seed.productId}`));
  });

  it("seeds the plan under the caller's name and description (the app passes its own)", async () => {
    const own = createSandboxApp({ memory: true, log: () => undefined, seed: { plan: { name: 'Own plan', description: 'Own words.' } } });
    try {
      expect(own.ctx.db.products.get(own.seed!.productId)).toMatchObject({ name: 'Own plan', description: 'Own words.' });
    } finally {
      await own.close();
    }
  });

  it('creates products with each price kind (fixed, custom, free, metered_unit) and answers 201 wire products', async () => {
    const created = await t.api('POST', '/v1/products/', {
      name: 'Every price kind',
      recurring_interval: 'month',
      prices: [
        { amount_type: 'custom', minimum_amount: 500, maximum_amount: 10_000, preset_amount: 1_000, price_currency: 'eur' },
        { amount_type: 'metered_unit', meter_id: meterId, unit_amount: '0.5', cap_amount: 5_000 },
        { amount_type: 'fixed', price_amount: 900 },
      ],
      metadata: { family: 'kinds' },
    });
    const body = wire(product, created, 201);
    expect(body.prices.map((p) => p.amount_type)).toEqual(['custom', 'metered_unit', 'fixed']);
    expect(body.prices[1]).toMatchObject({ unit_amount: '0.5', cap_amount: 5_000, meter: { id: meterId, name: 'Model tokens' } });
    const free = must(await t.client.products.create({ name: 'Free one-off', recurringInterval: null, prices: [{ amountType: 'free' }] }));
    expect(free.isRecurring).toBe(false);
    expect(free.prices[0]?.amountType).toBe('free');
  });

  it('refuses a metered price on a one-time product, an unknown meter, and a second static price per currency', async () => {
    expect422(await t.api('POST', '/v1/products/', { name: 'One-off metered', recurring_interval: null, prices: [{ amount_type: 'metered_unit', meter_id: meterId, unit_amount: 1 }] }), ['body', 'prices', 0, 'amount_type']);
    expect422(await t.api('POST', '/v1/products/', { name: 'Unknown meter', recurring_interval: 'month', prices: [{ amount_type: 'metered_unit', meter_id: newId(), unit_amount: 1 }] }), ['body', 'prices', 0, 'meter_id']);
    expect422(await t.api('POST', '/v1/products/', fixedProduct('Two statics', 100, { prices: [{ amount_type: 'fixed', price_amount: 1 }, { amount_type: 'free' }] })), ['body', 'prices']);
  });

  it('lists with filters (id, query, is_recurring, is_archived, benefit_id, metadata) and sorting', async () => {
    const cheap = must(await t.client.products.create({ name: 'Sort cheap', recurringInterval: 'year', prices: [{ amountType: 'fixed', priceAmount: 100, priceCurrency: 'usd' }], metadata: { sort: 'yes' } }));
    const dear = must(await t.client.products.create({ name: 'Sort dear', recurringInterval: 'year', prices: [{ amountType: 'fixed', priceAmount: 99_900, priceCurrency: 'usd' }], metadata: { sort: 'yes' } }));
    const sorted = wire(listResource(product), await t.api('GET', '/v1/products/?metadata%5Bsort%5D=yes&sorting=-price_amount'));
    expect(sorted.items.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    const byName = must(await t.client.products.list({ query: 'sort ch' }));
    expect(byName.items.map((p) => p.id)).toEqual([cheap.id]);
    const byIds = must(await t.client.products.list({ id: [cheap.id, t.seed.productId], sorting: ['name'] }));
    expect(byIds.items.map((p) => p.name)).toEqual([DEFAULT_SEED_PLAN.name, 'Sort cheap']);
    const oneTime = must(await t.client.products.list({ isRecurring: false }));
    expect(oneTime.items.every((p) => !p.isRecurring)).toBe(true);
    const withBenefit = must(await t.client.products.list({ benefitId: t.seed.benefitIds[0] }));
    expect(withBenefit.items.map((p) => p.id)).toEqual([t.seed.productId]);
    expect422(await t.api('GET', '/v1/products/?sorting=price'), ['query', 'sorting']);
    expect422(await t.api('GET', '/v1/products/?is_archived=maybe'), ['query', 'is_archived']);
  });

  it('updates name and prices (kept by id, new ones created, the rest archived) and archives the product', async () => {
    const made = must(await t.client.products.create({ name: 'Changing', recurringInterval: 'month', prices: [{ amountType: 'fixed', priceAmount: 1_000, priceCurrency: 'usd' }] }));
    const oldPrice = made.prices[0] as { id: string };
    const replaced = wire(product, await t.api('PATCH', `/v1/products/${made.id}`, { name: 'Changed', prices: [{ amount_type: 'fixed', price_amount: 1_500 }] }));
    expect(replaced.name).toBe('Changed');
    expect(replaced.prices).toHaveLength(1);
    expect(replaced.prices[0]).toMatchObject({ price_amount: 1_500 });
    expect(replaced.prices[0]?.id).not.toBe(oldPrice.id);
    expect(t.sandbox.ctx.db.prices.get(oldPrice.id)?.is_archived).toBe(true);
    const archived = must(await t.client.products.update({ id: made.id, productUpdate: { isArchived: true } }));
    expect(archived.isArchived).toBe(true);
    const live = must(await t.client.products.list({ isArchived: false, limit: 100 }));
    expect(live.items.some((p) => p.id === made.id)).toBe(false);
    expect422(await t.api('PATCH', `/v1/products/${made.id}`, { prices: [{ id: newId() }] }), ['body', 'prices', 0, 'id']);
  });

  it('sets benefits with POST /v1/products/{id}/benefits, refusing unknown and foreign benefits', async () => {
    const made = must(await t.client.products.create({ name: 'With benefits', recurringInterval: 'month', prices: [{ amountType: 'free' }] }));
    const withOne = must(await t.client.products.updateBenefits({ id: made.id, productBenefitsUpdate: { benefits: [t.seed.benefitIds[1] as string] } }));
    expect(withOne.benefits.map((b) => b.id)).toEqual([t.seed.benefitIds[1]]);
    expect422(await t.api('POST', `/v1/products/${made.id}/benefits`, { benefits: [newId()] }), ['body', 'benefits', 0]);
    const foreignBenefit = t.sandbox.ctx.db.benefits.put({
      id: newId(), created_at: t.sandbox.ctx.now(), modified_at: null, type: 'custom', description: 'Not yours', selectable: true,
      deletable: true, is_deleted: false, organization_id: foreign.id, metadata: {}, properties: { note: null },
    });
    expect422(await t.api('POST', `/v1/products/${made.id}/benefits`, { benefits: [foreignBenefit.id] }), ['body', 'benefits', 0]);
    expect422(await t.api('POST', `/v1/products/${made.id}/benefits`, { benefits: 'x' }), ['body', 'benefits']);
    const again = must(await t.client.products.get({ id: made.id }));
    expect(again.benefits.map((b) => b.id)).toEqual([t.seed.benefitIds[1]]);
  });

  it('hides products from other organizations (404) and leaves state unchanged after rejected requests', async () => {
    const before = t.sandbox.ctx.db.products.get(t.seed.productId);
    expectNamed(await t.api('GET', `/v1/products/${t.seed.productId}`, undefined, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('PATCH', `/v1/products/${t.seed.productId}`, { name: 'Hijacked' }, foreign.token), 404, 'ResourceNotFound');
    expectNamed(await t.api('POST', `/v1/products/${t.seed.productId}/benefits`, { benefits: [] }, foreign.token), 404, 'ResourceNotFound');
    expect422(await t.api('PATCH', `/v1/products/${t.seed.productId}`, '{"name":'));
    expect422(await t.api('PATCH', `/v1/products/${t.seed.productId}`, { name: 12 }), ['body', 'name']);
    expect422(await t.api('PATCH', `/v1/products/${t.seed.productId}`, { name: 'Valid name', prices: [{ amount_type: 'fixed', price_amount: 'cheap' }] }));
    expect422(await t.api('POST', '/v1/products/', { name: 'No interval', prices: [] }));
    expect(t.sandbox.ctx.db.products.get(t.seed.productId)).toBe(before);
    const foreignList = wire(listResource(product), await t.api('GET', '/v1/products/', undefined, foreign.token));
    expect(foreignList.items).toEqual([]);
  });
});
