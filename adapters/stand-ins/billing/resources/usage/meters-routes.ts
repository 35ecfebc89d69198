import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { metadata, aggregationFunctions, meterAggregation, meterFilterWrite, timeIntervals } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { matchesMetadata, paginate, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { MeterRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { bucketStart, buckets } from '../../domain/time-buckets.js';
import type { EventRecord } from './records.js';
import { aggregate, filterMatches, type Aggregation, type MeterEvent, type MeterFilter } from './rules.js';
import { eventCustomer, refreshCustomerMeters } from './service.js';
import { meterWire } from './wire.js';

const meterCreate = z.object({
  name: z.string().min(3),
  filter: meterFilterWrite,
  aggregation: meterAggregation,
  unit: z.enum(['scalar', 'token', 'custom']).optional(),
  metadata: metadata.optional(),
  organization_id: z.string().nullable().optional(),
});
const meterUpdate = z.object({
  name: z.string().min(3).nullable().optional(),
  filter: meterFilterWrite.nullable().optional(),
  aggregation: meterAggregation.nullable().optional(),
  metadata: metadata.nullable().optional(),
});

/** Combines per-customer values with the customer aggregation function (provider's `customer_aggregation_function`). */
function combine(values: number[], func: (typeof aggregationFunctions)[number]): number {
  if (values.length === 0) return 0;
  if (func === 'count') return values.length;
  if (func === 'sum') return values.reduce((a, b) => a + b, 0);
  if (func === 'max') return Math.max(...values);
  if (func === 'min') return Math.min(...values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function quantity(ctx: SandboxContext, events: readonly EventRecord[], aggregation: Aggregation, perCustomer?: (typeof aggregationFunctions)[number]): number {
  if (perCustomer === undefined) return aggregate(events, aggregation);
  const groups = new Map<string, EventRecord[]>();
  for (const e of events) {
    const key = eventCustomer(ctx, e)?.id ?? e.external_customer_id ?? e.customer_id ?? '';
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return combine([...groups.values()].map((g) => aggregate(g, aggregation)), perCustomer);
}

/** Seller meters (the provider's /v1/meters) and their quantities. */
export function registerMeters(app: Hono, ctx: SandboxContext): void {
  const listQuery = querySchema({ organization_id: q.uuids().optional(), query: q.string().optional() });
  const quantitiesQuery = querySchema({
    start_timestamp: q.dateTime(),
    end_timestamp: q.dateTime(),
    interval: q.enumOf(timeIntervals),
    customer_id: q.uuids().optional(),
    external_customer_id: q.many(z.string()).optional(),
    customer_aggregation_function: q.enumOf(aggregationFunctions).optional(),
    timezone: q.string().optional(),
  });

  const ownMeter = (c: Context): MeterRecord => {
    const org = ctx.auth.organization(c);
    const meter = ctx.db.meters.get(pathUuid(c.req.param('id')));
    if (meter === undefined || meter.organization_id !== org.id) throw notFound();
    return meter;
  };

  app.get('/v1/meters', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'name']);
    const meta = parseMetadataFilter(url);
    const needle = query.query?.toLowerCase();
    const found = ctx.db.meters.byIndex('org', org.id).filter((m) => (needle === undefined || m.name.toLowerCase().includes(needle)) && matchesMetadata(m.metadata, meta));
    return json(paginate(sortRecords(found, sorting, { created_at: (m) => m.created_at, name: (m) => m.name }), query, meterWire));
  });

  app.post('/v1/meters', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, meterCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const saved = ctx.store.transaction(() =>
      ctx.db.meters.put({
        id: newId(), created_at: ctx.now(), modified_at: null, organization_id: org.id, name: body.name, unit: body.unit ?? 'scalar',
        metadata: body.metadata ?? {}, filter: body.filter as unknown as Record<string, unknown>, aggregation: body.aggregation,
      }),
    );
    return json(meterWire(saved), 201);
  });

  app.get('/v1/meters/:id', (c) => json(meterWire(ownMeter(c))));

  app.patch('/v1/meters/:id', async (c) => {
    const meter = ownMeter(c);
    const body = await parseBody(c.req.raw, meterUpdate);
    const saved = ctx.store.transaction(() => {
      const next = ctx.db.meters.update(meter.id, {
        modified_at: ctx.now(),
        ...(body.name != null ? { name: body.name } : {}),
        ...(body.filter != null ? { filter: body.filter as unknown as Record<string, unknown> } : {}),
        ...(body.aggregation != null ? { aggregation: body.aggregation } : {}),
        ...(body.metadata != null ? { metadata: body.metadata } : {}),
      });
      // a new filter or aggregation changes every customer's consumption
      for (const customer of ctx.db.customers.byIndex('org', meter.organization_id)) refreshCustomerMeters(ctx, customer, [meter.id]);
      return next;
    });
    return json(meterWire(saved));
  });

  app.get('/v1/meters/:id/quantities', (c) => {
    const meter = ownMeter(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, quantitiesQuery);
    const zone = query.timezone ?? 'UTC';
    const start = Date.parse(query.start_timestamp);
    const end = Date.parse(query.end_timestamp);
    if (end < start) throw fieldError(['query', 'end_timestamp'], 'end_timestamp must be after start_timestamp.', query.end_timestamp);
    const starts = buckets(zone, query.interval, start, end);
    if (starts.length >= 10_000) throw fieldError(['query', 'interval'], 'Too many periods for this interval; use a larger one.', query.interval);
    const meta = parseMetadataFilter(url);
    const filter = meter.filter as unknown as MeterFilter;
    const events = ctx.db.events.byIndex('org', meter.organization_id).filter((e) => {
      const t = Date.parse(e.timestamp);
      if (e.source !== 'user' || t < start || t > end || !filterMatches(e as MeterEvent, filter) || !matchesMetadata(e.metadata, meta)) return false;
      if (query.customer_id === undefined && query.external_customer_id === undefined) return true;
      const customer = eventCustomer(ctx, e);
      return (query.customer_id !== undefined && customer !== undefined && query.customer_id.includes(customer.id)) ||
        (query.external_customer_id !== undefined && query.external_customer_id.includes(e.external_customer_id ?? customer?.external_id ?? ''));
    });
    const aggregation = meter.aggregation as unknown as Aggregation;
    const byBucket = new Map<number, EventRecord[]>();
    for (const e of events) {
      const key = bucketStart(zone, query.interval, Date.parse(e.timestamp));
      byBucket.set(key, [...(byBucket.get(key) ?? []), e]);
    }
    return json({
      quantities: starts.map((s) => ({ timestamp: new Date(s).toISOString(), quantity: quantity(ctx, byBucket.get(s) ?? [], aggregation, query.customer_aggregation_function) })),
      total: quantity(ctx, events, aggregation, query.customer_aggregation_function),
    });
  });
}
