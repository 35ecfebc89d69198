import { z } from 'zod';

/**
 * Wire building blocks shared by the client and the sandbox (reference/billing-provider.md §2-§3).
 * Rule of thumb from the reference: R = required non-null, N = key required but nullable
 * (`.nullable()`, never `.optional()`), O = may be omitted (`.optional()`).
 */

/** ISO date-time that must carry an offset (`Z` or `±HH:MM`). */
export const dateTime = z.iso.datetime({ offset: true });

export const int = z.number().int();

/** Open enums: the provider may add values; known ones are listed for editors, unknown strings pass. */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {})>;

/**
 * A value of an open enum that is none of the known ones: one the provider added after this client was
 * written. For unions whose variants each tie a known value to their own keys (a discount's `type`
 * and its amount or basis points): the new value gets a variant of its own, read by its keys.
 */
export const newEnumValue = <const T extends readonly [string, ...string[]]>(known: T) =>
  z
    .string()
    .refine((value) => !(known as readonly string[]).includes(value), { message: `a value other than ${known.join(', ')}` }) as unknown as z.ZodType<
    string & {}
  >;

/** Metadata values: string, integer, number or boolean (billing specs §3). */
export const metadataValue = z.union([z.string(), z.number(), z.boolean()]);
export const metadata = z.record(z.string(), metadataValue);

/** `id`, `created_at` required; `modified_at` key required but nullable. */
export const base = {
  id: z.string(),
  created_at: dateTime,
  modified_at: dateTime.nullable(),
};

export const pagination = z.object({ total_count: int, max_page: int });

/** The list envelope `{items, pagination}`. */
export const listResource = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), pagination });

/** Paging query defaults: page 1, limit 10 (billing specs §5). */
export const paging = {
  page: int.min(1).default(1),
  limit: int.min(1).default(10),
};
