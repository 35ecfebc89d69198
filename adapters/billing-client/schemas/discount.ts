import { z } from 'zod';
import { base, dateTime, int, metadata, newEnumValue } from './common.js';
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

export const discountTypes = ['fixed', 'percentage'] as const;
export const discountDurations = ['once', 'forever', 'repeating'] as const;

/**
 * What a discount takes off: a fixed amount or basis points. `type` and `duration` are open enums (as
 * in SDK 0.48): a type the provider adds later is read by its keys, amount or basis points.
 */
export const discountKind = <F extends z.ZodRawShape>(fixedKeys: F) =>
  z.union([
    z.object({ type: z.literal('fixed'), ...fixedKeys }),
    z.object({ type: z.literal('percentage'), basis_points: int }),
    z.object({ type: newEnumValue(discountTypes), ...fixedKeys }),
    z.object({ type: newEnumValue(discountTypes), basis_points: int }),
  ]);

/** How long it applies: once, forever, some months, or a duration added later (months when it has them). */
export const discountTiming = z.union([
  z.object({ duration: z.enum(['once', 'forever']) }),
  z.object({ duration: z.literal('repeating'), duration_in_months: int }),
  z.object({ duration: newEnumValue(discountDurations), duration_in_months: int.optional() }),
]);

const fixedAmount = { amount: int, currency: z.string(), amounts: z.record(z.string(), int) };

export const discount = z.object(discountBase).and(discountKind(fixedAmount)).and(discountTiming);

/** Discount as embedded in checkout links, subscriptions and orders (products left out by the server). */
export const discountEmbedded = z
  .object({ ...discountBase, products: z.array(productSummary).optional() })
  .and(discountKind(fixedAmount))
  .and(discountTiming);
