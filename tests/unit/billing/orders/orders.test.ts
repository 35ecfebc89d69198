import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ID, ORDER_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { orderWire } from '../../../support/billing-fixtures/orders.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('orders, seller side (billing-api-part-b.md §7 "Orders (seller)")', () => {
  const api = mockBilling();
  const orders = api.client.orders;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list encodes billing type, sorting and metadata, and parses a realistic order', async () => {
    api.json(200, page([orderWire()]));
    const answer = dataOf(
      await orders.list({
        organizationId: ORG_ID,
        productBillingType: 'recurring',
        customerId: [CUSTOMER_ID],
        sorting: ['-created_at', 'net_amount'],
        metadata: { source: 'web' },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/orders/']);
    expect(api.last().query).toEqual([
      ['organization_id', ORG_ID],
      ['product_billing_type', 'recurring'],
      ['customer_id', CUSTOMER_ID],
      ['page', '1'],
      ['limit', '10'],
      ['sorting', '-created_at'],
      ['sorting', 'net_amount'],
      ['metadata[source]', 'web'],
    ]);
    const order = answer.items[0]!;
    expect(order).toMatchObject({
      status: 'paid',
      totalAmount: 2280,
      billingReason: 'subscription_create',
      billingAddress: { country: 'GB', postalCode: 'EC1A 1BB' },
      customFieldData: { team_size: 'solo' },
      customer: { externalId: expect.any(String) },
      subscription: { cancelAtPeriodEnd: false },
    });
    expect(order.items[0]).toMatchObject({ proration: false, productPriceId: expect.any(String) });
  });

  it('billing-api-part-b.md §7: a product billing type other than one_time/recurring is refused', async () => {
    expect(errorOf(await orders.list({ productBillingType: 'lifetime' as never })).kind).toBe('input_validation');
  });

  it('reference §3: an order missing a required amount is a response validation failure with the raw value', async () => {
    const { due_amount: _d, ...broken } = orderWire();
    api.json(200, broken);
    const error = errorOf(await orders.get({ id: ORDER_ID }));
    expect(error.kind).toBe('response_validation');
    expect(error).toMatchObject({ rawValue: broken });
  });

  it('billing-api-part-b.md §7: get and update; update sends billing_name and billing_address', async () => {
    api.json(200, orderWire());
    expect(dataOf(await orders.get({ id: ORDER_ID })).id).toBe(ORDER_ID);
    expect(api.last().path).toBe(`/v1/orders/${ORDER_ID}`);

    api.json(200, orderWire({ billing_name: 'Analytical Engines Ltd' }));
    const updated = dataOf(
      await orders.update({ id: ORDER_ID, orderUpdate: { billingName: 'Analytical Engines Ltd', billingAddress: { country: 'GB', line1: '1 Babbage St', postalCode: 'N1 9GU' } } }),
    );
    expect([api.last().method, api.last().body]).toEqual([
      'PATCH',
      { billing_name: 'Analytical Engines Ltd', billing_address: { country: 'GB', line1: '1 Babbage St', postal_code: 'N1 9GU' } },
    ]);
    expect(updated.billingName).toBe('Analytical Engines Ltd');
  });

  it('reference §4: invoice generation answers 202 with a JSON null body', async () => {
    api.next({ status: 202, raw: 'null', headers: { 'content-type': 'application/json' } });
    expect(dataOf(await orders.generateInvoice({ id: ORDER_ID }))).toBeNull();
    expect([api.last().method, api.last().path, api.last().rawBody]).toEqual(['POST', `/v1/orders/${ORDER_ID}/invoice`, undefined]);
  });

  it('billing-api-part-b.md §4: invoice generation also accepts a 202 with no body', async () => {
    api.next({ status: 202 });
    expect((await orders.generateInvoice({ id: ORDER_ID })).success).toBe(true);
  });

  it('billing-api-part-b.md §8: invoice generation refusals are typed: 409 conflicts, 422 named errors, 404', async () => {
    const cases: [number, string][] = [
      [409, 'InvoiceAlreadyExists'],
      [409, 'OrderNotEligibleForInvoice'],
      [422, 'MissingInvoiceBillingDetails'],
      [422, 'NotPaidOrder'],
      [404, 'ResourceNotFound'],
    ];
    for (const [status, name] of cases) {
      api.named(status, name);
      expect(errorOf(await orders.generateInvoice({ id: ORDER_ID }))).toMatchObject({ kind: 'provider', error: name, statusCode: status });
    }
  });

  it('billing-api-part-b.md §8: a 422 detail list on invoice generation stays a validation error', async () => {
    api.json(422, { detail: [{ loc: ['path', 'id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }] });
    expect(errorOf(await orders.generateInvoice({ id: 'not-a-uuid' })).kind).toBe('http_validation');
  });

  it('billing-api-part-b.md §3: the invoice is fetched as a url; a missing one is InvoiceDoesNotExist', async () => {
    api.json(200, { url: 'https://invoices.example.test/ENS-0001-0042.pdf' });
    expect(dataOf(await orders.invoice({ id: ORDER_ID }))).toEqual({ url: 'https://invoices.example.test/ENS-0001-0042.pdf' });
    expect([api.last().method, api.last().path]).toEqual(['GET', `/v1/orders/${ORDER_ID}/invoice`]);
    api.named(404, 'InvoiceDoesNotExist', 'No invoice for this order');
    expect(errorOf(await orders.invoice({ id: ORDER_ID }))).toMatchObject({ error: 'InvoiceDoesNotExist' });
  });

  it('billing-api-part-b.md §8: get and update of an unknown order answer 404 ResourceNotFound', async () => {
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await orders.get({ id: ORDER_ID }))).toMatchObject({ error: 'ResourceNotFound' });
    api.named(404, 'ResourceNotFound');
    expect(errorOf(await orders.update({ id: ORDER_ID, orderUpdate: { billingName: null } }))).toMatchObject({ error: 'ResourceNotFound' });
  });

  it('billing-api-part-b.md §8: other statuses are the generic API error with status, content type and body', async () => {
    api.next({ status: 502, raw: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } });
    const error = errorOf(await orders.get({ id: ORDER_ID }));
    expect(error).toMatchObject({ kind: 'api', statusCode: 502 });
    expect(error.message).toBe('API error occurred: Status 502 Content-Type text/html. Body: <html>Bad gateway</html>');
  });

  it('billing-api-part-b.md §8: a 200 that is not JSON is "Unexpected Status or Content-Type"', async () => {
    api.next({ status: 200, raw: 'id,email', headers: { 'content-type': 'text/csv' } });
    const error = errorOf(await orders.invoice({ id: ORDER_ID }));
    expect(error.kind).toBe('unexpected_response');
    expect(error.message).toMatch(/^Unexpected Status or Content-Type/);
  });
});
