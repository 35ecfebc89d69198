/**
 * The billing wire format is snake_case; Ensemble's client-side shapes are camelCase (billing specs §1).
 * Keys inside free-form maps (metadata, custom field data, ...) are the seller's own and pass untouched.
 */
export const OPAQUE_KEYS: ReadonlySet<string> = new Set([
  'metadata',
  'customer_metadata',
  'custom_field_data',
  'benefit_metadata',
  'user_metadata',
  'payment_processor_metadata',
  'archived',
  'amounts',
  'meta',
  'properties_meta',
  // license-key activation conditions are the seller's own keys too
  'conditions',
]);

type CamelFromSnake<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelFromSnake<T>>}` : S;
type SnakeFromCamel<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeFromCamel<T>}`
  : S;

type OpaqueKey =
  | 'metadata'
  | 'customer_metadata'
  | 'custom_field_data'
  | 'benefit_metadata'
  | 'user_metadata'
  | 'payment_processor_metadata'
  | 'archived'
  | 'amounts'
  | 'meta'
  | 'conditions';

type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** The camelCase view of a snake_case wire type (branded primitives such as `string & {}` stay as they are). */
export type Camelize<T> = T extends Primitive
  ? T
  : T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelFromSnake<K> : K]: K extends OpaqueKey ? T[K] : Camelize<T[K]> }
      : T;

export type Snakify<T> = T extends Primitive
  ? T
  : T extends readonly (infer U)[]
  ? Snakify<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? SnakeFromCamel<K> : K]: Snakify<T[K]> }
    : T;

export const toCamelKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const toSnakeKey = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function convert(value: unknown, rename: (k: string) => string, isOpaque: (original: string, renamed: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, rename, isOpaque));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const inner = source[key];
    const renamed = rename(key);
    out[renamed] = isOpaque(key, renamed) || inner === null || typeof inner !== 'object' ? inner : convert(inner, rename, isOpaque);
  }
  return out;
}

/** Key renaming is the hot path of parsing a list page; the set of field names is small, so memoize. */
function memo(rename: (k: string) => string): (k: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let renamed = cache.get(key);
    if (renamed === undefined) {
      renamed = rename(key);
      // Bounded: map keys that are data (ids) must not grow the cache without limit.
      if (cache.size < 5000) cache.set(key, renamed);
    }
    return renamed;
  };
}
const camelKey = memo(toCamelKey);
const snakeKey = memo(toSnakeKey);

/** Wire (snake_case) to client (camelCase), leaving opaque maps untouched. */
export const camelize = <T>(wire: T): Camelize<T> =>
  convert(wire, camelKey, (original) => OPAQUE_KEYS.has(original)) as Camelize<T>;

/** Client (camelCase) to wire (snake_case), leaving opaque maps untouched. */
export const snakify = (client: unknown): unknown =>
  convert(client, snakeKey, (_original, renamed) => OPAQUE_KEYS.has(renamed));
