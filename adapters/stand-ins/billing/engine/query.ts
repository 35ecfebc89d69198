import { z } from 'zod';
import { validationError } from './errors.js';
import { isUuid } from './ids.js';
import { parseOr422 } from './validation.js';

/** Query values arrive as strings; repeated keys (form/explode) become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    if (key.startsWith('metadata[')) continue;
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Query building blocks; each takes the raw string(s) and validates like FastAPI would. */
export const q = {
  int: () => z.preprocess((v) => { const s = last(v); return typeof s === 'string' && /^-?\d+$/.test(s) ? Number(s) : s; }, z.number().int()),
  bool: () =>
    z.preprocess((v) => {
      const s = last(v);
      if (s === 'true' || s === '1' || s === 'yes' || s === 'on') return true;
      if (s === 'false' || s === '0' || s === 'no' || s === 'off') return false;
      return s;
    }, z.boolean()),
  string: () => z.preprocess(last, z.string()),
  uuid: () => z.preprocess(last, z.string().refine(isUuid, 'Input should be a valid UUID')),
  /** One or several values of the same key. */
  many: <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item)),
  uuids: () => q.many(z.string().refine(isUuid, 'Input should be a valid UUID')),
  enumOf: <const T extends readonly [string, ...string[]]>(values: T) => z.preprocess(last, z.enum(values)),
  /** An ISO date-time with an offset, normalized to UTC (`...Z`). */
  dateTime: () => q.string().pipe(z.iso.datetime({ offset: true })).transform((s) => new Date(s).toISOString()),
};

/** `page` > 0 (default 1) and `limit` > 0 (default 10); limit is capped silently at 100. */
export const pageShape = {
  page: q.int().pipe(z.number().int().min(1)).optional(),
  limit: q.int().pipe(z.number().int().min(1)).optional(),
  sorting: q.many(z.string()).optional(),
};

export interface Page {
  readonly page: number;
  readonly limit: number;
}

export interface ListEnvelope<T> {
  readonly items: T[];
  readonly pagination: { total_count: number; max_page: number };
}

export function paginate<T, W>(records: readonly T[], page: Partial<Page>, serialize: (record: T) => W): ListEnvelope<W> {
  const limit = Math.min(page.limit ?? 10, 100);
  const current = page.page ?? 1;
  const start = (current - 1) * limit;
  return {
    items: records.slice(start, start + limit).map(serialize),
    pagination: { total_count: records.length, max_page: Math.ceil(records.length / limit) },
  };
}

export interface SortKey {
  readonly field: string;
  readonly descending: boolean;
}

/** Repeated `sorting` values, `-` for descending; an unknown one is a 422 on ["query","sorting"]. */
export function parseSorting(values: readonly string[] | undefined, allowed: readonly string[], fallback: readonly string[] = ['-created_at']): SortKey[] {
  const chosen = values === undefined || values.length === 0 ? fallback : values;
  return chosen.map((value) => {
    const descending = value.startsWith('-');
    const field = descending ? value.slice(1) : value;
    if (!allowed.includes(field)) {
      const expected = allowed.flatMap((f) => [`'${f}'`, `'-${f}'`]).join(', ');
      throw validationError([{ type: 'enum', loc: ['query', 'sorting'], msg: `Input should be ${expected}`, input: value, ctx: { expected } }]);
    }
    return { field, descending };
  });
}

type SortValue = string | number | boolean | null | undefined;

/** Stable multi-key sort; nulls go last whatever the direction. Each record's keys are read once, not per comparison. */
export function sortRecords<T>(records: readonly T[], keys: readonly SortKey[], accessors: Record<string, (record: T) => SortValue>): T[] {
  const used = keys.flatMap(({ field, descending }) => {
    const get = accessors[field];
    return get === undefined ? [] : [{ get, sign: descending ? -1 : 1 }];
  });
  const decorated = records.map((record, index) => ({ record, index, values: used.map(({ get }) => get(record)) }));
  decorated.sort((a, b) => {
    for (let k = 0; k < used.length; k += 1) {
      const x = a.values[k];
      const y = b.values[k];
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return x < y ? -(used[k] as { sign: number }).sign : (used[k] as { sign: number }).sign;
    }
    return a.index - b.index;
  });
  return decorated.map((d) => d.record);
}

export type MetadataFilter = ReadonlyMap<string, readonly string[]>;

/** `metadata[key]=v` (brackets arrive percent-encoded and are decoded by URL parsing). */
export function parseMetadataFilter(url: URL): MetadataFilter {
  const filter = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match === null) continue;
    const name = match[1] as string;
    filter.set(name, [...(filter.get(name) ?? []), value]);
  }
  return filter;
}

/** Same key: any value matches (OR); different keys: all must match (AND); compared as strings. */
export function matchesMetadata(metadata: Readonly<Record<string, unknown>>, filter: MetadataFilter): boolean {
  for (const [key, values] of filter) {
    const actual = metadata[key];
    if (actual === undefined || actual === null || !values.includes(String(actual))) return false;
  }
  return true;
}

/**
 * The query schema of a list call: `shape` plus page, limit and sorting. Build it once, when the
 * module registers its routes: zod compiles a schema on first use, so a per-request schema is slow.
 */
export function querySchema<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...pageShape, ...shape });
}

const built = new WeakMap<object, z.ZodType>();

/** Parses the query of a list call with a `querySchema(...)` (or a shape, built once per shape object). */
export function parseQuery<O extends z.ZodObject>(url: URL, schema: O): z.output<O>;
export function parseQuery<S extends z.ZodRawShape>(url: URL, shape: S): z.output<ReturnType<typeof querySchema<S>>>;
export function parseQuery(url: URL, schemaOrShape: z.ZodObject | z.ZodRawShape): unknown {
  let schema = schemaOrShape instanceof z.ZodObject ? schemaOrShape : built.get(schemaOrShape);
  if (schema === undefined) {
    schema = querySchema(schemaOrShape as z.ZodRawShape);
    built.set(schemaOrShape, schema);
  }
  return parseOr422(schema, queryObject(url), 'query');
}

/** A path id must be a UUID, else 422 on ["path", name] (the provider's path params are UUID4). */
export function pathUuid(value: string | undefined, name = 'id'): string {
  if (value !== undefined && isUuid(value)) return value.toLowerCase();
  throw validationError([{ type: 'uuid_parsing', loc: ['path', name], msg: 'Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-]', input: value ?? null }]);
}
