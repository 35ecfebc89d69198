import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { productBenefitsUpdate, productCreate, productUpdate, type priceCreate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { runProductWritten } from '../../engine/hooks.js';
import { newId } from '../../engine/ids.js';
import { matchesMetadata, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { OrganizationRecord, PriceRecord, ProductRecord } from '../../engine/records.js';
import { json, jsonText } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { jsonPage, storeJson } from '../../engine/wire-cache.js';
import { currentPrices } from './service.js';
import { productWire } from './wire.js';

type PriceInput = z.output<typeof priceCreate>;
const AMOUNT_TYPE_ORDER: Record<string, number> = { free: 0, custom: 1, fixed: 2, metered_unit: 3 };

/** Builds a price record from a create input, checking the rules the server enforces. */
export function buildPrice(ctx: SandboxContext, org: OrganizationRecord, productId: string, input: PriceInput, loc: (string | number)[], recurring: boolean): PriceRecord {
  const common = { id: newId(), created_at: ctx.now(), modified_at: null, product_id: productId, is_archived: false };
  switch (input.amount_type) {
    case 'fixed':
      return { ...common, amount_type: 'fixed', price_currency: input.price_currency.toLowerCase(), price_amount: input.price_amount };
    case 'custom': {
      const minimum = input.minimum_amount ?? 50;
      const maximum = input.maximum_amount ?? null;
      const preset = input.preset_amount ?? null;
      if (maximum !== null && maximum < minimum) throw fieldError([...loc, 'maximum_amount'], 'Maximum amount must be greater than or equal to minimum amount.', maximum);
      if (preset !== null && (preset < minimum || (maximum !== null && preset > maximum))) {
        throw fieldError([...loc, 'preset_amount'], 'Preset amount must be between minimum and maximum amounts.', preset);
      }
      return { ...common, amount_type: 'custom', price_currency: input.price_currency.toLowerCase(), minimum_amount: minimum, maximum_amount: maximum, preset_amount: preset };
    }
    case 'free':
      return { ...common, amount_type: 'free', price_currency: 'usd' };
    case 'metered_unit': {
      if (!recurring) throw fieldError([...loc, 'amount_type'], 'Metered prices are only allowed on recurring products.', input.amount_type);
      const meter = ctx.db.meters.get(input.meter_id);
      if (meter === undefined || meter.organization_id !== org.id) throw fieldError([...loc, 'meter_id'], 'Meter does not exist.', input.meter_id);
      return {
        ...common, amount_type: 'metered_unit', price_currency: input.price_currency.toLowerCase(), meter_id: meter.id,
        unit_amount: String(input.unit_amount), cap_amount: input.cap_amount ?? null,
      };
    }
  }
}

function checkStaticPrices(prices: readonly PriceRecord[], loc: (string | number)[]): void {
  // The server allows one static (fixed, custom or free) price per product and currency.
  const seen = new Set<string>();
  prices.forEach((p) => {
    if (p.amount_type === 'metered_unit') return;
    if (seen.has(p.price_currency)) throw fieldError(loc, 'Only one static price is allowed per currency.', null);
    seen.add(p.price_currency);
  });
}

function checkBenefits(ctx: SandboxContext, org: OrganizationRecord, ids: readonly string[]): string[] {
  ids.forEach((id, index) => {
    const benefit = ctx.db.benefits.get(id);
    if (benefit === undefined || benefit.organization_id !== org.id || benefit.is_deleted) {
      throw fieldError(['body', 'benefits', index], 'Benefit does not exist.', id);
    }
  });
  return [...new Set(ids)];
}

export function ownProduct(ctx: SandboxContext, c: Context): { org: OrganizationRecord; product: ProductRecord } {
  const org = ctx.auth.organization(c);
  const id = pathUuid(c.req.param('id'));
  const product = ctx.db.products.get(id);
  if (product === undefined || product.organization_id !== org.id) throw notFound();
  return { org, product };
}

export function registerProducts(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  // a product shows its prices, benefits and attachments: its JSON is kept until the next write
  const productJson = storeJson<ProductRecord>(ctx, (p) => productWire(ctx, p));
  const listQuery = querySchema({
    id: q.uuids().optional(),
    organization_id: q.uuids().optional(),
    query: q.string().optional(),
    is_archived: q.bool().optional(),
    is_recurring: q.bool().optional(),
    benefit_id: q.uuids().optional(),
  });

  app.get('/v1/products', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'name', 'price_amount_type', 'price_amount']);
    const metadata = parseMetadataFilter(url);
    const needle = query.query?.toLowerCase();
    const found = db.products.byIndex('org', org.id).filter(
      (p) =>
        (query.id === undefined || query.id.includes(p.id)) &&
        (query.organization_id === undefined || query.organization_id.includes(p.organization_id)) &&
        (needle === undefined || p.name.toLowerCase().includes(needle) || (p.description ?? '').toLowerCase().includes(needle)) &&
        (query.is_archived === undefined || p.is_archived === query.is_archived) &&
        (query.is_recurring === undefined || (p.recurring_interval !== null) === query.is_recurring) &&
        (query.benefit_id === undefined || query.benefit_id.some((b) => p.benefit_ids.includes(b))) &&
        matchesMetadata(p.metadata, metadata),
    );
    const firstStatic = (p: ProductRecord) => currentPrices(ctx, p).find((price) => price.amount_type !== 'metered_unit');
    const sorted = sortRecords(found, sorting, {
      created_at: (p) => p.created_at,
      name: (p) => p.name,
      price_amount_type: (p) => AMOUNT_TYPE_ORDER[firstStatic(p)?.amount_type ?? 'metered_unit'] ?? 3,
      price_amount: (p) => {
        const price = firstStatic(p);
        return price?.price_amount ?? price?.minimum_amount ?? 0;
      },
    });
    return jsonPage(sorted, query, productJson);
  });

  app.post('/v1/products', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, productCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const product = ctx.store.transaction(() => {
      const id = newId();
      const recurring = body.recurring_interval !== null;
      const prices = body.prices.map((p, i) => buildPrice(ctx, org, id, p, ['body', 'prices', i], recurring));
      checkStaticPrices(prices, ['body', 'prices']);
      for (const price of prices) db.prices.put(price);
      const record = db.products.put({
        id, created_at: ctx.now(), modified_at: null, organization_id: org.id, name: body.name,
        description: body.description ?? null, recurring_interval: body.recurring_interval,
        recurring_interval_count: recurring ? (body.recurring_interval_count ?? 1) : null,
        is_archived: false, metadata: body.metadata ?? {}, price_ids: prices.map((p) => p.id), benefit_ids: [],
      });
      runProductWritten(ctx, org, record.id, body);
      ctx.emit('product.created', productWire(ctx, record), org.id);
      return record;
    });
    return json(productWire(ctx, product), 201);
  });

  app.get('/v1/products/:id', (c) => jsonText(productJson(ownProduct(ctx, c).product)));

  app.patch('/v1/products/:id', async (c) => {
    const { org, product } = ownProduct(ctx, c);
    const body = await parseBody(c.req.raw, productUpdate);
    const updated = ctx.store.transaction(() => {
      const interval = body.recurring_interval !== undefined ? body.recurring_interval : product.recurring_interval;
      let priceIds = product.price_ids;
      if (body.prices != null) {
        const kept: PriceRecord[] = [];
        body.prices.forEach((p, i) => {
          if ('id' in p) {
            const existing = db.prices.get(p.id);
            if (existing === undefined || existing.product_id !== product.id) throw fieldError(['body', 'prices', i, 'id'], 'Price does not exist.', p.id);
            kept.push(existing);
          } else {
            kept.push(db.prices.put(buildPrice(ctx, org, product.id, p, ['body', 'prices', i], interval !== null)));
          }
        });
        if (kept.length === 0) throw fieldError(['body', 'prices'], 'At least one price is required.', []);
        checkStaticPrices(kept.filter((p) => !p.is_archived), ['body', 'prices']);
        const keep = new Set(kept.map((p) => p.id));
        for (const id of product.price_ids) {
          if (!keep.has(id)) db.prices.update(id, { is_archived: true, modified_at: ctx.now() });
        }
        priceIds = kept.map((p) => p.id);
      }
      const next = db.products.update(product.id, (p) => ({
        ...p,
        modified_at: ctx.now(),
        ...(body.name != null ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.recurring_interval !== undefined
          ? { recurring_interval: body.recurring_interval, recurring_interval_count: body.recurring_interval === null ? null : (p.recurring_interval_count ?? 1) }
          : {}),
        ...(body.is_archived != null ? { is_archived: body.is_archived } : {}),
        ...(body.metadata != null ? { metadata: body.metadata } : {}),
        price_ids: priceIds,
      }));
      runProductWritten(ctx, org, product.id, body);
      ctx.emit('product.updated', productWire(ctx, next), org.id);
      return next;
    });
    return json(productWire(ctx, updated));
  });

  app.post('/v1/products/:id/benefits', async (c) => {
    const { org, product } = ownProduct(ctx, c);
    const body = await parseBody(c.req.raw, productBenefitsUpdate);
    const updated = ctx.store.transaction(() => {
      const next = db.products.update(product.id, { benefit_ids: checkBenefits(ctx, org, body.benefits), modified_at: ctx.now() });
      ctx.emit('product.updated', productWire(ctx, next), org.id);
      return next;
    });
    return json(productWire(ctx, updated));
  });
}
