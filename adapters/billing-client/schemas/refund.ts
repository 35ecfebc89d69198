import { z } from 'zod';
import { base, int, metadata, openEnum } from './common.js';

export const refundReasons = [
  'duplicate',
  'fraudulent',
  'customer_request',
  'service_disruption',
  'satisfaction_guarantee',
  'other',
] as const;

/** The server may attach a dispute; Ensemble only needs to know there is one. */
const dispute = z
  .object({ id: z.string(), status: z.string(), amount: int, currency: z.string() })
  .catchall(z.unknown());

/** reference §3 "Refund". */
export const refund = z.object({
  ...base,
  metadata,
  status: openEnum(['pending', 'succeeded', 'failed', 'canceled'] as const),
  reason: openEnum(refundReasons),
  amount: int,
  tax_amount: int,
  currency: z.string(),
  organization_id: z.string(),
  order_id: z.string(),
  subscription_id: z.string().nullable(),
  customer_id: z.string(),
  revoke_benefits: z.boolean(),
  dispute: dispute.nullable(),
});

/** order_id, reason and an integer amount are required; revoke_benefits defaults to false. */
export const refundCreate = z.object({
  order_id: z.string().min(1),
  reason: z.enum(refundReasons),
  amount: int.positive(),
  comment: z.string().nullable().optional(),
  revoke_benefits: z.boolean().default(false),
  metadata: metadata.optional(),
});
