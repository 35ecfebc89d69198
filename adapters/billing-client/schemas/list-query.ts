import { z } from 'zod';
import { metadataValue, paging } from './common.js';

/**
 * Query building blocks of the list calls (reference §1 "Query encoding", §2 sorting and metadata).
 * Keys are wire names; values are typed, and the pipeline encodes them (arrays as repeated keys,
 * metadata as `metadata[key]=value`).
 */
export const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);

export const id = z.string().min(1);
export const ids = oneOrMany(id);

/** `sorting=-created_at`: a known field, optionally prefixed with `-` for descending. */
export const sorting = <const F extends readonly [string, ...string[]]>(fields: F) => {
  const allowed = new Set<string>(fields.flatMap((f) => [f, `-${f}`]));
  return z
    .array(z.string().refine((s) => allowed.has(s), { message: `sorting: one of ${fields.join(', ')}, "-" for descending` }))
    .nullable()
    .optional() as unknown as z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodType<F[number] | `-${F[number]}`>>>>;
};

/** Repeated values for one key are OR-ed, different keys AND-ed (reference §2). */
export const metadataFilter = z.record(z.string().min(1).max(40), oneOrMany(metadataValue));

export const pageQuery = { page: paging.page.optional(), limit: paging.limit.optional() };

