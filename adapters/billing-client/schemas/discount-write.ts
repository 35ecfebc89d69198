import { z } from 'zod';
import { dateTime, int, metadata } from './common.js';

const common = {
  name: z.string().min(1),
  code: z.string().min(3).regex(/^[a-zA-Z0-9_-]+$/, 'code: letters, digits, "-" and "_" only').nullable().optional(),
  starts_at: dateTime.nullable().optional(),
  ends_at: dateTime.nullable().optional(),
  max_redemptions: int.min(1).nullable().optional(),
  products: z.array(z.string().min(1)).nullable().optional(),
  metadata: metadata.optional(),
  organization_id: z.string().nullable().optional(),
};
const onceOrForever = { duration: z.enum(['once', 'forever']) };
const repeating = { duration: z.literal('repeating'), duration_in_months: int.min(1).max(999) };
/** The discount currency defaults to usd. */
const fixed = { type: z.literal('fixed'), amount: int.min(0), currency: z.string().length(3).default('usd') };
const percentage = { type: z.literal('percentage'), basis_points: int.min(1).max(10_000) };

/** Discount create payload: kind x duration, four shapes. */
export const discountCreate = z.union([
  z.object({ ...common, ...fixed, ...onceOrForever }),
  z.object({ ...common, ...fixed, ...repeating }),
  z.object({ ...common, ...percentage, ...onceOrForever }),
  z.object({ ...common, ...percentage, ...repeating }),
]);

/** Update payload: all fields optional. */
export const discountUpdate = z.object({
  name: z.string().min(1).nullable().optional(),
  code: common.code,
  starts_at: dateTime.nullable().optional(),
  ends_at: dateTime.nullable().optional(),
  max_redemptions: int.min(1).nullable().optional(),
  duration: z.enum(['once', 'forever', 'repeating']).nullable().optional(),
  duration_in_months: int.min(1).max(999).nullable().optional(),
  type: z.enum(['fixed', 'percentage']).nullable().optional(),
  amount: int.min(0).nullable().optional(),
  currency: z.string().length(3).nullable().optional(),
  basis_points: int.min(1).max(10_000).nullable().optional(),
  products: z.array(z.string().min(1)).nullable().optional(),
  metadata: metadata.nullable().optional(),
});
