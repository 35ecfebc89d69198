import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../../engine/context.js';
import { notFound } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import type { CustomerMeterRecord } from './records.js';
import { customerMeterWire, portalCustomerMeterWire } from './wire.js';

/** Customer meters, seller side and in the customer portal. */
export function registerCustomerMeters(app: Hono, ctx: SandboxContext): void {
  const { customerMeters } = ctx.db;
  const listQuery = querySchema({
    organization_id: q.uuids().optional(),
    customer_id: q.uuids().optional(),
    external_customer_id: q.many(z.string()).optional(),
    meter_id: q.uuids().optional(),
  });
  const portalQuery = querySchema({ meter_id: q.uuids().optional(), query: q.string().optional() });
  const accessors = {
    created_at: (m: CustomerMeterRecord) => m.created_at,
    modified_at: (m: CustomerMeterRecord) => m.modified_at,
    customer_id: (m: CustomerMeterRecord) => m.customer_id,
    customer_name: (m: CustomerMeterRecord) => ctx.db.customers.get(m.customer_id)?.name ?? null,
    meter_id: (m: CustomerMeterRecord) => m.meter_id,
    meter_name: (m: CustomerMeterRecord) => ctx.db.meters.get(m.meter_id)?.name ?? null,
    consumed_units: (m: CustomerMeterRecord) => m.consumed_units,
    credited_units: (m: CustomerMeterRecord) => m.credited_units,
    balance: (m: CustomerMeterRecord) => m.balance,
  };
  const orgOf = (m: CustomerMeterRecord) => ctx.db.meters.get(m.meter_id)?.organization_id;
  const liveCustomer = (m: CustomerMeterRecord) => ctx.db.customers.get(m.customer_id)?.deleted_at === null;

  app.get('/v1/customer-meters', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const sorting = parseSorting(query.sorting, Object.keys(accessors));
    const meterIds = ctx.db.meters.byIndex('org', org.id).map((m) => m.id);
    const found = meterIds.flatMap((id) => customerMeters.byIndex('meter', id)).filter((m) => {
      const customer = ctx.db.customers.get(m.customer_id);
      return (
        liveCustomer(m) &&
        (query.organization_id === undefined || query.organization_id.includes(org.id)) &&
        (query.customer_id === undefined || query.customer_id.includes(m.customer_id)) &&
        (query.external_customer_id === undefined || query.external_customer_id.includes(customer?.external_id ?? '')) &&
        (query.meter_id === undefined || query.meter_id.includes(m.meter_id))
      );
    });
    return json(paginate(sortRecords(found, sorting, accessors), query, (m) => customerMeterWire(ctx, m)));
  });

  app.get('/v1/customer-meters/:id', (c) => {
    const org = ctx.auth.organization(c);
    const meter = customerMeters.get(pathUuid(c.req.param('id')));
    if (meter === undefined || orgOf(meter) !== org.id || !liveCustomer(meter)) throw notFound();
    return json(customerMeterWire(ctx, meter));
  });

  app.get('/v1/customer-portal/meters', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), portalQuery);
    const { customer_id: _c, customer_name: _n, ...portalAccessors } = accessors;
    const sorting = parseSorting(query.sorting, Object.keys(portalAccessors));
    const needle = query.query?.toLowerCase();
    const found = customerMeters.byIndex('customer', customer.id).filter(
      (m) => (query.meter_id === undefined || query.meter_id.includes(m.meter_id)) && (needle === undefined || (accessors.meter_name(m) ?? '').toLowerCase().includes(needle)),
    );
    return json(paginate(sortRecords(found, sorting, portalAccessors), query, (m) => portalCustomerMeterWire(ctx, m)));
  });

  app.get('/v1/customer-portal/meters/:id', (c) => {
    const { customer } = ctx.auth.customer(c);
    const meter = customerMeters.get(pathUuid(c.req.param('id')));
    if (meter === undefined || meter.customer_id !== customer.id) throw notFound();
    return json(portalCustomerMeterWire(ctx, meter));
  });
}
