import { z } from 'zod';
import { base, int, openEnum } from './common.js';

/** reference §3 "Payment"; the processor is a closed enum in the SDK. */
export const paymentStatus = openEnum(['pending', 'succeeded', 'failed'] as const);

const paymentBase = {
  ...base,
  processor: z.enum(['stripe']),
  status: paymentStatus,
  amount: int,
  currency: z.string(),
  decline_reason: z.string().nullable(),
  decline_message: z.string().nullable(),
  organization_id: z.string(),
  checkout_id: z.string().nullable(),
  order_id: z.string().nullable(),
};

export const cardPayment = z.object({
  ...paymentBase,
  method: z.literal('card'),
  method_metadata: z.object({ brand: z.string(), last4: z.string() }),
});

export const genericPayment = z.object({
  ...paymentBase,
  method: z.string().refine((m) => m !== 'card', 'card payments carry method_metadata'),
});

export const payment = z.union([cardPayment, genericPayment]);
