import { z } from 'zod';
import { base, dateTime, int, metadata, openEnum } from './common.js';
import { customerEmbedded } from './customer.js';
import { meter } from './meter.js';
import { discountEmbedded } from './discount.js';
import { price, product, recurringInterval } from './product.js';

/** reference §3 "Subscription" (the server also has `paused`, accepted as an open value). */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
] as const;
export const subscriptionStatus = openEnum(subscriptionStatuses);
/** billing-api-part-b §3: the reasons a customer may give for cancelling, as the provider spells them. */
export const cancellationReasons = [
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;
export const cancellationReason = z.enum(cancellationReasons);

/** A plan change waiting for the period end (`proration_behavior: next_period`). */
export const pendingSubscriptionUpdate = z.object({
  ...base,
  applies_at: dateTime,
  product_id: z.string().nullable(),
  seats: int.nullable(),
});

/** The portal's subscription meter names its meter only. */
export const customerSubscriptionMeter = z.object({
  ...base,
  consumed_units: z.number(),
  credited_units: int,
  amount: int,
  meter_id: z.string(),
  meter: z.object({ ...base, name: z.string() }),
});

export const subscriptionMeter = z.object({
  ...base,
  consumed_units: z.number(),
  credited_units: int,
  amount: int,
  meter_id: z.string(),
  meter,
});

export const subscription = z.object({
  ...base,
  amount: int,
  currency: z.string(),
  recurring_interval: recurringInterval,
  recurring_interval_count: int,
  status: subscriptionStatus,
  current_period_start: dateTime,
  current_period_end: dateTime.nullable(),
  trial_start: dateTime.nullable(),
  trial_end: dateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: dateTime.nullable(),
  started_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  ended_at: dateTime.nullable(),
  customer_id: z.string(),
  product_id: z.string(),
  discount_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  seats: int.nullable().optional(),
  customer_cancellation_reason: openEnum(cancellationReasons).nullable(),
  customer_cancellation_comment: z.string().nullable(),
  metadata,
  custom_field_data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  customer: customerEmbedded,
  product,
  discount: discountEmbedded.nullable(),
  prices: z.array(price),
  meters: z.array(subscriptionMeter),
  pending_update: pendingSubscriptionUpdate.nullable(),
});
export type SubscriptionWire = z.output<typeof subscription>;

export const prorationBehaviors = ['invoice', 'prorate', 'next_period', 'reset'] as const;

/** PATCH body shapes (reference §4): extra fields are refused, as by the server. */
export const subscriptionUpdateProduct = z.strictObject({
  product_id: z.string().min(1),
  proration_behavior: z.enum(prorationBehaviors).nullable().optional(),
  discount_id: z.string().nullable().optional(),
  trial_end: dateTime.nullable().optional(),
  metadata: metadata.nullable().optional(),
});
export const subscriptionCancel = z.strictObject({
  cancel_at_period_end: z.boolean(),
  customer_cancellation_reason: cancellationReason.nullable().optional(),
  customer_cancellation_comment: z.string().nullable().optional(),
});
export const subscriptionRevoke = z.strictObject({
  revoke: z.literal(true),
  customer_cancellation_reason: cancellationReason.nullable().optional(),
  customer_cancellation_comment: z.string().nullable().optional(),
});
export const subscriptionUpdateDiscount = z.strictObject({ discount_id: z.string().nullable() });
export const subscriptionUpdateSeats = z.strictObject({ seats: int.min(1), proration_behavior: z.enum(prorationBehaviors).nullable().optional() });
export const subscriptionUpdateTrial = z.strictObject({ trial_end: z.union([dateTime, z.literal('now')]) });

export const subscriptionUpdate = z.union([
  subscriptionUpdateProduct,
  subscriptionCancel,
  subscriptionRevoke,
  subscriptionUpdateDiscount,
  subscriptionUpdateSeats,
  subscriptionUpdateTrial,
]);
