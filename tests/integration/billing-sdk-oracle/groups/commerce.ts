import { Order$inboundSchema } from '@polar-sh/sdk/models/components/order.js';
import { OrdersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/orderslist.js';
import { OrderInvoice$inboundSchema } from '@polar-sh/sdk/models/components/orderinvoice.js';
import { Payment$inboundSchema } from '@polar-sh/sdk/models/components/payment.js';
import { PaymentsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/paymentslist.js';
import { Refund$inboundSchema } from '@polar-sh/sdk/models/components/refund.js';
import { RefundsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/refundslist.js';
import { Subscription$inboundSchema } from '@polar-sh/sdk/models/components/subscription.js';
import { SubscriptionsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/subscriptionslist.js';
import { SubscriptionsExportResponse$inboundSchema } from '@polar-sh/sdk/models/operations/subscriptionsexport.js';
import { listResource, order, orderInvoice, payment, refund, subscription } from '@ensemble/billing-client/schemas';
import { DECLINED_TOKEN } from '../../billing-sandbox/commerce-harness.js';
import { purchase } from '../../billing-sandbox/benefits-usage-harness.js';
import { oracleGroup, sdkAnyJson, sdkJson, sdkPage, sdkText } from '../oracle.js';
import { cases, closeWorld, created, get, newProduct, paidCheckout, startWorld, type OracleWorld } from '../world.js';

type Page = { items: { id: string; billing_reason?: string; status?: string }[] };

/** Every order shape the sandbox makes: a plan purchase, a one-time purchase, a discounted one, a plan change, refunds. */
async function orders(w: OracleWorld): Promise<Record<string, string>> {
  if (w.ids.purchaseOrder !== undefined) return w.ids;
  const oneTime = await newProduct(w, [{ amount_type: 'fixed', price_amount: 3000, price_currency: 'usd' }]);
  const once = await purchase(w.t, oneTime.id, 'one-time');
  const onceOrders = created<Page>(await get(w, `/v1/orders/?customer_id=${once.customerId}`), 200);
  w.ids.purchaseOrder = onceOrders.items[0]?.id as string;
  w.ids.oneTimeProduct = oneTime.id;
  await paidCheckout(w, { products: [oneTime.id], discount_id: w.t.seed.discountId });
  await paidCheckout(w, { products: [oneTime.id] }, { confirmation_token_id: DECLINED_TOKEN });
  const pro = await newProduct(w, [{ amount_type: 'fixed', price_amount: 9000, price_currency: 'usd' }], 'month');
  w.ids.pro = pro.id;
  const planOrders = created<Page>(await get(w, `/v1/orders/?customer_id=${w.buyer.customerId}`), 200);
  w.ids.planOrder = planOrders.items[0]?.id as string;
  return w.ids;
}

/** Orders, payments, refunds and subscriptions, seller side (billing-api-part-b.md §7). */
export const commerceGroup = oracleGroup<OracleWorld>({
  name: 'orders, payments, refunds and subscriptions',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'PATCH /v1/subscriptions/{id}',
      sdk: sdkJson(200, 'Subscription', Subscription$inboundSchema),
      client: subscription,
      cases: async (w) => {
        const ids = await orders(w);
        const id = w.buyer.subscriptionId as string;
        const other = await purchase(w.t, w.t.seed.productId, 'sub-next');
        return cases({
          'set to cancel with a reason': w.t.api('PATCH', `/v1/subscriptions/${id}`, { cancel_at_period_end: true, customer_cancellation_reason: 'too_expensive', customer_cancellation_comment: 'Later' }),
          uncanceled: w.t.api('PATCH', `/v1/subscriptions/${id}`, { cancel_at_period_end: false }),
          'plan change invoiced now': w.t.api('PATCH', `/v1/subscriptions/${id}`, { product_id: ids.pro, proration_behavior: 'invoice' }),
          'a discount': w.t.api('PATCH', `/v1/subscriptions/${id}`, { discount_id: w.t.seed.discountId }),
          'plan change at the next period (pending update)': w.t.api('PATCH', `/v1/subscriptions/${other.subscriptionId}`, { product_id: ids.pro, proration_behavior: 'next_period' }),
        });
      },
    },
    {
      call: 'GET /v1/subscriptions/',
      sdk: sdkPage('SubscriptionsListResponse', SubscriptionsListResponse$inboundSchema),
      client: listResource(subscription),
      cases: (w) => cases({ all: get(w, '/v1/subscriptions/?limit=100'), active: get(w, '/v1/subscriptions/?active=true&sorting=-started_at') }),
    },
    {
      call: 'GET /v1/subscriptions/{id}',
      sdk: sdkJson(200, 'Subscription', Subscription$inboundSchema),
      client: subscription,
      cases: async (w) => {
        const page = created<Page>(await get(w, '/v1/subscriptions/?limit=100'), 200);
        return cases(Object.fromEntries(page.items.map((s, i) => [`subscription ${i + 1}`, get(w, `/v1/subscriptions/${s.id}`)])));
      },
    },
    {
      call: 'DELETE /v1/subscriptions/{id}',
      sdk: sdkJson(200, 'Subscription', Subscription$inboundSchema),
      client: subscription,
      cases: async (w) => {
        const other = await purchase(w.t, w.t.seed.productId, 'revoke');
        return cases({ revoked: w.t.api('DELETE', `/v1/subscriptions/${other.subscriptionId}`) });
      },
    },
    {
      call: 'GET /v1/subscriptions/export',
      sdk: sdkText(200, 'text/csv', 'SubscriptionsExportResponse', SubscriptionsExportResponse$inboundSchema),
      cases: (w) => cases({ csv: w.t.api('GET', '/v1/subscriptions/export') }),
    },
    {
      call: 'POST /v1/refunds/',
      sdk: sdkJson(201, 'Refund', Refund$inboundSchema),
      client: refund,
      cases: async (w) => {
        const ids = await orders(w);
        return cases({
          partial: w.t.api('POST', '/v1/refunds/', { order_id: ids.purchaseOrder, reason: 'customer_request', amount: 1000, comment: 'Asked nicely', metadata: { ticket: 42 } }),
          'the rest, benefits revoked': w.t.api('POST', '/v1/refunds/', { order_id: ids.purchaseOrder, reason: 'duplicate', amount: 2000, revoke_benefits: true }),
          'a subscription order': w.t.api('POST', '/v1/refunds/', { order_id: ids.planOrder, reason: 'service_disruption', amount: 100 }),
        });
      },
    },
    {
      call: 'GET /v1/refunds/',
      sdk: sdkPage('RefundsListResponse', RefundsListResponse$inboundSchema),
      client: listResource(refund),
      cases: async (w) => cases({ refunds: get(w, `/v1/refunds/?order_id=${(await orders(w)).purchaseOrder}`), all: get(w, '/v1/refunds/') }),
    },
    {
      call: 'GET /v1/orders/',
      sdk: sdkPage('OrdersListResponse', OrdersListResponse$inboundSchema),
      client: listResource(order),
      cases: async (w) => {
        await orders(w);
        return cases({ 'every billing reason and status': get(w, '/v1/orders/?limit=100') });
      },
    },
    {
      call: 'GET /v1/orders/{id}',
      sdk: sdkJson(200, 'Order', Order$inboundSchema),
      client: order,
      cases: async (w) => {
        await orders(w);
        const page = created<Page>(await get(w, '/v1/orders/?limit=100'), 200);
        return cases(Object.fromEntries(page.items.map((o, i) => [`${o.billing_reason} ${o.status} ${i}`, get(w, `/v1/orders/${o.id}`)])));
      },
    },
    {
      call: 'PATCH /v1/orders/{id}',
      sdk: sdkJson(200, 'Order', Order$inboundSchema),
      client: order,
      cases: async (w) => cases({
        'billing details': w.t.api('PATCH', `/v1/orders/${(await orders(w)).planOrder}`, { billing_name: 'Ada Lovelace', billing_address: { country: 'GB', line1: '12 St James Sq', city: 'London', postal_code: 'SW1Y 4JH' } }),
      }),
    },
    {
      call: 'POST /v1/orders/{id}/invoice',
      sdk: sdkAnyJson(202),
      cases: async (w) => cases({ generated: w.t.api('POST', `/v1/orders/${(await orders(w)).planOrder}/invoice`) }),
    },
    {
      call: 'GET /v1/orders/{id}/invoice',
      sdk: sdkJson(200, 'OrderInvoice', OrderInvoice$inboundSchema),
      client: orderInvoice,
      cases: async (w) => {
        const id = (await orders(w)).planOrder;
        await w.t.api('POST', `/v1/orders/${id}/invoice`);
        return cases({ url: get(w, `/v1/orders/${id}/invoice`) });
      },
    },
    {
      call: 'GET /v1/payments/',
      sdk: sdkPage('PaymentsListResponse', PaymentsListResponse$inboundSchema),
      client: listResource(payment),
      cases: async (w) => {
        await orders(w);
        return cases({ 'succeeded and declined': get(w, '/v1/payments/?limit=100'), declined: get(w, '/v1/payments/?status=failed') });
      },
    },
    {
      call: 'GET /v1/payments/{id}',
      sdk: sdkJson(200, 'Payment', Payment$inboundSchema),
      client: payment,
      cases: async (w) => {
        await orders(w);
        const page = created<Page>(await get(w, '/v1/payments/?limit=100'), 200);
        return cases(Object.fromEntries(page.items.map((p, i) => [`${p.status} ${i}`, get(w, `/v1/payments/${p.id}`)])));
      },
    },
  ],
});
