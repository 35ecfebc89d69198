import type { Hono } from 'hono';
import { refundCreate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, orThrow } from '../../engine/errors.js';
import { isUuid, newId } from '../../engine/ids.js';
import { paginate, parseQuery, parseSorting, q, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { revokeBenefits } from '../benefits/service.js';
import { emitStateChanged } from '../customers/service.js';
import { orderWire } from '../orders/wire.js';
import type { RefundRecord } from './records.js';
import { applyRefund, checkRefund } from './rules.js';
import { refundWire } from './wire.js';

/** Refunds: partial and full, instantly succeeded. */
export function registerRefunds(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/refunds', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), {
      id: q.uuids().optional(), organization_id: q.uuids().optional(), order_id: q.uuids().optional(),
      subscription_id: q.uuids().optional(), customer_id: q.uuids().optional(), succeeded: q.bool().optional(),
    });
    const sorting = parseSorting(query.sorting, ['created_at', 'amount']);
    const rows = ctx.db.refunds
      .byIndex('org', org.id)
      .filter((r) => query.id === undefined || query.id.includes(r.id))
      .filter((r) => query.order_id === undefined || query.order_id.includes(r.order_id))
      .filter((r) => query.subscription_id === undefined || (r.subscription_id !== null && query.subscription_id.includes(r.subscription_id)))
      .filter((r) => query.customer_id === undefined || query.customer_id.includes(r.customer_id))
      .filter((r) => query.succeeded === undefined || query.succeeded === (r.status === 'succeeded'));
    return json(paginate(sortRecords(rows, sorting, { created_at: (r) => r.created_at, amount: (r) => r.amount }), query, refundWire));
  });

  app.post('/v1/refunds', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, refundCreate);
    const order = isUuid(body.order_id) ? ctx.db.orders.get(body.order_id.toLowerCase()) : undefined;
    if (order === undefined || order.organization_id !== org.id) throw fieldError(['body', 'order_id'], 'Order not found', body.order_id);
    const amount = orThrow(checkRefund(order, body.amount, body.revoke_benefits));
    const refund: RefundRecord = {
      id: newId(), created_at: ctx.now(), modified_at: null, organization_id: org.id, status: 'succeeded', reason: body.reason,
      amount, tax_amount: 0, currency: order.currency, order_id: order.id, subscription_id: order.subscription_id,
      customer_id: order.customer_id, revoke_benefits: body.revoke_benefits, comment: body.comment ?? null, metadata: body.metadata ?? {},
    };
    ctx.store.transaction(() => {
      ctx.db.refunds.put(refund);
      const updated = ctx.db.orders.put({ ...order, ...applyRefund(order, amount), modified_at: ctx.now() } as typeof order);
      ctx.emit('refund.created', refundWire(refund), org.id);
      const wire = orderWire(ctx, updated);
      ctx.emit('order.updated', wire, org.id);
      ctx.emit('order.refunded', wire, org.id);
      if (body.revoke_benefits) {
        revokeBenefits(ctx, order.customer_id, (g) => g.order_id === order.id);
        emitStateChanged(ctx, order.customer_id);
      }
    });
    return json(refundWire(refund), 201);
  });
}
