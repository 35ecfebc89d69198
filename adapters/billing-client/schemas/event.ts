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

const eventCommon = {
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
};

/** The system events the sandbox records, with the metadata keys SDK 0.48 requires of each. */
const grantMetadata = z.looseObject({ benefit_id: z.string(), benefit_grant_id: z.string(), benefit_type: z.string() });
const systemMetadata: Record<(typeof systemEventNames)[number], z.ZodType> = {
  'benefit.cycled': grantMetadata,
  'benefit.granted': grantMetadata,
  'benefit.revoked': grantMetadata,
  'benefit.updated': grantMetadata,
  'meter.credited': z.looseObject({ meter_id: z.string(), units: int, rollover: z.boolean() }),
  'meter.reset': z.looseObject({ meter_id: z.string() }),
};
const knownSystemEvents = systemEventNames.map((name) =>
  z.object({ ...eventCommon, source: z.literal('system'), name: z.literal(name), metadata: systemMetadata[name] }),
);

/**
 * reference §3 "Event". A known system event must carry its structured metadata; user events and system
 * events newer than this list keep an open metadata map (the map itself passes untouched).
 */
const otherEvent = z
  .object(eventCommon)
  .refine((e) => !(e.source === 'system' && (systemEventNames as readonly string[]).includes(e.name)), 'a known system event without its metadata');
export const event = z.union([...knownSystemEvents, otherEvent]) as unknown as typeof otherEvent;

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

/** An ingested event names its customer by id or by external id. */
export const eventCreate = z.union([
  z.strictObject({ ...ingestCommon, customer_id: z.string().min(1) }),
  z.strictObject({ ...ingestCommon, external_customer_id: z.string().min(1) }),
]);

export const eventsIngest = z.object({ events: z.array(eventCreate).min(1) });
export const eventsIngestResponse = z.object({ inserted: int, duplicates: int.optional() });
