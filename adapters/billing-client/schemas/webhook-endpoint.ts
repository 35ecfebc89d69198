import { z } from 'zod';
import { base, int, openEnum } from './common.js';

/** reference §5: every event type the server can emit (the spec's list is a subset). */
export const webhookEventTypes = [
  'checkout.created', 'checkout.updated', 'checkout.expired',
  'customer.created', 'customer.updated', 'customer.deleted', 'customer.state_changed',
  'customer_seat.assigned', 'customer_seat.claimed', 'customer_seat.revoked',
  'member.created', 'member.updated', 'member.deleted',
  'order.created', 'order.updated', 'order.paid', 'order.refunded',
  'subscription.created', 'subscription.updated', 'subscription.active', 'subscription.canceled',
  'subscription.uncanceled', 'subscription.cycled', 'subscription.revoked', 'subscription.past_due',
  'subscription.paused', 'subscription.resumed',
  'refund.created', 'refund.updated',
  'product.created', 'product.updated',
  'discount.created', 'discount.updated', 'discount.deleted',
  'benefit.created', 'benefit.updated',
  'benefit_grant.created', 'benefit_grant.cycled', 'benefit_grant.updated', 'benefit_grant.revoked',
  'organization.updated',
] as const;
export const webhookFormats = ['raw', 'discord', 'slack'] as const;

/** reference §3 "WebhookEndpoint". */
export const webhookEndpoint = z.object({
  ...base,
  url: z.string(),
  format: openEnum(webhookFormats),
  secret: z.string(),
  organization_id: z.string(),
  events: z.array(openEnum(webhookEventTypes)),
  enabled: z.boolean(),
  name: z.string().nullable().optional(),
});

/** Sent events are the known ones only: the provider rejects others with a 422. */
const eventList = z.array(z.enum(webhookEventTypes));

export const webhookEndpointCreate = z.object({
  url: z.url(),
  format: z.enum(webhookFormats),
  secret: z.string().min(1),
  events: eventList,
  organization_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});

export const webhookEndpointUpdate = z.object({
  url: z.url().nullable().optional(),
  format: z.enum(webhookFormats).nullable().optional(),
  secret: z.string().min(1).nullable().optional(),
  events: eventList.nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  name: z.string().nullable().optional(),
});

/** The event as recorded for deliveries; `payload` is the raw JSON string that was sent. */
export const webhookEvent = z.object({
  ...base,
  last_http_code: int.nullable().optional(),
  succeeded: z.boolean().nullable().optional(),
  skipped: z.boolean(),
  payload: z.string().nullable(),
  type: openEnum(webhookEventTypes),
  /** Archived events have no payload and cannot be redelivered. */
  is_archived: z.boolean(),
});

export const webhookDelivery = z.object({
  ...base,
  succeeded: z.boolean(),
  http_code: int.nullable(),
  response: z.string().nullable(),
  webhook_event: webhookEvent,
});
