import { Checkout$inboundSchema } from '@polar-sh/sdk/models/components/checkout.js';
import { CheckoutPublic$inboundSchema } from '@polar-sh/sdk/models/components/checkoutpublic.js';
import { CheckoutPublicConfirmed$inboundSchema } from '@polar-sh/sdk/models/components/checkoutpublicconfirmed.js';
import { CheckoutLink$inboundSchema } from '@polar-sh/sdk/models/components/checkoutlink.js';
import { CheckoutsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/checkoutslist.js';
import { CheckoutLinksListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/checkoutlinkslist.js';
import { listResource, checkout, checkoutPublic, checkoutPublicConfirmed, checkoutLink } from '@ensemble/billing-client/schemas';
import { advanceClock, DAY, publicCall } from '../../billing-sandbox/commerce-harness.js';
import { oracleGroup, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, newProduct, paidCheckout, startWorld, type OracleWorld } from '../world.js';

/** Checkout links and checkouts, seller and public views (billing-api-part-a.md §7). */
async function catalog(w: OracleWorld) {
  if (w.ids.oneTime !== undefined) return w.ids;
  w.ids.oneTime = (await newProduct(w, [{ amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }])).id;
  w.ids.custom = (await newProduct(w, [{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 5000, preset_amount: 1500 }])).id;
  w.ids.free = (await newProduct(w, [{ amount_type: 'free' }], 'month')).id;
  w.ids.repeating = created(await w.t.api('POST', '/v1/discounts/', { name: 'Three months', type: 'fixed', amount: 300, currency: 'usd', duration: 'repeating', duration_in_months: 3, code: 'THREE' })).id;
  return w.ids;
}

export const checkoutsGroup = oracleGroup<OracleWorld>({
  name: 'checkout links and checkouts',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'POST /v1/checkout-links/',
      sdk: sdkJson(201, 'CheckoutLink', CheckoutLink$inboundSchema),
      client: checkoutLink,
      cases: async (w) => {
        const ids = await catalog(w);
        return cases({
          'one product': w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [w.t.seed.productId], label: 'Plan' }),
          'several products, a discount': w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [ids.oneTime, ids.custom], discount_id: w.t.seed.discountId, success_url: 'https://example.com/ok?c={CHECKOUT_ID}', metadata: { campaign: 'spring' } }),
          'a repeating fixed discount': w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [w.t.seed.productId], discount_id: ids.repeating }),
        });
      },
    },
    {
      call: 'GET /v1/checkout-links/',
      sdk: sdkPage('CheckoutLinksListResponse', CheckoutLinksListResponse$inboundSchema),
      client: listResource(checkoutLink),
      cases: (w) => cases({ page: get(w, '/v1/checkout-links/?limit=100'), empty: get(w, `/v1/checkout-links/?product_id=${crypto.randomUUID()}`) }),
    },
    {
      call: 'GET /v1/checkout-links/{id}',
      sdk: sdkJson(200, 'CheckoutLink', CheckoutLink$inboundSchema),
      client: checkoutLink,
      cases: async (w) => {
        const link = created(await w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [w.t.seed.productId], discount_id: w.t.seed.discountId }));
        return cases({ 'with its discount': get(w, `/v1/checkout-links/${link.id}`) });
      },
    },
    {
      call: 'PATCH /v1/checkout-links/{id}',
      sdk: sdkJson(200, 'CheckoutLink', CheckoutLink$inboundSchema),
      client: checkoutLink,
      cases: async (w) => {
        const link = created(await w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [w.t.seed.productId], discount_id: w.t.seed.discountId }));
        return cases({
          'label and url': w.t.api('PATCH', `/v1/checkout-links/${link.id}`, { label: 'Renamed', success_url: 'https://example.com/thanks', allow_discount_codes: false }),
          'discount removed': w.t.api('PATCH', `/v1/checkout-links/${link.id}`, { discount_id: null }),
        });
      },
    },
    {
      call: 'DELETE /v1/checkout-links/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const link = created(await w.t.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', products: [w.t.seed.productId] }));
        return cases({ deleted: w.t.api('DELETE', `/v1/checkout-links/${link.id}`) });
      },
    },
    {
      call: 'POST /v1/checkouts/',
      sdk: sdkJson(201, 'Checkout', Checkout$inboundSchema),
      client: checkout,
      cases: async (w) => {
        const ids = await catalog(w);
        return cases({
          'recurring plan': w.t.api('POST', '/v1/checkouts/', { products: [w.t.seed.productId] }),
          'existing customer, percentage discount': w.t.api('POST', '/v1/checkouts/', { products: [ids.oneTime], customer_id: w.buyer.customerId, discount_id: w.t.seed.discountId }),
          'several products, custom price': w.t.api('POST', '/v1/checkouts/', { products: [ids.custom, ids.oneTime], amount: 2000 }),
          'free product, external id, metadata': w.t.api('POST', '/v1/checkouts/', { products: [ids.free], external_customer_id: `ext-${crypto.randomUUID()}`, metadata: { source: 'oracle' }, customer_metadata: { tier: 'free' } }),
          'business customer with address': w.t.api('POST', '/v1/checkouts/', { products: [ids.oneTime], is_business_customer: true, customer_billing_name: 'Acme SAS', customer_billing_address: { country: 'US', line1: '1 Main St', city: 'Boston', postal_code: '02110', state: 'US-MA' }, require_billing_address: true }),
        });
      },
    },
    {
      call: 'GET /v1/checkouts/',
      sdk: sdkPage('CheckoutsListResponse', CheckoutsListResponse$inboundSchema),
      client: listResource(checkout),
      cases: (w) => cases({ 'every status so far': get(w, '/v1/checkouts/?limit=100'), succeeded: get(w, '/v1/checkouts/?status=succeeded') }),
    },
    {
      call: 'GET /v1/checkouts/{id}',
      sdk: sdkJson(200, 'Checkout', Checkout$inboundSchema),
      client: checkout,
      cases: async (w) => {
        const { open, confirmed } = await paidCheckout(w, { products: [(await catalog(w)).oneTime], discount_id: w.t.seed.discountId });
        const declined = await paidCheckout(w, { products: [(await catalog(w)).oneTime] }, { confirmation_token_id: 'ctoken_sandbox_declined' });
        return cases({
          'succeeded (plan bought)': get(w, `/v1/checkouts/${w.buyer.checkoutId}`),
          [`succeeded one-time (${confirmed.status})`]: get(w, `/v1/checkouts/${open.id}`),
          'open again after a declined card': get(w, `/v1/checkouts/${declined.open.id}`),
        });
      },
    },
    {
      call: 'PATCH /v1/checkouts/{id}',
      sdk: sdkJson(200, 'Checkout', Checkout$inboundSchema),
      client: checkout,
      cases: async (w) => {
        const open = created(await w.t.api('POST', '/v1/checkouts/', { products: [w.t.seed.productId, (await catalog(w)).oneTime] }));
        return cases({
          'customer details': w.t.api('PATCH', `/v1/checkouts/${open.id}`, { customer_email: 'grace@example.com', customer_name: 'Grace Hopper', customer_billing_address: { country: 'FR' }, metadata: { step: 'two' } }),
          'another product, a discount': w.t.api('PATCH', `/v1/checkouts/${open.id}`, { product_id: (await catalog(w)).oneTime, discount_id: w.t.seed.discountId }),
        });
      },
    },
    {
      call: 'GET /v1/checkouts/client/{client_secret}',
      sdk: sdkJson(200, 'CheckoutPublic', CheckoutPublic$inboundSchema),
      client: checkoutPublic,
      cases: async (w) => {
        const open = created<{ client_secret: string }>(await w.t.api('POST', '/v1/checkouts/', { products: [w.t.seed.productId], discount_id: w.t.seed.discountId }));
        const done = created<{ client_secret: string }>(await get(w, `/v1/checkouts/${w.buyer.checkoutId}`), 200);
        return cases({ open: publicCall(w.t, 'GET', open.client_secret), succeeded: publicCall(w.t, 'GET', done.client_secret) });
      },
    },
    {
      call: 'PATCH /v1/checkouts/client/{client_secret}',
      sdk: sdkJson(200, 'CheckoutPublic', CheckoutPublic$inboundSchema),
      client: checkoutPublic,
      cases: async (w) => {
        const open = created<{ client_secret: string }>(await w.t.api('POST', '/v1/checkouts/', { products: [w.t.seed.productId] }));
        return cases({
          'e-mail and address': publicCall(w.t, 'PATCH', open.client_secret, '', { customer_email: 'ada@example.com', customer_billing_address: { country: 'DE' } }),
          'discount code': publicCall(w.t, 'PATCH', open.client_secret, '', { discount_code: 'WELCOME20' }),
          'business customer': publicCall(w.t, 'PATCH', open.client_secret, '', { is_business_customer: true, customer_billing_name: 'Acme GmbH', customer_tax_id: 'DE123456789' }),
        });
      },
    },
    {
      call: 'POST /v1/checkouts/client/{client_secret}/confirm',
      sdk: sdkJson(200, 'CheckoutPublicConfirmed', CheckoutPublicConfirmed$inboundSchema),
      client: checkoutPublicConfirmed,
      cases: async (w) => {
        const ids = await catalog(w);
        const fresh = await paidCheckout(w, { products: [ids.oneTime] });
        const known = await paidCheckout(w, { products: [ids.custom], amount: 700 }, { customer_email: 'ada@example.com' });
        const again = await paidCheckout(w, { products: [ids.custom], amount: 700 }, { customer_email: 'ada@example.com' });
        const free = await paidCheckout(w, { products: [ids.free] }, { confirmation_token_id: undefined });
        return cases({ 'new customer': fresh.confirmed, 'custom amount': known.confirmed, 'matched customer (no session token)': again.confirmed, 'free product': free.confirmed });
      },
    },
    {
      // Last: the clock moves past the open checkouts' expiry.
      call: 'GET /v1/checkouts/{id}',
      sdk: sdkJson(200, 'Checkout', Checkout$inboundSchema),
      client: checkout,
      cases: async (w) => {
        const open = created(await w.t.api('POST', '/v1/checkouts/', { products: [w.t.seed.productId] }));
        const moved = await advanceClock(w.t, DAY + 3600);
        return cases({ [`expired (clock ${moved.status})`]: get(w, `/v1/checkouts/${open.id}`) });
      },
    },
  ],
});
