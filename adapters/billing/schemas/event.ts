import { z } from 'zod';
import { dateTime, int, metadata, openEnum } from './common.js';
import { customer } from './customer.js';

export const eventSources = ['system', 'user'] as const;
export const systemEventNames = [
  'benefit.cycled',
  'benefit.granted',
  'benefit.revoked',
  'benefit.updated',
  'meter.credited',
  'meter.reset',
] as const;

/**
 * reference §3 "Event". System events carry structured metadata (benefit ids, meter credits), so the
 * map's values are not limited to scalars here; the map itself passes untouched.
 */
export const event = z.object({
  id: z.string(),
  timestamp: dateTime,
  organization_id: z.string(),
  customer_id: z.string().nullable(),
  customer: customer.nullable(),
  external_customer_id: z.string().nullable(),
  label: z.string(),
  name: z.string(),
  source: openEnum(eventSources),
  metadata: z.record(z.string(), z.unknown()),
});
export type EventWire = z.output<typeof event>;

export const eventName = z.object({
  name: z.string(),
  source: openEnum(eventSources),
  occurrences: int,
  first_seen: dateTime,
  last_seen: dateTime,
});

const ingestCommon = {
  name: z.string().min(1),
  timestamp: dateTime.optional(),
  organization_id: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  metadata: metadata.optional(),
};

/** part B §5: an ingested event names its customer by id or by external id. */
export const eventCreate = z.union([
  z.strictObject({ ...ingestCommon, customer_id: z.string().min(1) }),
  z.strictObject({ ...ingestCommon, external_customer_id: z.string().min(1) }),
]);

export const eventsIngest = z.object({ events: z.array(eventCreate).min(1) });
export const eventsIngestResponse = z.object({ inserted: int, duplicates: int.optional() });
