import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { checkoutConfirm, checkoutCreate, checkoutStatuses, checkoutUpdate, checkoutUpdatePublic } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { notFound } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { confirmCheckout } from './confirm.js';
import { checkoutBySecret, expireIfDue } from './expiry.js';
import type { CheckoutRecord } from './records.js';
import { applyCheckoutUpdate, createCheckout } from './service.js';
import { checkoutPublicWire, checkoutWire } from './wire.js';

function ownCheckout(ctx: SandboxContext, c: Context): { org: OrganizationRecord; checkout: CheckoutRecord } {
  const org = ctx.auth.organization(c);
  const found = ctx.db.checkouts.get(pathUuid(c.req.param('id')));
  if (found === undefined || found.organization_id !== org.id) throw notFound();
  return { org, checkout: expireIfDue(ctx, found) };
}

/** Saves an updated checkout and sends `checkout.updated`. */
function saveUpdated(ctx: SandboxContext, next: CheckoutRecord): CheckoutRecord {
  return ctx.store.transaction(() => {
    const saved = ctx.db.checkouts.put(next);
    ctx.emit('checkout.updated', checkoutWire(ctx, saved), saved.organization_id);
    return saved;
  });
}

/** Checkouts, seller side (access token) and public side (client secret). */
export function registerCheckouts(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/checkouts', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), {
      organization_id: q.uuids().optional(),
      product_id: q.uuids().optional(),
      customer_id: q.uuids().optional(),
      status: q.many(z.enum(checkoutStatuses)).optional(),
      query: q.string().optional(),
    });
    const sorting = parseSorting(query.sorting, ['created_at', 'expires_at', 'status']);
    const needle = query.query?.toLowerCase();
    const rows = ctx.db.checkouts
      .byIndex('org', org.id)
      .map((r) => expireIfDue(ctx, r))
      .filter((r) => query.organization_id === undefined || query.organization_id.includes(r.organization_id))
      .filter((r) => query.product_id === undefined || query.product_id.includes(r.product_id))
      .filter((r) => query.customer_id === undefined || (r.customer_id !== null && query.customer_id.includes(r.customer_id)))
      .filter((r) => query.status === undefined || query.status.includes(r.status))
      .filter((r) => needle === undefined || (r.customer_email ?? '').toLowerCase().includes(needle));
    const sorted = sortRecords(rows, sorting, { created_at: (r) => r.created_at, expires_at: (r) => r.expires_at, status: (r) => r.status });
    return json(paginate(sorted, query, (r) => checkoutWire(ctx, r)));
  });

  app.post('/v1/checkouts', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, checkoutCreate);
    return json(checkoutWire(ctx, createCheckout(ctx, org, body)), 201);
  });

  app.get('/v1/checkouts/:id', (c) => json(checkoutWire(ctx, ownCheckout(ctx, c).checkout)));

  app.patch('/v1/checkouts/:id', async (c) => {
    const { checkout } = ownCheckout(ctx, c);
    const body = await parseBody(c.req.raw, checkoutUpdate);
    return json(checkoutWire(ctx, saveUpdated(ctx, applyCheckoutUpdate(ctx, checkout, body, 'seller'))));
  });

  app.get('/v1/checkouts/client/:secret', (c) => json(checkoutPublicWire(ctx, checkoutBySecret(ctx, c.req.param('secret')))));

  app.patch('/v1/checkouts/client/:secret', async (c) => {
    const checkout = checkoutBySecret(ctx, c.req.param('secret'));
    const body = await parseBody(c.req.raw, checkoutUpdatePublic);
    return json(checkoutPublicWire(ctx, saveUpdated(ctx, applyCheckoutUpdate(ctx, checkout, body, 'public'))));
  });

  app.post('/v1/checkouts/client/:secret/confirm', async (c) => {
    const checkout = checkoutBySecret(ctx, c.req.param('secret'));
    const body = await parseBody(c.req.raw, checkoutConfirm);
    return json(confirmCheckout(ctx, checkout, body));
  });
}
