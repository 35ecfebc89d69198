import type { SandboxContext } from '../../engine/context.js';
import type { MeterRecord } from '../../engine/records.js';
import { customerWire } from '../customers/wire.js';
import type { CustomerMeterRecord, EventRecord } from './records.js';
import { eventCustomer } from './service.js';

export function meterWire(m: MeterRecord) {
  return {
    id: m.id, created_at: m.created_at, modified_at: m.modified_at, metadata: m.metadata, name: m.name, unit: m.unit,
    filter: m.filter, aggregation: m.aggregation, organization_id: m.organization_id, archived_at: null,
  };
}

export function eventWire(ctx: SandboxContext, e: EventRecord) {
  const customer = eventCustomer(ctx, e);
  return {
    id: e.id, timestamp: e.timestamp, organization_id: e.organization_id, customer_id: customer?.id ?? e.customer_id,
    customer: customer === undefined ? null : customerWire(customer), external_customer_id: e.external_customer_id ?? customer?.external_id ?? null,
    label: e.name, name: e.name, source: e.source, metadata: e.metadata,
  };
}

export function customerMeterWire(ctx: SandboxContext, m: CustomerMeterRecord) {
  const customer = ctx.db.customers.get(m.customer_id);
  const meter = ctx.db.meters.get(m.meter_id);
  if (customer === undefined || meter === undefined) throw new Error(`customer meter ${m.id} lost its customer or meter`);
  return {
    id: m.id, created_at: m.created_at, modified_at: m.modified_at, customer_id: m.customer_id, meter_id: m.meter_id,
    consumed_units: m.consumed_units, credited_units: m.credited_units, balance: m.balance, customer: customerWire(customer), meter: meterWire(meter),
  };
}

export function portalCustomerMeterWire(ctx: SandboxContext, m: CustomerMeterRecord) {
  const meter = ctx.db.meters.get(m.meter_id);
  if (meter === undefined) throw new Error(`customer meter ${m.id} lost its meter`);
  return {
    id: m.id, created_at: m.created_at, modified_at: m.modified_at, customer_id: m.customer_id, meter_id: m.meter_id,
    consumed_units: m.consumed_units, credited_units: m.credited_units, balance: m.balance,
    meter: { id: meter.id, created_at: meter.created_at, modified_at: meter.modified_at, name: meter.name },
  };
}
