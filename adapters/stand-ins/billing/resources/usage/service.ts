import type { SandboxContext } from '../../engine/context.js';
import { newId } from '../../engine/ids.js';
import type { CustomerRecord, MeterRecord } from '../../engine/records.js';
import type { CustomerMeterRecord, EventRecord } from './records.js';
import { aggregate, filterMatches, type Aggregation, type MeterFilter } from './rules.js';

/** The customer an event names: by id, else by external id (which may name a customer created later). */
export function eventCustomer(ctx: SandboxContext, e: EventRecord): CustomerRecord | undefined {
  if (e.customer_id !== null) return ctx.db.customers.get(e.customer_id);
  if (e.external_customer_id === null) return undefined;
  return ctx.db.customers.oneByIndex('externalId', `${e.organization_id}|${e.external_customer_id}`);
}

/** The customer's events: those naming them by id, and those naming their external id. */
export function customerEvents(ctx: SandboxContext, customer: CustomerRecord): EventRecord[] {
  const { events } = ctx.db;
  const byId = events.byIndex('customer', customer.id);
  const byExternal = customer.external_id === null ? [] : events.byIndex('externalCustomer', `${customer.organization_id}|${customer.external_id}`).filter((e) => e.customer_id === null);
  return [...byId, ...byExternal];
}

/**
 * Consumption since the last `meter.reset` of this meter (user events matching the filter,
 * aggregated), and the units credited by `meter.credited` events since then.
 */
export function meterUsage(events: readonly EventRecord[], meter: MeterRecord): { consumed: number; credited: number } {
  const resets = events.filter((e) => e.source === 'system' && e.name === 'meter.reset' && e.metadata.meter_id === meter.id).map((e) => e.timestamp);
  const since = resets.sort().at(-1) ?? '';
  const current = events.filter((e) => e.timestamp >= since);
  const consumed = aggregate(
    current.filter((e) => e.source === 'user' && filterMatches(e, meter.filter as unknown as MeterFilter)),
    meter.aggregation as unknown as Aggregation,
  );
  const credited = current
    .filter((e) => e.source === 'system' && e.name === 'meter.credited' && e.metadata.meter_id === meter.id)
    .reduce((sum, e) => sum + (typeof e.metadata.units === 'number' ? e.metadata.units : 0), 0);
  return { consumed, credited };
}

/** Recomputes the stored customer meters of a customer (all meters of the organization, or some). */
export function refreshCustomerMeters(ctx: SandboxContext, customer: CustomerRecord, meterIds?: readonly string[]): CustomerMeterRecord[] {
  const { customerMeters } = ctx.db;
  const events = customerEvents(ctx, customer);
  const meters = ctx.db.meters.byIndex('org', customer.organization_id).filter((m) => meterIds === undefined || meterIds.includes(m.id));
  const out: CustomerMeterRecord[] = [];
  for (const meter of meters) {
    const { consumed, credited } = meterUsage(events, meter);
    const existing = customerMeters.oneByIndex('pair', `${customer.id}|${meter.id}`);
    const balance = credited - consumed;
    if (existing === undefined) {
      if (consumed === 0 && credited === 0) continue;
      out.push(customerMeters.put({ id: newId(), created_at: ctx.now(), modified_at: null, customer_id: customer.id, meter_id: meter.id, consumed_units: consumed, credited_units: credited, balance }));
    } else if (existing.consumed_units !== consumed || existing.credited_units !== credited) {
      out.push(customerMeters.update(existing.id, { consumed_units: consumed, credited_units: credited, balance, modified_at: ctx.now() }));
    }
  }
  return out;
}

/** Stores a system event (benefit.*, meter.*) for a customer. Call inside a transaction. */
export function recordSystemEvent(ctx: SandboxContext, customer: CustomerRecord, name: string, metadata: Record<string, unknown>): EventRecord {
  return ctx.db.events.put({
    id: newId(), timestamp: ctx.now(), organization_id: customer.organization_id, customer_id: customer.id,
    external_customer_id: customer.external_id, name, source: 'system', metadata, external_id: null,
  });
}
