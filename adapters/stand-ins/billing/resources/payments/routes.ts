import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../../engine/context.js';
import { notFound } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { paymentWire } from './wire.js';

/** Payments: every charge, succeeded or declined. */
export function registerPayments(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/payments', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), {
      organization_id: q.uuids().optional(), checkout_id: q.uuids().optional(), order_id: q.uuids().optional(),
      status: q.many(z.enum(['pending', 'succeeded', 'failed'])).optional(), method: q.many(q.string()).optional(),
      customer_email: q.many(q.string()).optional(),
    });
    const sorting = parseSorting(query.sorting, ['created_at', 'status', 'amount', 'method']);
    const rows = ctx.db.payments
      .byIndex('org', org.id)
      .filter((p) => query.checkout_id === undefined || (p.checkout_id !== null && query.checkout_id.includes(p.checkout_id)))
      .filter((p) => query.order_id === undefined || (p.order_id !== null && query.order_id.includes(p.order_id)))
      .filter((p) => query.status === undefined || query.status.includes(p.status))
      .filter((p) => query.method === undefined || query.method.includes(p.method))
      .filter((p) => query.customer_email === undefined || query.customer_email.some((e) => e.toLowerCase() === (p.customer_email ?? '').toLowerCase()));
    const sorted = sortRecords(rows, sorting, { created_at: (p) => p.created_at, status: (p) => p.status, amount: (p) => p.amount, method: (p) => p.method });
    return json(paginate(sorted, query, paymentWire));
  });

  app.get('/v1/payments/:id', (c) => {
    const org = ctx.auth.organization(c);
    const payment = ctx.db.payments.get(pathUuid(c.req.param('id')));
    if (payment === undefined || payment.organization_id !== org.id) throw notFound();
    return json(paymentWire(payment));
  });
}
