import { badRequest, RestError } from './rest-error.js';
import { parseFilter, parseLogic, parseOrder, type Condition, type OrderTerm } from './parse-filter.js';
import { parseSelect, type SelectItem } from './parse-select.js';
import { splitTopLevel, unquote } from './split-top-level.js';

export interface RequestQuery {
  readonly select: SelectItem[];
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
  for (const [key, value] of search) {
    if (argNames.has(key)) args[key] = value;
    else if (key === 'select') select = parseSelect(value);
    else if (key === 'order') order = parseOrder(value);
    else if (key === 'limit') limit = parseCount('limit', value);
    else if (key === 'offset') offset = parseCount('offset', value);
    else if (key === 'on_conflict') onConflict = parseNameList('on_conflict', value);
    else if (key === 'columns') columns = parseNameList('columns', value);
    else if (logicKeys.has(key)) conditions.push(parseLogic(key, value));
    else if (key.includes('.')) {
      throw badRequest(`failed to parse filter (${key}=${value})`, 'filters, ordering and limits on embedded resources are not supported by the local stand-in');
    } else conditions.push(parseFilter(key, value));
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
  return { select, conditions, order, limit, offset, onConflict, columns, args };
}

export interface Preferences {
  readonly returnMode: 'minimal' | 'representation' | 'headers-only' | null;
  readonly count: boolean;
  readonly resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  readonly missingDefault: boolean;
}

export function parsePrefer(header: string | null): Preferences {
  let returnMode: Preferences['returnMode'] = null;
  let count = false;
  let resolution: Preferences['resolution'] = null;
  let missingDefault = false;
  for (const token of (header ?? '').split(',').map((part) => part.trim())) {
    const [name, value] = token.split('=');
    if (name === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) returnMode = value;
    else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) count = true;
    else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) resolution = value;
    else if (name === 'missing' && value === 'default') missingDefault = true;
  }
  return { returnMode, count, resolution, missingDefault };
}
