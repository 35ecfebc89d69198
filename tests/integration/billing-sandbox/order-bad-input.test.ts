import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listResource, order, subscription } from '@ensemble/billing-client/schemas';
import { commerceSandbox, confirmBody, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { foreignOrganization, wire, type Answer, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let close: () => Promise<void>;
let ids: { checkout: string; secret: string; subscription: string; order: string; link: string; payment: string };
let foreign: { id: string; token: string };
beforeAll(async () => {
  ({ t, close } = await commerceSandbox());
  const c = await newCheckout(t);
  await publicCall(t, 'POST', c.client_secret, '/confirm', confirmBody(uniqueEmail('bad')));
  const paid = wire(checkout, await t.api('GET', `/v1/checkouts/${c.id}`));
  const subs = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${paid.customer_id}`));
  const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${c.id}`));
  const open = await newCheckout(t);
  const link = await t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: t.seed.productId });
  const payments = await t.api('GET', `/v1/payments/?order_id=${orders.items[0]?.id}`);
  ids = {
    checkout: open.id, secret: open.client_secret, subscription: subs.items[0]?.id as string, order: orders.items[0]?.id as string,
    link: (link.body as { id: string }).id, payment: (payments.body as { items: { id: string }[] }).items[0]?.id as string,
  };
  foreign = await foreignOrganization(t);
});
afterAll(() => close());

/** The provider's error shapes: named `{error, detail: string}`, 422 `{error, detail: [...]}` or FastAPI's 404. */
function providerShaped(answer: Answer): void {
  expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text).toBeLessThan(500);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const body = answer.body as { error?: string; detail?: unknown };
  if (answer.status === 422) {
    expect(Array.isArray(body.detail) || typeof body.detail === 'string').toBe(true);
  } else {
    expect(typeof body.detail === 'string' || typeof (body as { error_description?: string }).error_description === 'string').toBe(true);
  }
}

/** Everything the commerce routes hold, to prove a rejected request changed nothing. */
async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    ['/v1/checkouts/?limit=100', '/v1/subscriptions/?limit=100', '/v1/orders/?limit=100', '/v1/refunds/?limit=100', '/v1/payments/?limit=100', '/v1/checkout-links/?limit=100'].map(
      async (path) => (await t.api('GET', path)).text,
    ),
  );
  return parts.join('\n');
}

const WRITES = (): [string, string, unknown][] => [
  ['POST', '/v1/checkouts/', { products: 'nope' }],
  ['POST', '/v1/checkouts/', { products: ['00000000-0000-4000-8000-000000000000'] }],
  ['POST', '/v1/checkouts/', { products: [t.seed.productId], amount: 'ten' }],
  ['POST', '/v1/checkouts/', { products: [t.seed.productId], customer_id: '00000000-0000-4000-8000-000000000000' }],
  ['PATCH', `/v1/checkouts/${ids.checkout}`, { product_id: '00000000-0000-4000-8000-000000000000' }],
  ['PATCH', `/v1/checkouts/${ids.checkout}`, { allow_discount_codes: 'yes' }],
  ['PATCH', `/v1/checkouts/client/${ids.secret}`, { discount_code: 'NOPE-NOPE' }],
  ['PATCH', `/v1/checkouts/client/${ids.secret}`, { customer_billing_address: { city: 'x' } }],
  ['POST', `/v1/checkouts/client/${ids.secret}/confirm`, { customer_email: 42 }],
  ['POST', `/v1/checkouts/client/${ids.secret}/confirm`, { customer_email: 'not-an-email', customer_billing_address: { country: 'FR' }, confirmation_token_id: 'ctoken_sandbox_success' }],
  ['POST', '/v1/checkout-links/', { payment_processor: 'paypal', product_id: t.seed.productId }],
  ['PATCH', `/v1/checkout-links/${ids.link}`, { products: [] }],
  ['PATCH', `/v1/subscriptions/${ids.subscription}`, { cancel_at_period_end: 'true' }],
  ['PATCH', `/v1/subscriptions/${ids.subscription}`, { revoke: false }],
  ['PATCH', `/v1/subscriptions/${ids.subscription}`, { seats: 3 }],
  ['PATCH', `/v1/subscriptions/${ids.subscription}`, {}],
  ['PATCH', `/v1/orders/${ids.order}`, { billing_name: 12 }],
  ['POST', '/v1/refunds/', { order_id: ids.order, reason: 'other', amount: -5 }],
  ['POST', '/v1/refunds/', { order_id: ids.order, reason: 'other', amount: 999999 }],
  ['POST', '/v1/refunds/', { order_id: 'x', reason: 'other', amount: 1 }],
  ['POST', '/v1/__sandbox/clock/advance', { seconds: 'soon' }],
];

describe('bad input on every commerce route: provider error shapes, never 500, state unchanged', () => {
  it('malformed JSON', async () => {
    const before = await snapshot();
    for (const [method, path] of WRITES()) {
      const answer = await t.api(method, path, '{"broken":');
      providerShaped(answer);
      expect(answer.status, `${method} ${path}`).toBe(422);
    }
    expect(await snapshot()).toBe(before);
  });

  it('wrong types and unknown ids in bodies', async () => {
    const before = await snapshot();
    for (const [method, path, body] of WRITES()) {
      const answer = await t.api(method, path, body);
      providerShaped(answer);
    }
    expect(await snapshot()).toBe(before);
  });

  it('unknown and malformed path ids, bad query values', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['checkouts', 'subscriptions', 'orders', 'payments', 'checkout-links']) {
      const missing = await t.api('GET', `/v1/${path}/${unknown}`);
      providerShaped(missing);
      expect(missing.body).toEqual({ error: 'ResourceNotFound', detail: 'Not found' });
      const malformed = await t.api('GET', `/v1/${path}/not-a-uuid`);
      providerShaped(malformed);
      expect(malformed.status).toBe(422);
      providerShaped(await t.api('GET', `/v1/${path}/?page=0`));
      providerShaped(await t.api('GET', `/v1/${path}/?limit=abc`));
      providerShaped(await t.api('GET', `/v1/${path}/?sorting=nope`));
    }
    providerShaped(await t.api('GET', `/v1/orders/${unknown}/invoice`));
    providerShaped(await t.api('GET', '/v1/checkouts/client/polar_c_unknown'));
    providerShaped(await t.api('GET', '/v1/checkout-links/polar_cl_unknown/redirect'));
    providerShaped(await t.api('GET', '/v1/refunds/?succeeded=perhaps'));
    providerShaped(await t.api('GET', '/v1/checkouts/?status=closed'));
  });

  it('foreign-organization ids are 404 (or 422 for ids in bodies) and change nothing', async () => {
    const before = await snapshot();
    const as = (method: string, path: string, body?: unknown) => t.api(method, path, body, foreign.token);
    for (const answer of [
      await as('GET', `/v1/checkouts/${ids.checkout}`),
      await as('PATCH', `/v1/checkouts/${ids.checkout}`, { customer_name: 'x' }),
      await as('GET', `/v1/subscriptions/${ids.subscription}`),
      await as('PATCH', `/v1/subscriptions/${ids.subscription}`, { cancel_at_period_end: true }),
      await as('DELETE', `/v1/subscriptions/${ids.subscription}`),
      await as('GET', `/v1/orders/${ids.order}`),
      await as('PATCH', `/v1/orders/${ids.order}`, { billing_name: 'x' }),
      await as('POST', `/v1/orders/${ids.order}/invoice`),
      await as('GET', `/v1/payments/${ids.payment}`),
      await as('GET', `/v1/checkout-links/${ids.link}`),
      await as('DELETE', `/v1/checkout-links/${ids.link}`),
      await as('POST', '/v1/checkouts/', { products: [t.seed.productId] }),
      await as('POST', '/v1/refunds/', { order_id: ids.order, reason: 'other', amount: 1 }),
    ]) {
      providerShaped(answer);
      expect([404, 422]).toContain(answer.status);
    }
    const lists = await Promise.all(['/v1/checkouts/', '/v1/subscriptions/', '/v1/orders/', '/v1/payments/', '/v1/refunds/'].map((p) => as('GET', p)));
    for (const list of lists) expect((list.body as { items: unknown[] }).items).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('missing or invalid tokens', async () => {
    for (const path of ['/v1/checkouts/', '/v1/subscriptions/', '/v1/orders/', '/v1/refunds/', '/v1/payments/', '/v1/checkout-links/', '/v1/__sandbox/clock']) {
      const none = await t.api('GET', path, undefined, null);
      providerShaped(none);
      expect(none.body).toEqual({ error: 'Unauthorized', detail: 'Unauthorized' });
      const bad = await t.api('GET', path, undefined, 'polar_oat_nope');
      expect(bad.status).toBe(401);
      expect((bad.body as { error: string }).error).toBe('invalid_token');
    }
  });
});
