import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, checkoutPublic, checkoutPublicConfirmed, checkoutLink, listResource } from '@ensemble/billing-client/schemas';
import { commerceSandbox, confirmBody, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { expect422, expectNamed, foreignOrganization, must, wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let close: () => Promise<void>;
beforeAll(async () => ({ t, close } = await commerceSandbox()));
afterAll(() => close());

async function discount(body: Record<string, unknown>): Promise<string> {
  const created = await t.api('POST', '/v1/discounts/', { name: 'Promo', duration: 'once', type: 'percentage', basis_points: 1000, ...body });
  expect(created.status, created.text).toBe(201);
  return (created.body as { id: string }).id;
}

describe('checkouts, seller side (billing-api-part-a.md §7)', () => {
  it('create, get, list with filters, update; every answer matches the wire schema', async () => {
    const created = wire(checkout, await t.api('POST', '/v1/checkouts/', { products: [t.seed.productId], metadata: { ref: 'x1' }, customer_email: 'list@example.com' }), 201);
    expect(created).toMatchObject({ status: 'open', payment_processor: 'stripe', product_id: t.seed.productId, metadata: { ref: 'x1' }, customer_email: 'list@example.com' });
    expect(created.client_secret).toMatch(/^polar_c_[A-Za-z0-9]{43}$/);
    const list = wire(listResource(checkout), await t.api('GET', '/v1/checkouts/?status=open&query=list@&sorting=-expires_at'));
    expect(list.items.map((c) => c.id)).toContain(created.id);
    expect(wire(listResource(checkout), await t.api('GET', '/v1/checkouts/?status=succeeded&query=list@')).items).toEqual([]);
    const updated = must(await t.client.checkouts.update({ id: created.id, checkoutUpdate: { customerName: 'Grace', metadata: { ref: 'x2' } } }));
    expect(updated).toMatchObject({ customerName: 'Grace', metadata: { ref: 'x2' } });
    const pages = must(await t.client.checkouts.list({ limit: 1 }));
    expect(pages.items).toHaveLength(1);
  });

  it('discounts by id (seller) and by code (customer): windows, limits, product restrictions, amounts', async () => {
    const code = `SAVE${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const limited = await discount({ code, max_redemptions: 1 });
    const c1 = await newCheckout(t);
    const applied = wire(checkoutPublic, await publicCall(t, 'PATCH', c1.client_secret, '', { discount_code: code.toLowerCase() }));
    expect(applied).toMatchObject({ discount_id: limited, amount: 2500, discount_amount: 250, net_amount: 2250, tax_amount: 0, total_amount: 2250 });
    expect(applied.discount).toMatchObject({ code, type: 'percentage', basis_points: 1000 });
    const removed = wire(checkoutPublic, await publicCall(t, 'PATCH', c1.client_secret, '', { discount_code: null }));
    expect(removed).toMatchObject({ discount_id: null, discount_amount: 0, total_amount: 2500 });
    await publicCall(t, 'PATCH', c1.client_secret, '', { discount_code: code });
    expect((await publicCall(t, 'POST', c1.client_secret, '/confirm', confirmBody(uniqueEmail('promo')))).status).toBe(200);
    const used = await t.api('GET', `/v1/discounts/${limited}`);
    expect((used.body as { redemptions_count: number }).redemptions_count).toBe(1);
    // the only redemption is used: the code no longer exists for new checkouts
    const c2 = await newCheckout(t);
    const exhausted = await publicCall(t, 'PATCH', c2.client_secret, '', { discount_code: code });
    expect(expect422(exhausted, ['body', 'discount_code'])[0]?.msg).toBe('Discount does not exist.');

    const future = await discount({ code: `${code}F`, starts_at: '2099-01-01T00:00:00Z' });
    expect(future).toBeTruthy();
    expect422(await publicCall(t, 'PATCH', c2.client_secret, '', { discount_code: `${code}F` }), ['body', 'discount_code']);
    const product = await t.api('POST', '/v1/products/', { name: 'Other', recurring_interval: null, prices: [{ amount_type: 'fixed', price_amount: 100 }] });
    await discount({ code: `${code}P`, products: [(product.body as { id: string }).id] });
    expect422(await publicCall(t, 'PATCH', c2.client_secret, '', { discount_code: `${code}P` }), ['body', 'discount_code']);

    const fixed = await discount({ type: 'fixed', amount: 500, currency: 'usd', basis_points: undefined });
    const bySeller = wire(checkout, await t.api('PATCH', `/v1/checkouts/${c2.id}`, { discount_id: fixed }));
    expect(bySeller).toMatchObject({ discount_amount: 500, net_amount: 2000, total_amount: 2000 });
    expect422(await t.api('PATCH', `/v1/checkouts/${c2.id}`, { discount_id: '00000000-0000-4000-8000-000000000000' }), ['body', 'discount_id']);
  });

  it('confirm validates as one 422 list and changes nothing', async () => {
    const c = await newCheckout(t);
    const refused = await publicCall(t, 'POST', c.client_secret, '/confirm', {});
    const locs = expect422(refused).map((d) => d.loc.join('.'));
    expect(locs).toEqual(['body.customer_email', 'body.customer_billing_address', 'body.confirmation_token_id']);
    expect(wire(checkoutPublic, await publicCall(t, 'GET', c.client_secret)).status).toBe('open');
    const unknownToken = await publicCall(t, 'POST', c.client_secret, '/confirm', confirmBody('x@example.com', 'tok_nope'));
    expectNamed(unknownToken, 400, 'PaymentError');
  });

  it('confirm answers status confirmed; then NotOpenCheckout; external id mismatch is 422', async () => {
    const email = uniqueEmail('ext');
    const externalId = `ext-${email}`;
    const c = await newCheckout(t, { external_customer_id: externalId });
    // created before the customer exists: it carries the external id but no customer
    const clash = await newCheckout(t, { external_customer_id: externalId });
    const answer = wire(checkoutPublicConfirmed, await publicCall(t, 'POST', c.client_secret, '/confirm', confirmBody(email)));
    expect(answer.status).toBe('confirmed');
    expect(answer.customer_session_token).toMatch(/^polar_cst_/);
    const again = await publicCall(t, 'POST', c.client_secret, '/confirm', confirmBody(email));
    expectNamed(again, 403, 'NotOpenCheckout');
    expect((again.body as { detail: string }).detail).toBe(`Checkout ${c.id} is not open: succeeded`);
    const mismatch = await publicCall(t, 'POST', clash.client_secret, '/confirm', confirmBody(uniqueEmail('other')));
    expectNamed(mismatch, 422, 'CheckoutCustomerExternalIdMismatch');
    expect(wire(checkoutPublic, await publicCall(t, 'GET', clash.client_secret)).status).toBe('open');
  });

  it('free products need no card: e-mail only, an order of 0 and no payment', async () => {
    const free = await t.api('POST', '/v1/products/', { name: 'Free tier', recurring_interval: 'month', prices: [{ amount_type: 'free' }] });
    expect(free.status, free.text).toBe(201);
    const c = await newCheckout(t, { products: [(free.body as { id: string }).id] });
    expect(c).toMatchObject({ is_free_product_price: true, is_payment_form_required: false, total_amount: 0 });
    const confirmed = await publicCall(t, 'POST', c.client_secret, '/confirm', { customer_email: uniqueEmail('free') });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(wire(checkout, await t.api('GET', `/v1/checkouts/${c.id}`)).status).toBe('succeeded');
  });

  it('custom (pay what you want) amounts are checked against the bounds', async () => {
    const pwyw = await t.api('POST', '/v1/products/', { name: 'Tip jar', recurring_interval: null, prices: [{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 5000, preset_amount: 1500 }] });
    expect(pwyw.status, pwyw.text).toBe(201);
    const c = await newCheckout(t, { products: [(pwyw.body as { id: string }).id] });
    expect(c.amount).toBe(1500);
    expect(expect422(await publicCall(t, 'PATCH', c.client_secret, '', { amount: 100 }), ['body', 'amount'])[0]?.msg).toBe('Amount is below minimum.');
    expect(wire(checkoutPublic, await publicCall(t, 'PATCH', c.client_secret, '', { amount: 4000 })).total_amount).toBe(4000);
  });
});

describe('checkout links (billing-api-part-a.md §7)', () => {
  it('three create shapes, list, get, update, delete, and the redirect to a fresh checkout', async () => {
    const prices = (await t.api('GET', `/v1/products/${t.seed.productId}`)).body as { prices: { id: string }[] };
    const byProduct = wire(checkoutLink, await t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: t.seed.productId, label: 'Plan' }), 201);
    const byPrice = wire(checkoutLink, await t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_price_id: prices.prices[0]?.id }), 201);
    const byList = must(await t.client.checkoutLinks.create({ paymentProcessor: 'stripe', products: [t.seed.productId], successUrl: 'https://app.example/done' }));
    expect([byProduct.products[0]?.id, byPrice.products[0]?.id, byList.products[0]?.id]).toEqual([t.seed.productId, t.seed.productId, t.seed.productId]);
    expect(byProduct.client_secret).toMatch(/^polar_cl_/);
    expect422(await t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe' }));
    expect422(await t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: '00000000-0000-4000-8000-000000000000' }), ['body', 'product_id', 0]);

    const list = wire(listResource(checkoutLink), await t.api('GET', `/v1/checkout-links/?product_id=${t.seed.productId}&sorting=label`));
    expect(list.items.length).toBeGreaterThanOrEqual(3);
    const updated = wire(checkoutLink, await t.api('PATCH', `/v1/checkout-links/${byProduct.id}`, { label: 'Renamed', allow_discount_codes: false }));
    expect(updated).toMatchObject({ label: 'Renamed', allow_discount_codes: false });

    const redirect = await fetch(`${byList.url}?customer_email=link@example.com`, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    const target = redirect.headers.get('location') as string;
    expect(target).toMatch(/\/checkout\/polar_c_/);
    const secret = target.split('/checkout/')[1] as string;
    const fresh = wire(checkoutPublic, await publicCall(t, 'GET', secret));
    expect(fresh).toMatchObject({ status: 'open', customer_email: 'link@example.com', success_url: 'https://app.example/done' });
    const second = await fetch(byList.url, { redirect: 'manual' });
    expect(second.headers.get('location')).not.toBe(target);

    expect((await t.api('DELETE', `/v1/checkout-links/${byPrice.id}`)).status).toBe(204);
    expectNamed(await t.api('GET', `/v1/checkout-links/${byPrice.id}`), 404, 'ResourceNotFound');
    const other = await foreignOrganization(t);
    expectNamed(await t.api('GET', `/v1/checkout-links/${byProduct.id}`, undefined, other.token), 404, 'ResourceNotFound');
  });
});
