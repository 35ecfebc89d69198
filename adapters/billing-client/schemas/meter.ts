import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';
import { customer } from './customer.js';

/** A meter: a nested and/or filter of clauses, and an aggregation. */
export const filterOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'not_like'] as const;

export interface MeterFilterWire {
  conjunction: 'and' | 'or';
  clauses: ({ property: string; operator: string; value: string | number | boolean } | MeterFilterWire)[];
}

/**
 * A filter built on a clause schema. The conjunction is closed (`and` or `or`, as the specs say); the
 * operator is an open enum in answers (as SDK 0.48 reads it) and closed in requests, where the provider
 * refuses an unknown one.
 */
function filterOf(operator: z.ZodType<string>): z.ZodType<MeterFilterWire> {
  const clause = z.object({ property: z.string(), operator, value: z.union([z.string(), int, z.boolean()]) });
  const filter: z.ZodType<MeterFilterWire> = z.lazy(() => z.object({ conjunction: z.enum(['and', 'or']), clauses: z.array(z.union([clause, filter])) }));
  return filter;
}

/** A meter's filter in answers: operators newer than this list are read too. */
export const meterFilter = filterOf(openEnum(filterOperators));
/** A meter's filter in requests (and in what the sandbox accepts): the known operators only. */
export const meterFilterWrite = filterOf(z.enum(filterOperators));

/** Aggregations are closed, as the specs say: count, sum, max, min or avg. */
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
