import { badRequest, RestError } from './rest-error.js';
import { parseFilter, parseLogic, parseOrder, type Condition, type OrderTerm } from './parse-filter.js';
import { parseSelect, type SelectItem } from './parse-select.js';
import type { EmbedQuery } from './sql-builder.js';
import { splitTopLevel, unquote } from './split-top-level.js';

export interface RequestQuery {
  readonly select: SelectItem[];
  /** Filters, order and paging inside embeds, by the embed's path (`a`, `a.b`). */
  readonly embedded: ReadonlyMap<string, EmbedQuery>;
  readonly conditions: Condition[];
  readonly order: OrderTerm[];
  readonly limit: number | null;
  readonly offset: number;
  readonly onConflict: string[] | null;
  readonly columns: string[] | null;
  /** Parameters named after function arguments (GET /rpc/fn only). */
  readonly args: Record<string, string>;
}

const logicKeys = new Set(['or', 'and', 'not.or', 'not.and']);
const maxLimit = 100_000;

function parseCount(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(`failed to parse ${name} parameter (${raw})`, 'expected a non-negative integer');
  return Number(raw);
}

function parseNameList(name: string, raw: string): string[] {
  const parts = splitTopLevel(raw);
  if (!parts || parts.some((part) => part.trim() === '')) throw badRequest(`failed to parse ${name} parameter (${raw})`);
  return parts.map((part) => unquote(part.trim()));
}

/** The query string as PostgREST reads it (already form-decoded by URLSearchParams: `+` is a space). */
export function parseRequestQuery(search: URLSearchParams, range: string | null, argNames: ReadonlySet<string> = new Set()): RequestQuery {
  let select: SelectItem[] = [{ kind: 'star' }];
  const conditions: Condition[] = [];
  let order: OrderTerm[] = [];
  let limit: number | null = null;
  let offset = 0;
  let onConflict: string[] | null = null;
  let columns: string[] | null = null;
  const args: Record<string, string> = {};
  const embedded = new Map<string, { conditions: Condition[]; order: OrderTerm[]; limit: number | null; offset: number }>();
  const embedAt = (path: string) => {
    let found = embedded.get(path);
    if (!found) embedded.set(path, (found = { conditions: [], order: [], limit: null, offset: 0 }));
    return found;
  };
  for (const [key, value] of search) {
    const embedKey = /^((?:[A-Za-z_][A-Za-z0-9_$]*\.)+)((?:not\.)?(?:or|and)|order|limit|offset|[^.]+)$/.exec(key);
    if (argNames.has(key)) args[key] = value;
    else if (embedKey && !logicKeys.has(key)) {
      const target = embedAt((embedKey[1] ?? '').slice(0, -1));
      const field = embedKey[2] ?? '';
      if (field === 'order') target.order = parseOrder(value);
      else if (field === 'limit') target.limit = parseCount('limit', value);
      else if (field === 'offset') target.offset = parseCount('offset', value);
      else if (logicKeys.has(field)) target.conditions.push(parseLogic(field, value));
      else target.conditions.push(parseFilter(field, value));
    }
    else if (key === 'select') select = parseSelect(value);
    else if (key === 'order') order = parseOrder(value);
    else if (key === 'limit') limit = parseCount('limit', value);
    else if (key === 'offset') offset = parseCount('offset', value);
    else if (key === 'on_conflict') onConflict = parseNameList('on_conflict', value);
    else if (key === 'columns') columns = parseNameList('columns', value);
    else if (logicKeys.has(key)) conditions.push(parseLogic(key, value));
    else conditions.push(parseFilter(key, value));
  }
  if (range !== null) {
    const match = /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(range.trim());
    if (!match) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `invalid Range header: ${range}`);
    const from = Number(match[1]);
    const to = match[2] ? Number(match[2]) : null;
    if (to !== null && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `invalid Range header: ${range}`);
    offset += from;
    const rangeLimit = to === null ? null : to - from + 1;
    limit = limit === null ? rangeLimit : rangeLimit === null ? limit : Math.min(limit, rangeLimit);
  }
  if (limit !== null && limit > maxLimit) limit = maxLimit;
  return { select, embedded, conditions, order, limit, offset, onConflict, columns, args };
}

export type CountPreference = 'exact' | 'planned' | 'estimated';

export interface Preferences {
  readonly returnMode: 'minimal' | 'representation' | 'headers-only' | null;
  readonly count: CountPreference | null;
  readonly resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  /** `missing=default`: a key absent from a row takes the column's default instead of null. */
  readonly missingDefault: boolean;
  readonly missing: 'default' | 'null' | null;
  readonly handling: 'strict' | 'lenient' | null;
  /** `tx=rollback` runs the request and rolls it back (hosted Supabase allows the override; supabase-js `.rollback()`). */
  readonly tx: 'commit' | 'rollback' | null;
  /** Applies only with `handling=strict` (PGRST124 beyond it). */
  readonly maxAffected: number | null;
  /** A name from pg_timezone_names; any other value is ignored (or refused with `handling=strict`). */
  readonly timezone: string | null;
  /** `params=single-object` (deprecated in PostgREST 12, not served by the stand-in). */
  readonly singleObjectParams: boolean;
  /** What the answer's `Preference-Applied` header lists. */
  readonly applied: readonly string[];
}

const noPreferences: Preferences = {
  returnMode: null, count: null, resolution: null, missingDefault: false, missing: null, handling: null, tx: null,
  maxAffected: null, timezone: null, singleObjectParams: false, applied: [],
};

const acceptedTokens = new Set([
  'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'return=representation', 'return=minimal', 'return=headers-only',
  'params=single-object', 'count=exact', 'count=planned', 'count=estimated', 'tx=commit', 'tx=rollback', 'missing=default',
  'missing=null', 'handling=strict', 'handling=lenient',
]);

/**
 * The `Prefer` header as PostgREST 12 reads it: the first value of each preference wins, and with
 * `handling=strict` any token it does not know (or a time zone it does not have) is refused (PGRST122).
 */
export function parsePrefer(header: string | null, timezones: ReadonlySet<string> = new Set()): Preferences {
  if (header === null) return noPreferences;
  const tokens = (header ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
  const first = <T extends string>(name: string, values: readonly T[]): T | null => {
    for (const token of tokens) {
      const value = token.startsWith(`${name}=`) ? token.slice(name.length + 1) : null;
      if (value !== null && (values as readonly string[]).includes(value)) return value as T;
    }
    return null;
  };
  const rawTimezone = tokens.find((token) => token.startsWith('timezone='))?.slice('timezone='.length) ?? null;
  const timezone = rawTimezone !== null && timezones.has(rawTimezone) ? rawTimezone : null;
  const rawMax = tokens.find((token) => token.startsWith('max-affected='))?.slice('max-affected='.length) ?? null;
  const maxAffected = rawMax !== null && /^-?\d{1,18}$/.test(rawMax) ? Number(rawMax) : null;
  const invalid = tokens.filter((token) =>
    !acceptedTokens.has(token) && !(token.startsWith('timezone=') && timezone !== null) && !token.startsWith('max-affected='));
  const handling = first('handling', ['strict', 'lenient'] as const);
  if (handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  const returnMode = first('return', ['representation', 'minimal', 'headers-only'] as const);
  const count = first('count', ['exact', 'planned', 'estimated'] as const);
  const resolution = first('resolution', ['merge-duplicates', 'ignore-duplicates'] as const);
  const missing = first('missing', ['default', 'null'] as const);
  const tx = first('tx', ['commit', 'rollback'] as const);
  const singleObjectParams = first('params', ['single-object'] as const) !== null;
  const applied = [
    resolution && `resolution=${resolution}`,
    missing && `missing=${missing}`,
    returnMode && `return=${returnMode}`,
    singleObjectParams && 'params=single-object',
    count && `count=${count}`,
    tx && `tx=${tx}`,
    handling && `handling=${handling}`,
    timezone && `timezone=${timezone}`,
    handling === 'strict' && maxAffected !== null && `max-affected=${maxAffected}`,
  ].filter((value): value is string => typeof value === 'string');
  return {
    returnMode, count, resolution, missingDefault: missing === 'default', missing, handling, tx,
    maxAffected: handling === 'strict' ? maxAffected : null, timezone, singleObjectParams, applied,
  };
}
