import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';
import { customer } from './customer.js';

/** billing part A §3 "Meter": a nested and/or filter of clauses, and an aggregation. */
export const filterOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'not_like'] as const;

export const filterClause = z.object({
  property: z.string(),
  operator: z.enum(filterOperators),
  value: z.union([z.string(), int, z.boolean()]),
});

export interface MeterFilterWire {
  conjunction: 'and' | 'or';
  clauses: (z.output<typeof filterClause> | MeterFilterWire)[];
}
export const meterFilter: z.ZodType<MeterFilterWire> = z.lazy(() =>
  z.object({ conjunction: z.enum(['and', 'or']), clauses: z.array(z.union([filterClause, meterFilter])) }),
);

export const meterAggregation = z.union([
  z.object({ func: z.literal('count') }),
  z.object({ func: z.enum(['sum', 'max', 'min', 'avg']), property: z.string() }),
]);

export const meter = z.object({
  ...base,
  metadata,
  name: z.string(),
  unit: openEnum(['scalar', 'token', 'custom'] as const),
  filter: meterFilter,
  aggregation: meterAggregation,
  organization_id: z.string(),
  archived_at: z.string().nullable().optional(),
});
export type MeterWire = z.output<typeof meter>;

/** reference §3 "CustomerMeter". */
export const customerMeter = z.object({
  ...base,
  customer_id: z.string(),
  meter_id: z.string(),
  consumed_units: z.number(),
  credited_units: int,
  balance: z.number(),
  customer,
  meter,
});
export type CustomerMeterWire = z.output<typeof customerMeter>;

/** The portal version: the meter reduced to id, name and timestamps, no customer. */
export const portalCustomerMeter = z.object({
  ...base,
  customer_id: z.string(),
  meter_id: z.string(),
  consumed_units: z.number(),
  credited_units: int,
  balance: z.number(),
  meter: z.object({ ...base, name: z.string() }),
});
