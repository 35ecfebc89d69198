import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { metadata, subscriptionUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { badRequest, notFound } from '../../engine/errors.js';
import { isUuid } from '../../engine/ids.js';
import { matchesMetadata, paginate, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { subscriptionsCsv } from './csv.js';
import type { SubscriptionRecord } from './records.js';
import { hasEnded } from './rules.js';
import {
  cancelSubscription, changeDiscount, changePlan, createFreeSubscription, notSeatBased, revokeSubscription, subscriptionSortAccessors, uncancelSubscription,
} from './service.js';
import { subscriptionWire } from './wire.js';

const uuid = z.string().refine(isUuid, 'Input should be a valid UUID');
const subscriptionCreate = z.union([
  z.strictObject({ product_id: uuid, customer_id: uuid, metadata: metadata.optional() }),
  z.strictObject({ product_id: uuid, external_customer_id: z.string().min(1), metadata: metadata.optional() }),
]);

function ownSubscription(ctx: SandboxContext, c: Context): { org: OrganizationRecord; subscription: SubscriptionRecord } {
  const org = ctx.auth.organization(c);
  const subscription = ctx.db.subscriptions.get(pathUuid(c.req.param('id')));
  if (subscription === undefined || subscription.organization_id !== org.id) throw notFound();
  return { org, subscription };
}

/** Seller subscriptions: list, create (free plans), CSV export, get, update shapes, revoke. */
export function registerSubscriptions(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/subscriptions', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, {
      organization_id: q.uuids().optional(), product_id: q.uuids().optional(), customer_id: q.uuids().optional(),
      external_customer_id: q.many(q.string()).optional(), discount_id: q.uuids().optional(), active: q.bool().optional(),
    });
    const sorting = parseSorting(query.sorting, ['customer', 'status', 'started_at', 'current_period_end', 'amount', 'product', 'discount'], ['-started_at']);
    const metadata = parseMetadataFilter(url);
    const rows = ctx.db.subscriptions
      .byIndex('org', org.id)
      .filter((s) => query.product_id === undefined || query.product_id.includes(s.product_id))
      .filter((s) => query.customer_id === undefined || query.customer_id.includes(s.customer_id))
      .filter((s) => query.external_customer_id === undefined || query.external_customer_id.includes(ctx.db.customers.get(s.customer_id)?.external_id ?? '\u0000'))
      .filter((s) => query.discount_id === undefined || (s.discount_id !== null && query.discount_id.includes(s.discount_id)))
      .filter((s) => query.active === undefined || query.active === !hasEnded(s))
      .filter((s) => matchesMetadata(s.metadata, metadata));
    const sorted = sortRecords(rows, sorting, subscriptionSortAccessors(ctx));
    return json(paginate(sorted, query, (s) => subscriptionWire(ctx, s)));
  });

  /** Only free recurring products can be subscribed to directly (no order, no payment); paid plans go through a checkout. */
  app.post('/v1/subscriptions', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, subscriptionCreate);
    return json(subscriptionWire(ctx, createFreeSubscription(ctx, org, body)), 201);
  });

  /** The provider streams a CSV of subscribers (text/csv), not JSON. */
  app.get('/v1/subscriptions/export', (c) => {
    const org = ctx.auth.organization(c);
    parseQuery(new URL(c.req.url), { organization_id: q.uuids().optional() });
    const rows = ctx.db.subscriptions.byIndex('org', org.id).map((s) => ({
      email: ctx.db.customers.get(s.customer_id)?.email ?? '', created_at: s.created_at, active: !hasEnded(s),
      product: ctx.db.products.get(s.product_id)?.name ?? '', amount: s.amount, currency: s.currency, interval: s.recurring_interval,
    }));
    return new Response(subscriptionsCsv(rows), {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="polar-subscribers.csv"' },
    });
  });

  app.get('/v1/subscriptions/:id', (c) => json(subscriptionWire(ctx, ownSubscription(ctx, c).subscription)));

  app.patch('/v1/subscriptions/:id', async (c) => {
    const { org, subscription } = ownSubscription(ctx, c);
    const body = (await parseBody(c.req.raw, subscriptionUpdate)) as Record<string, unknown>;
    let result: SubscriptionRecord;
    if (body.revoke === true) {
      result = revokeSubscription(ctx, subscription, { reason: body.customer_cancellation_reason as string | null, comment: body.customer_cancellation_comment as string | null });
    } else if (typeof body.cancel_at_period_end === 'boolean') {
      result = body.cancel_at_period_end
        ? cancelSubscription(ctx, subscription, { reason: body.customer_cancellation_reason as string | null, comment: body.customer_cancellation_comment as string | null })
        : uncancelSubscription(ctx, subscription);
    } else if (typeof body.product_id === 'string') {
      result = changePlan(ctx, org, subscription, body as Parameters<typeof changePlan>[3]);
    } else if ('seats' in body) {
      throw notSeatBased();
    } else if ('trial_end' in body) {
      throw badRequest('This subscription is not trialing.');
    } else {
      result = changeDiscount(ctx, subscription, (body.discount_id as string | null) ?? null);
    }
    return json(subscriptionWire(ctx, result));
  });

  app.delete('/v1/subscriptions/:id', (c) => json(subscriptionWire(ctx, revokeSubscription(ctx, ownSubscription(ctx, c).subscription))));

  // Deleting a customer ends their subscriptions at once.
  ctx.hooks.customerDeleted.push((customer) => {
    for (const s of ctx.db.subscriptions.byIndex('customer', customer.id)) {
      if (!hasEnded(s)) revokeSubscription(ctx, s);
    }
  });
}
