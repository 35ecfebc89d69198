import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { orderUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { notFound } from '../../engine/errors.js';
import { matchesMetadata, paginate, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { generateInvoice, invoiceLink, receiptLink } from './invoices.js';
import type { OrderRecord } from './records.js';
import { isRecurringOrder, orderSortAccessors, saveBillingDetails } from './service.js';
import { orderWire } from './wire.js';

function ownOrder(ctx: SandboxContext, c: Context): OrderRecord {
  const org = ctx.auth.organization(c);
  const order = ctx.db.orders.get(pathUuid(c.req.param('id')));
  if (order === undefined || order.organization_id !== org.id) throw notFound();
  return order;
}

/** Seller orders, their invoices and receipts. */
export function registerOrders(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/orders', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, {
      organization_id: q.uuids().optional(), product_id: q.uuids().optional(),
      product_billing_type: q.many(z.enum(['one_time', 'recurring'])).optional(), discount_id: q.uuids().optional(),
      customer_id: q.uuids().optional(), checkout_id: q.uuids().optional(),
    });
    const sorting = parseSorting(query.sorting, ['created_at', 'amount', 'net_amount', 'customer', 'product', 'discount', 'subscription']);
    const metadata = parseMetadataFilter(url);
    const rows = ctx.db.orders
      .byIndex('org', org.id)
      .filter((o) => query.product_id === undefined || (o.product_id !== null && query.product_id.includes(o.product_id)))
      .filter((o) => query.product_billing_type === undefined || query.product_billing_type.includes(isRecurringOrder(o) ? 'recurring' : 'one_time'))
      .filter((o) => query.discount_id === undefined || (o.discount_id !== null && query.discount_id.includes(o.discount_id)))
      .filter((o) => query.customer_id === undefined || query.customer_id.includes(o.customer_id))
      .filter((o) => query.checkout_id === undefined || (o.checkout_id !== null && query.checkout_id.includes(o.checkout_id)))
      .filter((o) => matchesMetadata(o.metadata, metadata));
    return json(paginate(sortRecords(rows, sorting, orderSortAccessors(ctx)), query, (o) => orderWire(ctx, o)));
  });

  app.get('/v1/orders/:id', (c) => json(orderWire(ctx, ownOrder(ctx, c))));
  app.patch('/v1/orders/:id', async (c) => {
    const order = ownOrder(ctx, c);
    return json(orderWire(ctx, saveBillingDetails(ctx, order, await parseBody(c.req.raw, orderUpdate))));
  });
  app.post('/v1/orders/:id/invoice', (c) => generateInvoice(ctx, ownOrder(ctx, c)));
  app.get('/v1/orders/:id/invoice', (c) => invoiceLink(ctx, ownOrder(ctx, c)));
  app.get('/v1/orders/:id/receipt', (c) => receiptLink(ctx, ownOrder(ctx, c)));
}
