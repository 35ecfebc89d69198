import { z } from 'zod';
import type { BillingEvent } from './billing-events.js';
import { MAX_CREDIT_REFERENCE_LENGTH } from '../../credits/index.js';
import { domainError, type DomainError } from '../../shared/index.js';

/**
 * What of a billing event is kept, and how much of it fits: a paid order becomes the credit
 * reference `order:<order id>`, a subscription's status the profile's. An authentic event with a
 * longer field can never be applied, however often the provider delivers it, so it is refused
 * before anything is written, in these words, and never with whatever a store would answer.
 */
const ORDER_REFERENCE_PREFIX = 'order:';

/** The longest subscription status a profile keeps (the provider's are a dozen characters). */
const MAX_SUBSCRIPTION_STATUS_LENGTH = 40;

const FIELD_LIMITS = {
  orderId: {
    max: MAX_CREDIT_REFERENCE_LENGTH - ORDER_REFERENCE_PREFIX.length,
    message: `The event's order id is longer than the ${MAX_CREDIT_REFERENCE_LENGTH - ORDER_REFERENCE_PREFIX.length} characters a credit reference has room for`,
  },
  status: {
    max: MAX_SUBSCRIPTION_STATUS_LENGTH,
    message: `The event's subscription status is longer than the ${MAX_SUBSCRIPTION_STATUS_LENGTH} characters a profile keeps`,
  },
} as const;

export type StoredEventField = keyof typeof FIELD_LIMITS;

/** `details.reason` of the refusal: one stable code for every adapter and the HTTP edge. */
const EVENT_NOT_STORABLE = 'event_not_storable';

const limited = (field: StoredEventField) => z.string().max(FIELD_LIMITS[field].max, FIELD_LIMITS[field].message);

/** The fields of an event that are stored, as long as they may be; the rest are not looked at. */
const storableEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order_paid'), orderId: limited('orderId') }),
  z.object({ kind: z.literal('subscription_changed'), status: limited('status') }),
  z.object({ kind: z.literal('ignored') }),
]);

export const orderReference = (orderId: string): string => `${ORDER_REFERENCE_PREFIX}${orderId}`;

/**
 * An event that cannot be applied because a field is outside what is stored: the field's own
 * words when it is known, else a general sentence. Never the store's message, never a value.
 */
export const eventNotStorable = (field?: StoredEventField): DomainError =>
  field === undefined
    ? domainError('validation', 'The event could not be applied: a field is outside what the ledger stores', { reason: EVENT_NOT_STORABLE })
    : domainError('validation', FIELD_LIMITS[field].message, { reason: EVENT_NOT_STORABLE, field });

export const isEventNotStorable = (error: DomainError): boolean => error.code === 'validation' && error.details?.['reason'] === EVENT_NOT_STORABLE;

/** Null when every stored field of the event fits, else the refusal of the first that does not. */
export const unstorableFieldOf = (event: BillingEvent): DomainError | null => {
  const checked = storableEvent.safeParse(event);
  if (checked.success) return null;
  const field = checked.error.issues[0]?.path[0];
  return eventNotStorable(field === 'orderId' || field === 'status' ? field : undefined);
};
