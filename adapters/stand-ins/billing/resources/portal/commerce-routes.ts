import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { orderUpdate, customerSubscriptionUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { notFound, notPermitted } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { generateInvoice, invoiceLink } from '../orders/invoices.js';
import type { OrderRecord } from '../orders/records.js';
import { isRecurringOrder, orderSortAccessors, saveBillingDetails } from '../orders/service.js';
import { customerOrderWire } from '../orders/wire.js';
import type { SubscriptionRecord } from '../subscriptions/records.js';
import { hasEnded } from '../subscriptions/rules.js';
import { cancelSubscription, changePlan, notSeatBased, subscriptionSortAccessors, uncancelSubscription } from '../subscriptions/service.js';
import { customerSubscriptionWire } from '../subscriptions/wire.js';

/** Customer portal: the session's own subscriptions, orders and invoices. */
export function registerPortalCommerce(app: Hono, ctx: SandboxContext): void {
  const ownSubscription = (c: Context): SubscriptionRecord => {
    const { customer } = ctx.auth.customer(c);
    const s = ctx.db.subscriptions.get(pathUuid(c.req.param('id')));
    if (s === undefined || s.customer_id !== customer.id) throw notFound();
    return s;
  };
  const ownOrder = (c: Context): OrderRecord => {
    const { customer } = ctx.auth.customer(c);
    const o = ctx.db.orders.get(pathUuid(c.req.param('id')));
    if (o === undefined || o.customer_id !== customer.id) throw notFound();
    return o;
  };

  app.get('/v1/customer-portal/subscriptions', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), {
      organization_id: q.uuids().optional(), product_id: q.uuids().optional(), active: q.bool().optional(), query: q.string().optional(),
    });
    const sorting = parseSorting(query.sorting, ['started_at', 'amount', 'status', 'organization', 'product'], ['-started_at']);
    const needle = query.query?.toLowerCase();
    const rows = ctx.db.subscriptions
      .byIndex('customer', customer.id)
      .filter((s) => query.product_id === undefined || query.product_id.includes(s.product_id))
      .filter((s) => query.active === undefined || query.active === !hasEnded(s))
      .filter((s) => needle === undefined || (ctx.db.products.get(s.product_id)?.name ?? '').toLowerCase().includes(needle));
    return json(paginate(sortRecords(rows, sorting, subscriptionSortAccessors(ctx)), query, (s) => customerSubscriptionWire(ctx, s)));
  });

  app.get('/v1/customer-portal/subscriptions/:id', (c) => json(customerSubscriptionWire(ctx, ownSubscription(c))));

  app.patch('/v1/customer-portal/subscriptions/:id', async (c) => {
    const s = ownSubscription(c);
    const { organization } = ctx.auth.customer(c);
    const body = (await parseBody(c.req.raw, customerSubscriptionUpdate)) as Record<string, unknown>;
    let result = s;
    if (typeof body.product_id === 'string') {
      if (!organization.subscription_settings.allow_customer_updates) throw notPermitted();
      result = changePlan(ctx, organization, s, { product_id: body.product_id });
    } else if ('seats' in body) {
      throw notSeatBased();
    } else if (body.cancel_at_period_end === true) {
      result = cancelSubscription(ctx, s, { reason: body.cancellation_reason as string | null, comment: body.cancellation_comment as string | null });
    } else if (body.cancel_at_period_end === false) {
      result = uncancelSubscription(ctx, s);
    }
    return json(customerSubscriptionWire(ctx, result));
  });

  /** DELETE cancels at the end of the period (the portal has no immediate revoke). */
  app.delete('/v1/customer-portal/subscriptions/:id', (c) => json(customerSubscriptionWire(ctx, cancelSubscription(ctx, ownSubscription(c), {}))));

  app.get('/v1/customer-portal/orders', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), {
      organization_id: q.uuids().optional(), product_id: q.uuids().optional(),
      product_billing_type: q.many(z.enum(['one_time', 'recurring'])).optional(), subscription_id: q.uuids().optional(),
      query: q.string().optional(),
    });
    const sorting = parseSorting(query.sorting, ['created_at', 'amount', 'net_amount', 'product', 'subscription']);
    const needle = query.query?.toLowerCase();
    const rows = ctx.db.orders
      .byIndex('customer', customer.id)
      .filter((o) => query.product_id === undefined || (o.product_id !== null && query.product_id.includes(o.product_id)))
      .filter((o) => query.product_billing_type === undefined || query.product_billing_type.includes(isRecurringOrder(o) ? 'recurring' : 'one_time'))
      .filter((o) => query.subscription_id === undefined || (o.subscription_id !== null && query.subscription_id.includes(o.subscription_id)))
      .filter((o) => needle === undefined || o.description.toLowerCase().includes(needle));
    return json(paginate(sortRecords(rows, sorting, orderSortAccessors(ctx)), query, (o) => customerOrderWire(ctx, o)));
  });

  app.get('/v1/customer-portal/orders/:id', (c) => json(customerOrderWire(ctx, ownOrder(c))));
  app.patch('/v1/customer-portal/orders/:id', async (c) => {
    const order = ownOrder(c);
    return json(customerOrderWire(ctx, saveBillingDetails(ctx, order, await parseBody(c.req.raw, orderUpdate))));
  });
  app.post('/v1/customer-portal/orders/:id/invoice', (c) => generateInvoice(ctx, ownOrder(c)));
  app.get('/v1/customer-portal/orders/:id/invoice', (c) => invoiceLink(ctx, ownOrder(c)));
}
