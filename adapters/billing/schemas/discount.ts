import { z } from 'zod';
import { base, dateTime, int, metadata } from './common.js';
import { productSummary } from './product.js';

/** reference §3 "Discount": fixed/percentage x once-forever/repeating, four variants. */
const discountBase = {
  ...base,
  name: z.string(),
  code: z.string().nullable(),
  starts_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  max_redemptions: int.nullable(),
  redemptions_count: int,
  organization_id: z.string(),
  metadata,
  products: z.array(productSummary),
};
const onceOrForever = { duration: z.enum(['once', 'forever']) };
const repeating = { duration: z.literal('repeating'), duration_in_months: int };
const fixed = { type: z.literal('fixed'), amount: int, currency: z.string(), amounts: z.record(z.string(), int) };
const percentage = { type: z.literal('percentage'), basis_points: int };

export const discount = z.union([
  z.object({ ...discountBase, ...fixed, ...onceOrForever }),
  z.object({ ...discountBase, ...fixed, ...repeating }),
  z.object({ ...discountBase, ...percentage, ...onceOrForever }),
  z.object({ ...discountBase, ...percentage, ...repeating }),
]);
export type DiscountWire = z.output<typeof discount>;

/** Discount as embedded in checkouts (products left out by the server). */
const embeddedBase = { ...discountBase, products: z.array(productSummary).optional() };
export const discountEmbedded = z.union([
  z.object({ ...embeddedBase, ...fixed, ...onceOrForever }),
  z.object({ ...embeddedBase, ...fixed, ...repeating }),
  z.object({ ...embeddedBase, ...percentage, ...onceOrForever }),
  z.object({ ...embeddedBase, ...percentage, ...repeating }),
]);
