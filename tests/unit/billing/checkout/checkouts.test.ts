import { afterEach, describe, expect, it } from 'vitest';
import { checkoutPublicWire, checkoutWire, CLIENT_SECRET } from '../../../support/billing-fixtures/checkouts.js';
import { CHECKOUT_ID, CUSTOMER_ID, ORG_ID, page, PRODUCT_ID } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

const named = (status: number, error: string, detail = `${error} detail`) => ({ status, body: { error, detail } });

describe('checkouts, seller side (billing-api-part-a.md §7)', () => {
  it('GET /v1/checkouts/ with single or repeated filters and sorting', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkouts/', { status: 200, body: page([checkoutWire()]) });
    const listed = dataOf(
      await api.client.checkouts.list({ organizationId: ORG_ID, customerId: [CUSTOMER_ID, 'c-2'], status: ['open', 'confirmed'], query: 'ada', sorting: ['-expires_at'] }),
    );
    expect(api.seen[0]!.query).toEqual([
      ['organization_id', ORG_ID],
      ['customer_id', CUSTOMER_ID],
      ['customer_id', 'c-2'],
      ['status', 'open'],
      ['status', 'confirmed'],
      ['query', 'ada'],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-expires_at'],
    ]);
    expect(listed.items[0]).toMatchObject({ status: 'open', netAmount: 2000, externalCustomerId: expect.any(String) });
  });

  it('POST /v1/checkouts/ requires products and fills the documented defaults (201)', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/checkouts/', { status: 201, body: checkoutWire() });
    const created = dataOf(
      await api.client.checkouts.create({
        products: [PRODUCT_ID],
        externalCustomerId: 'user-1',
        customerEmail: 'ada@example.com',
        customerBillingAddress: { country: 'GB', city: 'London' },
        metadata: { source: 'subscribe_page' },
        customFieldData: { team_size: 'small' },
        successUrl: 'https://ensemble.example/ok',
      }),
    );
    expect(api.seen[0]!.body).toEqual({
      products: [PRODUCT_ID],
      external_customer_id: 'user-1',
      customer_email: 'ada@example.com',
      customer_billing_address: { country: 'GB', city: 'London' },
      metadata: { source: 'subscribe_page' },
      custom_field_data: { team_size: 'small' },
      success_url: 'https://ensemble.example/ok',
      allow_discount_codes: true,
      require_billing_address: false,
      is_business_customer: false,
    });
    expect(created).toMatchObject({ id: CHECKOUT_ID, clientSecret: CLIENT_SECRET, billingAddressFields: { postalCode: 'optional' } });
    expect(created.prices?.[PRODUCT_ID]?.[0]).toMatchObject({ priceAmount: 2500 });
    expect(errorOf(await api.client.checkouts.create({ products: [] })).kind).toBe('input_validation');
  });

  it('GET and PATCH /v1/checkouts/{id}; update may answer NotOpenCheckout', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkouts/', { status: 200, body: checkoutWire() });
    api.reply('PATCH', '/v1/checkouts/', { status: 200, body: checkoutWire({ customer_name: 'Ada' }) });
    api.reply('PATCH', '/v1/checkouts/', named(403, 'NotOpenCheckout', `Checkout ${CHECKOUT_ID} is not open: expired`));
    api.reply('GET', '/v1/checkouts/', named(404, 'ResourceNotFound'));
    expect(dataOf(await api.client.checkouts.get({ id: CHECKOUT_ID })).id).toBe(CHECKOUT_ID);
    expect(dataOf(await api.client.checkouts.update({ id: CHECKOUT_ID, checkoutUpdate: { customerName: 'Ada', customerMetadata: { vip: true } } })).customerName).toBe('Ada');
    expect(api.seen[1]!.body).toEqual({ customer_name: 'Ada', customer_metadata: { vip: true } });
    expect(errorOf(await api.client.checkouts.update({ id: CHECKOUT_ID, checkoutUpdate: { amount: 100 } }))).toMatchObject({ error: 'NotOpenCheckout', statusCode: 403 });
    expect(errorOf(await api.client.checkouts.get({ id: CHECKOUT_ID }))).toMatchObject({ error: 'ResourceNotFound' });
  });
});

describe('checkouts, public side (client secret, billing-api-part-a.md §6-§7)', () => {
  it('GET /v1/checkouts/client/{client_secret} sends no token and parses the public view', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkouts/client/', { status: 200, body: checkoutPublicWire() });
    const checkout = dataOf(await api.client.checkouts.client.get({ clientSecret: CLIENT_SECRET }));
    expect(api.seen[0]!.path).toBe(`/v1/checkouts/client/${CLIENT_SECRET}`);
    expect(api.seen[0]!.headers.authorization).toBeUndefined();
    expect(checkout.organization).toMatchObject({ slug: 'ensemble', allowCustomerUpdates: true });
    expect(checkout).not.toHaveProperty('metadata');
  });

  it('billing-api-part-a.md §4: an expired checkout answers 410 ExpiredCheckoutError on public calls', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/checkouts/client/', named(410, 'ExpiredCheckoutError', 'This checkout session has expired.'));
    api.reply('PATCH', '/v1/checkouts/client/', named(410, 'ExpiredCheckoutError'));
    expect(errorOf(await api.client.checkouts.client.get({ clientSecret: CLIENT_SECRET }))).toMatchObject({ error: 'ExpiredCheckoutError', statusCode: 410 });
    expect(errorOf(await api.client.checkouts.client.update({ clientSecret: CLIENT_SECRET, checkoutUpdatePublic: { customerEmail: 'a@b.c' } }))).toMatchObject({ error: 'ExpiredCheckoutError' });
  });

  it('PATCH /v1/checkouts/client/{client_secret} sends the public update with a discount code', async () => {
    api = mockBilling();
    api.reply('PATCH', '/v1/checkouts/client/', { status: 200, body: checkoutPublicWire({ customer_name: 'Ada' }) });
    dataOf(await api.client.checkouts.client.update({ clientSecret: CLIENT_SECRET, checkoutUpdatePublic: { customerName: 'Ada', discountCode: 'LAUNCH20', isBusinessCustomer: false } }));
    expect(api.seen[0]).toMatchObject({ method: 'PATCH', body: { customer_name: 'Ada', discount_code: 'LAUNCH20', is_business_customer: false } });
  });

  it('POST .../confirm answers status confirmed with customerSessionToken', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/checkouts/client/', { status: 200, body: checkoutPublicWire({ status: 'confirmed', customer_session_token: 'polar_cst_abc' }) });
    const confirmed = dataOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: { confirmationTokenId: 'ctoken_123', customerEmail: 'ada@example.com' } }));
    expect(api.seen[0]).toMatchObject({ method: 'POST', path: `/v1/checkouts/client/${CLIENT_SECRET}/confirm` });
    expect(api.seen[0]!.body).toEqual({ confirmation_token_id: 'ctoken_123', customer_email: 'ada@example.com' });
    expect(confirmed).toMatchObject({ status: 'confirmed', customerSessionToken: 'polar_cst_abc' });
  });

  it('billing-api-part-a.md §4: a confirm answer whose status is not confirmed fails response validation', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/checkouts/client/', { status: 200, body: checkoutPublicWire({ status: 'open', customer_session_token: null }) });
    expect(errorOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: {} })).kind).toBe('response_validation');
  });

  it('confirm errors: 400 PaymentError, 403 AlreadyActiveSubscriptionError, 422 validation, 404', async () => {
    api = mockBilling();
    api.reply('POST', '/v1/checkouts/client/', named(400, 'PaymentError', 'Your card was declined.'));
    api.reply('POST', '/v1/checkouts/client/', named(403, 'AlreadyActiveSubscriptionError', 'You already have an active subscription.'));
    api.reply('POST', '/v1/checkouts/client/', {
      status: 422,
      body: { error: 'PolarRequestValidationError', detail: [{ loc: ['body', 'customer_email'], msg: 'Field required', type: 'missing' }] },
    });
    api.reply('POST', '/v1/checkouts/client/', named(404, 'ResourceNotFound', 'Not found'));
    expect(errorOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: {} }))).toMatchObject({ error: 'PaymentError', statusCode: 400, detail: 'Your card was declined.' });
    expect(errorOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: {} }))).toMatchObject({ error: 'AlreadyActiveSubscriptionError' });
    expect(errorOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: {} }))).toMatchObject({ kind: 'http_validation', detail: [{ loc: ['body', 'customer_email'] }] });
    expect(errorOf(await api.client.checkouts.client.confirm({ clientSecret: CLIENT_SECRET, checkoutConfirmStripe: {} }))).toMatchObject({ error: 'ResourceNotFound' });
  });
});
