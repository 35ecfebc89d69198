import { z } from 'zod';
import { benefit, benefitPublic } from './benefit.js';
import { base, int, metadata, openEnum } from './common.js';
import { customField } from './custom-field.js';
import { productMediaFile } from './file.js';

/** reference §3 "Product" and "ProductPrice". */
export const recurringIntervals = ['day', 'week', 'month', 'year'] as const;
export const recurringInterval = openEnum(recurringIntervals);

const priceBase = {
  ...base,
  price_currency: z.string(),
  is_archived: z.boolean(),
  product_id: z.string(),
};
const newPriceBase = {
  ...priceBase,
  source: openEnum(['catalog', 'ad_hoc'] as const),
  tax_behavior: openEnum(['location', 'inclusive', 'exclusive'] as const).nullable(),
};

const fixedAmount = { amount_type: z.literal('fixed'), price_amount: int };
const customAmount = {
  amount_type: z.literal('custom'),
  minimum_amount: int,
  maximum_amount: int.nullable(),
  preset_amount: int.nullable(),
};
const freeAmount = { amount_type: z.literal('free') };

export const productPrice = z.discriminatedUnion('amount_type', [
  z.object({ ...newPriceBase, ...fixedAmount }),
  z.object({ ...newPriceBase, ...customAmount }),
  z.object({ ...newPriceBase, ...freeAmount }),
  z.object({
    ...newPriceBase,
    amount_type: z.literal('metered_unit'),
    unit_amount: z.string(),
    cap_amount: int.nullable(),
    meter_id: z.string(),
    meter: z.object({ id: z.string(), name: z.string(), unit: z.string().optional() }),
  }),
  z.object({
    ...newPriceBase,
    amount_type: z.literal('seat_based'),
    seat_tiers: z.object({
      tiers: z.array(z.object({ min_seats: int, max_seats: int.nullable().optional(), price_per_seat: int })),
      minimum_seats: int.optional(),
    }),
    maximum_seats: int.nullable().optional(),
  }),
]);

/** Legacy recurring prices (fixed, custom or free only) carry `legacy: true` and a mandatory interval. */
const legacyBase = { ...newPriceBase, type: z.literal('recurring'), recurring_interval: recurringInterval, legacy: z.literal(true) };
export const legacyPrice = z.discriminatedUnion('amount_type', [
  z.object({ ...legacyBase, ...fixedAmount }),
  z.object({ ...legacyBase, ...customAmount }),
  z.object({ ...legacyBase, ...freeAmount }),
]);

// Legacy first: a legacy price also fits a new price's shape, which would drop its `legacy` flag.
export const price = z.union([legacyPrice, productPrice]);

export const attachedCustomField = z.object({
  custom_field_id: z.string(),
  custom_field: customField,
  order: int,
  required: z.boolean(),
});

/** Fields shared by every product view; required (or required-nullable) as SDK 0.48's `Product` has them. */
export const productCore = {
  ...base,
  name: z.string(),
  description: z.string().nullable(),
  visibility: openEnum(['draft', 'private', 'public'] as const),
  recurring_interval: recurringInterval.nullable(),
  recurring_interval_count: int.nullable(),
  trial_interval: openEnum(recurringIntervals).nullable(),
  trial_interval_count: int.nullable(),
  is_recurring: z.boolean(),
  is_archived: z.boolean(),
  organization_id: z.string(),
};

export const product = z.object({
  ...productCore,
  metadata,
  prices: z.array(price),
  benefits: z.array(benefit),
  medias: z.array(productMediaFile),
  attached_custom_fields: z.array(attachedCustomField),
});

/** Product as embedded in discounts: no prices, benefits nor medias. */
export const productSummary = z.object({ ...productCore, metadata });

/** Product as embedded in checkouts and checkout links: public benefits, no metadata. */
export const checkoutProduct = z.object({
  ...productCore,
  prices: z.array(price),
  benefits: z.array(benefitPublic),
  medias: z.array(productMediaFile),
});
