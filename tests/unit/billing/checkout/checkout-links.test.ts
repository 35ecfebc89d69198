import { afterEach, describe, expect, it } from 'vitest';
import { checkoutLinkWire } from '../../../support/billing-fixtures/checkout-links.js';
import { CHECKOUT_LINK_ID, DISCOUNT_ID, ORG_ID, page, PRICE_ID, PRODUCT_ID } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

describe('checkout links (billing-api-part-a.md §7 "Checkout links")', () => {
  it('GET /v1/checkout-links/ with organization, product and sorting', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkout-links/', { status: 200, body: page([checkoutLinkWire()]) });
    const listed = dataOf(await api.client.checkoutLinks.list({ organizationId: ORG_ID, productId: PRODUCT_ID, sorting: ['-label', 'allow_discount_codes'] }));
    expect(api.seen[0]!.query).toEqual([
      ['organization_id', ORG_ID],
      ['product_id', PRODUCT_ID],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-label'],
      ['sorting', 'allow_discount_codes'],
    ]);
    expect(listed.items[0]).toMatchObject({ label: 'Spring promo', paymentProcessor: 'stripe', metadata: { campaign: 'spring' } });
  });

  it('billing-api-part-a.md §5: POST takes one of three shapes, with the defaults filled in', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/checkout-links/', { status: 201, body: checkoutLinkWire() }, 3);
    dataOf(await api.client.checkoutLinks.create({ paymentProcessor: 'stripe', productId: PRODUCT_ID }));
    dataOf(await api.client.checkoutLinks.create({ paymentProcessor: 'stripe', productPriceId: PRICE_ID, label: 'Monthly' }));
    dataOf(
      await api.client.checkoutLinks.create({
        paymentProcessor: 'stripe',
        products: [PRODUCT_ID],
        discountId: DISCOUNT_ID,
        successUrl: 'https://ensemble.example/ok',
        metadata: { campaign: 'spring' },
      }),
    );
    expect(api.seen.map((s) => s.body)).toEqual([
      { payment_processor: 'stripe', product_id: PRODUCT_ID, allow_discount_codes: true, require_billing_address: false },
      { payment_processor: 'stripe', product_price_id: PRICE_ID, label: 'Monthly', allow_discount_codes: true, require_billing_address: false },
      {
        payment_processor: 'stripe',
        products: [PRODUCT_ID],
        discount_id: DISCOUNT_ID,
        success_url: 'https://ensemble.example/ok',
        metadata: { campaign: 'spring' },
        allow_discount_codes: true,
        require_billing_address: false,
      },
    ]);
  });

  it('billing-api-part-a.md §5: a link without a product, or with another processor, is refused locally', async () => {
    api = mockBilling();
    expect(errorOf(await api.client.checkoutLinks.create({ paymentProcessor: 'stripe' } as never)).kind).toBe('input_validation');
    expect(errorOf(await api.client.checkoutLinks.create({ paymentProcessor: 'paypal', productId: PRODUCT_ID } as never)).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(0);
  });

  it('GET, PATCH and DELETE /v1/checkout-links/{id}; 404 ResourceNotFound', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkout-links/', { status: 200, body: checkoutLinkWire() });
    api.reply('PATCH', '/v1/checkout-links/', { status: 200, body: checkoutLinkWire({ label: 'Summer' }) });
    api.reply('DELETE', '/v1/checkout-links/', { status: 204 });
    api.reply('GET', '/v1/checkout-links/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    expect(dataOf(await api.client.checkoutLinks.get({ id: CHECKOUT_LINK_ID })).url).toContain('/redirect');
    expect(dataOf(await api.client.checkoutLinks.update({ id: CHECKOUT_LINK_ID, checkoutLinkUpdate: { label: 'Summer', allowDiscountCodes: false } })).label).toBe('Summer');
    dataOf(await api.client.checkoutLinks.delete({ id: CHECKOUT_LINK_ID }));
    expect(errorOf(await api.client.checkoutLinks.get({ id: CHECKOUT_LINK_ID }))).toMatchObject({ error: 'ResourceNotFound' });
    expect(api.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /v1/checkout-links/${CHECKOUT_LINK_ID}`,
      `PATCH /v1/checkout-links/${CHECKOUT_LINK_ID}`,
      `DELETE /v1/checkout-links/${CHECKOUT_LINK_ID}`,
      `GET /v1/checkout-links/${CHECKOUT_LINK_ID}`,
    ]);
    expect(api.seen[1]!.body).toEqual({ label: 'Summer', allow_discount_codes: false });
  });
});
