import type { Hono } from 'hono';
import { z } from 'zod';
import { eventSources, eventsIngest, meterFilterWrite } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { isUuid, newId } from '../../engine/ids.js';
import { matchesMetadata, paginate, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { CustomerRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody, parseOr422 } from '../../engine/validation.js';
import type { EventRecord } from './records.js';
import { filterMatches, type MeterEvent, type MeterFilter } from './rules.js';
import { eventCustomer, refreshCustomerMeters } from './service.js';
import { eventWire } from './wire.js';

/** Events: ingest, list, names summary, get. */
export function registerEvents(app: Hono, ctx: SandboxContext): void {
  const { events } = ctx.db;
  const common = {
    organization_id: q.uuids().optional(),
    customer_id: q.uuids().optional(),
    external_customer_id: q.many(z.string()).optional(),
    source: q.many(z.enum(eventSources)).optional(),
    query: q.string().optional(),
  };
  const listQuery = querySchema({
    ...common,
    filter: q.string().optional(),
    start_timestamp: q.dateTime().optional(),
    end_timestamp: q.dateTime().optional(),
    meter_id: q.uuid().optional(),
    name: q.many(z.string()).optional(),
  });
  const namesQuery = querySchema(common);

  type Common = { organization_id?: string[]; customer_id?: string[]; external_customer_id?: string[]; source?: string[]; query?: string };
  const matchesCommon = (e: EventRecord, query: Common): boolean => {
    if (query.organization_id !== undefined && !query.organization_id.includes(e.organization_id)) return false;
    if (query.source !== undefined && !query.source.includes(e.source)) return false;
    if (query.query !== undefined && !e.name.toLowerCase().includes(query.query.toLowerCase())) return false;
    if (query.customer_id !== undefined || query.external_customer_id !== undefined) {
      const customer = eventCustomer(ctx, e);
      const byId = query.customer_id !== undefined && customer !== undefined && query.customer_id.includes(customer.id);
      const byExternal = query.external_customer_id !== undefined && query.external_customer_id.includes(e.external_customer_id ?? customer?.external_id ?? '');
      if (!byId && !byExternal) return false;
    }
    return true;
  };

  app.get('/v1/events', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, listQuery);
    const sorting = parseSorting(query.sorting, ['timestamp'], ['-timestamp']);
    const meta = parseMetadataFilter(url);
    let filter: MeterFilter | null = null;
    if (query.filter !== undefined) {
      let raw: unknown;
      try {
        raw = JSON.parse(query.filter);
      } catch {
        throw fieldError(['query', 'filter'], 'Invalid JSON', query.filter);
      }
      filter = parseOr422(meterFilterWrite.transform((f) => f as unknown as MeterFilter), raw, 'query');
    }
    if (query.meter_id !== undefined) {
      const meter = ctx.db.meters.get(query.meter_id);
      if (meter === undefined || meter.organization_id !== org.id) throw fieldError(['query', 'meter_id'], 'Meter not found.', query.meter_id);
      const meterFilterValue = meter.filter as unknown as MeterFilter;
      filter = filter === null ? meterFilterValue : { conjunction: 'and', clauses: [filter, meterFilterValue] };
    }
    const found = events.byIndex('org', org.id).filter(
      (e) =>
        matchesCommon(e, query) &&
        (query.start_timestamp === undefined || e.timestamp >= query.start_timestamp) &&
        (query.end_timestamp === undefined || e.timestamp <= query.end_timestamp) &&
        (query.name === undefined || query.name.includes(e.name)) &&
        (filter === null || filterMatches(e as MeterEvent, filter)) &&
        matchesMetadata(e.metadata, meta),
    );
    return json(paginate(sortRecords(found, sorting, { timestamp: (e) => e.timestamp }), query, (e) => eventWire(ctx, e)));
  });

  app.get('/v1/events/names', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), namesQuery);
    const sorting = parseSorting(query.sorting, ['name', 'occurrences', 'first_seen', 'last_seen'], ['-last_seen']);
    const groups = new Map<string, { name: string; source: string; occurrences: number; first_seen: string; last_seen: string }>();
    for (const e of events.byIndex('org', org.id)) {
      if (!matchesCommon(e, query)) continue;
      const key = `${e.source}|${e.name}`;
      const g = groups.get(key);
      if (g === undefined) groups.set(key, { name: e.name, source: e.source, occurrences: 1, first_seen: e.timestamp, last_seen: e.timestamp });
      else groups.set(key, { ...g, occurrences: g.occurrences + 1, first_seen: e.timestamp < g.first_seen ? e.timestamp : g.first_seen, last_seen: e.timestamp > g.last_seen ? e.timestamp : g.last_seen });
    }
    const sorted = sortRecords([...groups.values()], sorting, {
      name: (g) => g.name, occurrences: (g) => g.occurrences, first_seen: (g) => g.first_seen, last_seen: (g) => g.last_seen,
    });
    return json(paginate(sorted, query, (g) => g));
  });

  app.get('/v1/events/:id', (c) => {
    const org = ctx.auth.organization(c);
    const event = events.get(pathUuid(c.req.param('id')));
    if (event === undefined || event.organization_id !== org.id) throw notFound();
    return json(eventWire(ctx, event));
  });

  /** Events name their customer by id (must exist) or external id (may not exist yet); `external_id` dedupes. */
  app.post('/v1/events/ingest', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, eventsIngest);
    const seen = new Set<string>();
    const toInsert: EventRecord[] = [];
    let duplicates = 0;
    body.events.forEach((input, index) => {
      if (input.organization_id != null && input.organization_id !== org.id) throw fieldError(['body', 'events', index, 'organization_id'], 'Organization not found.', input.organization_id);
      let customerId: string | null = null;
      if ('customer_id' in input) {
        const customer = isUuid(input.customer_id) ? ctx.db.customers.get(input.customer_id.toLowerCase()) : undefined;
        if (customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) {
          throw fieldError(['body', 'events', index, 'customer_id'], 'Customer does not exist.', input.customer_id);
        }
        customerId = customer.id;
      }
      const externalId = input.external_id ?? null;
      if (externalId !== null && (seen.has(externalId) || events.oneByIndex('externalId', `${org.id}|${externalId}`) !== undefined)) {
        duplicates += 1;
        return;
      }
      if (externalId !== null) seen.add(externalId);
      toInsert.push({
        id: newId(), timestamp: input.timestamp === undefined ? ctx.now() : new Date(input.timestamp).toISOString(), organization_id: org.id,
        customer_id: customerId, external_customer_id: 'external_customer_id' in input ? input.external_customer_id : null,
        name: input.name, source: 'user', metadata: input.metadata ?? {}, external_id: externalId,
      });
    });
    ctx.store.transaction(() => {
      const touched = new Map<string, CustomerRecord>();
      for (const record of toInsert) {
        const saved = events.put(record);
        const customer = eventCustomer(ctx, saved);
        if (customer !== undefined) touched.set(customer.id, customer);
      }
      for (const customer of touched.values()) refreshCustomerMeters(ctx, customer);
    });
    return json({ inserted: toInsert.length, duplicates });
  });
}
