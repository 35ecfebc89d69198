import { z } from 'zod';
import { base, int, metadata } from './common.js';

/** Custom fields: five types, each with its own properties. */
export const customFieldTypes = ['text', 'number', 'date', 'checkbox', 'select'] as const;
export const customFieldType = z.enum(customFieldTypes);

const formProps = {
  form_label: z.string().optional(),
  form_help_text: z.string().optional(),
  form_placeholder: z.string().optional(),
};
const textProperties = z.object({
  ...formProps,
  textarea: z.boolean().optional(),
  min_length: int.min(0).optional(),
  max_length: int.min(0).optional(),
});
const numberProperties = z.object({ ...formProps, ge: int.optional(), le: int.optional() });
const dateProperties = z.object({ ...formProps, ge: int.optional(), le: int.optional() });
const checkboxProperties = z.object(formProps);
const selectProperties = z.object({
  ...formProps,
  options: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).min(1),
});

const propertiesByType = {
  text: textProperties,
  number: numberProperties,
  date: dateProperties,
  checkbox: checkboxProperties,
  select: selectProperties,
} as const;

const readVariant = <T extends keyof typeof propertiesByType>(type: T) =>
  z.object({
    ...base,
    metadata,
    type: z.literal(type),
    slug: z.string(),
    name: z.string(),
    organization_id: z.string(),
    properties: propertiesByType[type],
  });

export const customField = z.discriminatedUnion('type', [
  readVariant('text'),
  readVariant('number'),
  readVariant('date'),
  readVariant('checkbox'),
  readVariant('select'),
]);

const slug = z.string().min(1).regex(/^[a-z0-9_-]+$/, 'slug: lowercase letters, digits, "-" and "_" only');

const createVariant = <T extends keyof typeof propertiesByType>(type: T) =>
  z.object({
    type: z.literal(type),
    slug,
    name: z.string().min(1),
    metadata: metadata.optional(),
    organization_id: z.string().nullable().optional(),
    properties: propertiesByType[type],
  });

export const customFieldCreate = z.discriminatedUnion('type', [
  createVariant('text'),
  createVariant('number'),
  createVariant('date'),
  createVariant('checkbox'),
  createVariant('select'),
]);

/** The type is required on update and must match the field's own. */
// The properties schema is passed in: .nullable() on `propertiesByType[T]` would be typed against
// every variant at once, leaving each property `never` for callers.
const updateVariant = <T extends keyof typeof propertiesByType, P extends z.ZodType>(type: T, properties: P) =>
  z.object({
    type: z.literal(type),
    slug: slug.nullable().optional(),
    name: z.string().min(1).nullable().optional(),
    metadata: metadata.optional(),
    properties: z.optional(z.nullable(properties)),
  });

export const customFieldUpdate = z.discriminatedUnion('type', [
  updateVariant('text', propertiesByType.text),
  updateVariant('number', propertiesByType.number),
  updateVariant('date', propertiesByType.date),
  updateVariant('checkbox', propertiesByType.checkbox),
  updateVariant('select', propertiesByType.select),
]);
