import type { Context, Hono } from 'hono';
import { discountCreate, discountUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { DiscountRecord, OrganizationRecord } from '../../engine/records.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { discountWire } from './wire.js';

function checkRules(ctx: SandboxContext, org: OrganizationRecord, d: DiscountRecord): void {
  d.product_ids.forEach((id, index) => {
    const product = ctx.db.products.get(id);
    if (product === undefined || product.organization_id !== org.id) throw fieldError(['body', 'products', index], 'Product does not exist.', id);
  });
  if (d.code !== null) {
    const holder = ctx.db.discounts.oneByIndex('code', `${org.id}|${d.code.toLowerCase()}`);
    if (holder !== undefined && holder.id !== d.id) throw fieldError(['body', 'code'], 'Discount with this code already exists.', d.code);
  }
  if (d.starts_at !== null && d.ends_at !== null && Date.parse(d.ends_at) <= Date.parse(d.starts_at)) {
    throw fieldError(['body', 'ends_at'], 'Ends at must be after starts at.', d.ends_at);
  }
  if (d.type === 'fixed' && d.amount === null) throw fieldError(['body', 'amount'], 'Field required', null);
  if (d.type === 'percentage' && d.basis_points === null) throw fieldError(['body', 'basis_points'], 'Field required', null);
  if (d.duration === 'repeating' && d.duration_in_months === null) throw fieldError(['body', 'duration_in_months'], 'Field required', null);
}

function ownDiscount(ctx: SandboxContext, c: Context): { org: OrganizationRecord; discount: DiscountRecord } {
  const org = ctx.auth.organization(c);
  const discount = ctx.db.discounts.get(pathUuid(c.req.param('id')));
  if (discount === undefined || discount.organization_id !== org.id || discount.deleted_at !== null) throw notFound();
  return { org, discount };
}

export function registerDiscounts(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  const listQuery = querySchema({ organization_id: q.uuids().optional(), query: q.string().optional() });

  app.get('/v1/discounts', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'name', 'code', 'redemptions_count']);
    const needle = query.query?.toLowerCase();
    const found = db.discounts.byIndex('org', org.id).filter(
      (d) =>
        d.deleted_at === null &&
        (query.organization_id === undefined || query.organization_id.includes(d.organization_id)) &&
        (needle === undefined || d.name.toLowerCase().includes(needle) || (d.code ?? '').toLowerCase().includes(needle)),
    );
    const sorted = sortRecords(found, sorting, {
      created_at: (d) => d.created_at, name: (d) => d.name, code: (d) => d.code, redemptions_count: (d) => d.redemptions_count,
    });
    return json(paginate(sorted, query, (d) => discountWire(ctx, d)));
  });

  app.post('/v1/discounts', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, discountCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const record: DiscountRecord = {
      id: newId(), created_at: ctx.now(), modified_at: null, organization_id: org.id, name: body.name, code: body.code ?? null,
      type: body.type, duration: body.duration, duration_in_months: body.duration === 'repeating' ? body.duration_in_months : null,
      amount: body.type === 'fixed' ? body.amount : null, currency: body.type === 'fixed' ? body.currency.toLowerCase() : null,
      basis_points: body.type === 'percentage' ? body.basis_points : null,
      starts_at: body.starts_at ?? null, ends_at: body.ends_at ?? null, max_redemptions: body.max_redemptions ?? null,
      redemptions_count: 0, metadata: body.metadata ?? {}, product_ids: [...new Set(body.products ?? [])], deleted_at: null,
    };
    checkRules(ctx, org, record);
    const saved = ctx.store.transaction(() => {
      const put = db.discounts.put(record);
      ctx.emit('discount.created', discountWire(ctx, put), org.id);
      return put;
    });
    return json(discountWire(ctx, saved), 201);
  });

  app.get('/v1/discounts/:id', (c) => json(discountWire(ctx, ownDiscount(ctx, c).discount)));

  app.patch('/v1/discounts/:id', async (c) => {
    const { org, discount } = ownDiscount(ctx, c);
    const body = await parseBody(c.req.raw, discountUpdate);
    const type = body.type ?? discount.type;
    const duration = body.duration ?? discount.duration;
    const next: DiscountRecord = {
      ...discount,
      modified_at: ctx.now(),
      name: body.name ?? discount.name,
      code: body.code !== undefined ? body.code : discount.code,
      starts_at: body.starts_at !== undefined ? body.starts_at : discount.starts_at,
      ends_at: body.ends_at !== undefined ? body.ends_at : discount.ends_at,
      max_redemptions: body.max_redemptions !== undefined ? body.max_redemptions : discount.max_redemptions,
      type,
      duration,
      duration_in_months: duration === 'repeating' ? (body.duration_in_months ?? discount.duration_in_months) : null,
      amount: type === 'fixed' ? (body.amount ?? discount.amount) : null,
      currency: type === 'fixed' ? (body.currency ?? discount.currency ?? 'usd').toLowerCase() : null,
      basis_points: type === 'percentage' ? (body.basis_points ?? discount.basis_points) : null,
      product_ids: body.products != null ? [...new Set(body.products)] : discount.product_ids,
      metadata: body.metadata ?? discount.metadata,
    };
    checkRules(ctx, org, next);
    const saved = ctx.store.transaction(() => {
      const put = db.discounts.put(next);
      ctx.emit('discount.updated', discountWire(ctx, put), org.id);
      return put;
    });
    return json(discountWire(ctx, saved));
  });

  app.delete('/v1/discounts/:id', (c) => {
    const { org, discount } = ownDiscount(ctx, c);
    ctx.store.transaction(() => {
      const put = db.discounts.update(discount.id, { deleted_at: ctx.now(), modified_at: ctx.now() });
      ctx.emit('discount.deleted', discountWire(ctx, put), org.id);
    });
    return noContent();
  });
}
