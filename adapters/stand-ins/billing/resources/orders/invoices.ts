import type { Hono } from 'hono';
import type { SandboxContext } from '../../engine/context.js';
import { notFound, orThrow } from '../../engine/errors.js';
import { acceptedNull, html, json } from '../../engine/respond.js';
import { renderInvoicePage, renderReceiptPage } from '../../pages/invoice-page.js';
import type { OrderRecord } from './records.js';
import { checkInvoiceExists, checkInvoiceGeneration } from './rules.js';
import { orderWire } from './wire.js';

export const invoiceUrl = (ctx: SandboxContext, order: OrderRecord): string => `${ctx.publicUrl}/__sandbox/invoices/${order.id}`;

/** POST .../invoice: 202 with a JSON null; 409 and 422 refusals; idempotent. */
export function generateInvoice(ctx: SandboxContext, order: OrderRecord): Response {
  orThrow(checkInvoiceGeneration(order));
  if (!order.is_invoice_generated) {
    ctx.store.transaction(() => {
      const saved = ctx.db.orders.put({ ...order, is_invoice_generated: true, modified_at: ctx.now() });
      ctx.emit('order.updated', orderWire(ctx, saved), saved.organization_id);
    });
  }
  return acceptedNull();
}

/** GET .../invoice: `{url}` or 404 InvoiceDoesNotExist. */
export function invoiceLink(ctx: SandboxContext, order: OrderRecord): Response {
  orThrow(checkInvoiceExists(order));
  return json({ url: invoiceUrl(ctx, order) });
}

const PAID_STATUSES: readonly OrderRecord['status'][] = ['paid', 'partially_refunded', 'refunded'];

/** GET .../receipt: `{url}` once the order is paid, else 202 with an empty body ("not ready yet"), as the provider. */
export function receiptLink(ctx: SandboxContext, order: OrderRecord): Response {
  if (!PAID_STATUSES.includes(order.status)) return new Response(null, { status: 202 });
  return json({ url: `${ctx.publicUrl}/__sandbox/receipts/${order.id}` });
}

/** The generated invoice itself, a printable HTML page at a sandbox-only path. */
export function registerInvoicePages(app: Hono, ctx: SandboxContext): void {
  app.get('/__sandbox/invoices/:id', (c) => {
    const order = ctx.db.orders.get(c.req.param('id'));
    if (order === undefined || !order.is_invoice_generated) throw notFound();
    const org = ctx.db.organizations.get(order.organization_id);
    return html(renderInvoicePage(order, org?.name ?? ''));
  });
  app.get('/__sandbox/receipts/:id', (c) => {
    const order = ctx.db.orders.get(c.req.param('id'));
    if (order === undefined || !PAID_STATUSES.includes(order.status)) throw notFound();
    const org = ctx.db.organizations.get(order.organization_id);
    return html(renderReceiptPage(order, org?.name ?? ''));
  });
}
