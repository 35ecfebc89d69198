import { afterEach, describe, expect, it } from 'vitest';
import { BENEFIT_ID, METER_ID, ORG_ID, page, PRICE_ID, PRODUCT_ID } from '../../../support/billing-fixtures/ids.js';
import { productWire } from '../../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('products (billing-api-part-b.md §7 "Products")', () => {
  const api = mockBilling();
  const products = api.client.products;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list encodes ids, booleans, sorting and metadata', async () => {
    api.json(200, page([productWire()]));
    const answer = dataOf(
      await products.list({ id: [PRODUCT_ID], organizationId: ORG_ID, isArchived: false, isRecurring: true, sorting: ['price_amount'], metadata: { plan: 'pro' } }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/products/']);
    expect(api.last().query).toEqual([
      ['id', PRODUCT_ID],
      ['organization_id', ORG_ID],
      ['is_archived', 'false'],
      ['is_recurring', 'true'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', 'price_amount'],
      ['metadata[plan]', 'pro'],
    ]);
    expect(answer.items[0]).toMatchObject({
      name: 'Ensemble Pro',
      prices: [
        { amountType: 'fixed', priceAmount: 2500 },
        { amountType: 'fixed', priceAmount: 1900 },
      ],
      metadata: { plan_key: 'pro' },
    });
  });

  it('billing-api-part-b.md §3: create requires name, prices and recurring interval; price currency defaults to usd', async () => {
    api.json(201, productWire());
    dataOf(
      await products.create({
        name: 'Ensemble Pro',
        recurringInterval: 'month',
        prices: [{ amountType: 'fixed', priceAmount: 1900 }, { amountType: 'metered_unit', meterId: METER_ID, unitAmount: '0.05', capAmount: 5000 }],
        attachedCustomFields: [{ customFieldId: 'cf-1', required: false }],
        metadata: { planCode: 'pro' },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/products/']);
    expect(api.last().body).toEqual({
      name: 'Ensemble Pro',
      recurring_interval: 'month',
      prices: [
        { amount_type: 'fixed', price_amount: 1900, price_currency: 'usd' },
        { amount_type: 'metered_unit', meter_id: METER_ID, unit_amount: '0.05', cap_amount: 5000, price_currency: 'usd' },
      ],
      attached_custom_fields: [{ custom_field_id: 'cf-1', required: false }],
      metadata: { planCode: 'pro' },
    });
  });

  it('billing-api-part-b.md §3: a create without prices or without its recurring interval key is refused', async () => {
    const before = api.seen.length;
    const error = errorOf(await products.create({ name: 'Ensemble Pro', prices: [] } as never));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('body.prices');
    expect(error.message).toContain('body.recurringInterval');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: update keeps existing prices by id and adds new ones', async () => {
    api.json(200, productWire({ name: 'Ensemble Pro+' }));
    const updated = dataOf(await products.update({ id: PRODUCT_ID, productUpdate: { name: 'Ensemble Pro+', prices: [{ id: PRICE_ID }, { amountType: 'free' }] } }));
    expect([api.last().method, api.last().path]).toEqual(['PATCH', `/v1/products/${PRODUCT_ID}`]);
    expect(api.last().body).toEqual({ name: 'Ensemble Pro+', prices: [{ id: PRICE_ID }, { amount_type: 'free' }] });
    expect(updated.name).toBe('Ensemble Pro+');
  });

  it('billing-api-part-b.md §3: set benefits posts the list of benefit ids', async () => {
    api.json(200, productWire());
    dataOf(await products.updateBenefits({ id: PRODUCT_ID, productBenefitsUpdate: { benefits: [BENEFIT_ID] } }));
    expect([api.last().method, api.last().path, api.last().body]).toEqual(['POST', `/v1/products/${PRODUCT_ID}/benefits`, { benefits: [BENEFIT_ID] }]);
  });

  it('billing-api-part-b.md §8: update and set benefits answer 403 NotPermitted and 404 ResourceNotFound', async () => {
    for (const call of [() => products.update({ id: PRODUCT_ID, productUpdate: { isArchived: true } }), () => products.updateBenefits({ id: PRODUCT_ID, productBenefitsUpdate: { benefits: [] } })]) {
      api.named(403, 'NotPermitted', 'Not permitted');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'NotPermitted' });
      api.named(404, 'ResourceNotFound');
      expect(errorOf(await call())).toMatchObject({ error: 'ResourceNotFound' });
    }
  });
});
