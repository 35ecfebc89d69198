import { z } from 'zod';
import { int, metadata } from './common.js';
import { recurringIntervals } from './product.js';

/** Price currency defaults to usd. */
const currency = z.string().length(3).default('usd');

/** Price kinds, told apart by amount_type (what a seller can create). */
export const priceCreate = z.discriminatedUnion('amount_type', [
  z.object({ amount_type: z.literal('fixed'), price_amount: int.min(0), price_currency: currency }),
  z.object({
    amount_type: z.literal('custom'),
    minimum_amount: int.min(0).nullable().optional(),
    maximum_amount: int.min(0).nullable().optional(),
    preset_amount: int.min(0).nullable().optional(),
    price_currency: currency,
  }),
  z.object({ amount_type: z.literal('free') }),
  z.object({
    amount_type: z.literal('metered_unit'),
    meter_id: z.string().min(1),
    unit_amount: z.union([z.number().min(0), z.string().regex(/^\d+(\.\d+)?$/, 'unit_amount: a decimal string')]),
    cap_amount: int.min(0).nullable().optional(),
    price_currency: currency,
  }),
]);

const attachedCustomFields = z.array(z.object({ custom_field_id: z.string().min(1), required: z.boolean() }));

/** Creation requires name, prices and the recurring interval (null for one-time products). */
export const productCreate = z.object({
  name: z.string().min(3),
  description: z.string().nullable().optional(),
  recurring_interval: z.enum(recurringIntervals).nullable(),
  recurring_interval_count: int.min(1).nullable().optional(),
  prices: z.array(priceCreate).min(1),
  medias: z.array(z.string().min(1)).nullable().optional(),
  attached_custom_fields: attachedCustomFields.optional(),
  metadata: metadata.optional(),
  organization_id: z.string().nullable().optional(),
});

/** Update: all optional; a price is either kept by id or created anew. */
export const productUpdate = z.object({
  name: z.string().min(3).nullable().optional(),
  description: z.string().nullable().optional(),
  recurring_interval: z.enum(recurringIntervals).nullable().optional(),
  is_archived: z.boolean().nullable().optional(),
  prices: z.array(z.union([z.object({ id: z.string().min(1) }), priceCreate])).nullable().optional(),
  medias: z.array(z.string().min(1)).nullable().optional(),
  attached_custom_fields: attachedCustomFields.nullable().optional(),
  metadata: metadata.nullable().optional(),
});

export const productBenefitsUpdate = z.object({ benefits: z.array(z.string().min(1)) });
