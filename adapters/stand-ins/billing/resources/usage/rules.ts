/**
 * Meter filters and aggregations over events. Pure: an event is its
 * name, source, timestamp and metadata. A clause's `property` names `name`, `source`, `timestamp`,
 * or a metadata key (with or without a `metadata.` prefix).
 */
export interface MeterEvent {
  readonly name: string;
  readonly source: string;
  readonly timestamp: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export type FilterValue = string | number | boolean;
export interface FilterClause {
  readonly property: string;
  readonly operator: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'not_like';
  readonly value: FilterValue;
}
export interface MeterFilter {
  readonly conjunction: 'and' | 'or';
  readonly clauses: readonly (FilterClause | MeterFilter)[];
}
export type Aggregation = { readonly func: 'count' } | { readonly func: 'sum' | 'max' | 'min' | 'avg'; readonly property: string };

export function propertyOf(event: MeterEvent, property: string): unknown {
  if (property === 'name') return event.name;
  if (property === 'source') return event.source;
  if (property === 'timestamp') return event.timestamp;
  const key = property.startsWith('metadata.') ? property.slice('metadata.'.length) : property;
  return event.metadata[key];
}

/** SQL LIKE: `%` any run, `_` one character; a value without either matches as a substring. */
export function likeMatches(actual: string, pattern: string): boolean {
  const effective = /[%_]/.test(pattern) ? pattern : `%${pattern}%`;
  const source = effective.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.');
  return new RegExp(`^${source}$`, 'is').test(actual);
}

function compare(actual: unknown, value: FilterValue): number | null {
  if (typeof value === 'number') {
    const n = typeof actual === 'number' ? actual : typeof actual === 'string' && actual.trim() !== '' ? Number(actual) : NaN;
    return Number.isNaN(n) ? null : n === value ? 0 : n < value ? -1 : 1;
  }
  if (actual === undefined || actual === null) return null;
  const a = String(actual);
  const b = String(value);
  return a === b ? 0 : a < b ? -1 : 1;
}

export function clauseMatches(event: MeterEvent, clause: FilterClause): boolean {
  const actual = propertyOf(event, clause.property);
  switch (clause.operator) {
    case 'like':
      return actual !== undefined && actual !== null && likeMatches(String(actual), String(clause.value));
    case 'not_like':
      return actual === undefined || actual === null || !likeMatches(String(actual), String(clause.value));
    case 'ne': {
      const order = compare(actual, clause.value);
      return order === null || order !== 0;
    }
    default: {
      const order = compare(actual, clause.value);
      if (order === null) return false;
      if (clause.operator === 'eq') return order === 0;
      if (clause.operator === 'gt') return order > 0;
      if (clause.operator === 'gte') return order >= 0;
      if (clause.operator === 'lt') return order < 0;
      return order <= 0;
    }
  }
}

const isGroup = (c: FilterClause | MeterFilter): c is MeterFilter => 'conjunction' in c;

/** An empty group matches everything, as the provider's empty filter does. */
export function filterMatches(event: MeterEvent, filter: MeterFilter): boolean {
  if (filter.clauses.length === 0) return true;
  const test = (c: FilterClause | MeterFilter) => (isGroup(c) ? filterMatches(event, c) : clauseMatches(event, c));
  return filter.conjunction === 'and' ? filter.clauses.every(test) : filter.clauses.some(test);
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Aggregates the events; events without a numeric property are left out of sum/max/min/avg. Empty -> 0. */
export function aggregate(events: readonly MeterEvent[], aggregation: Aggregation): number {
  if (aggregation.func === 'count') return events.length;
  const values = events.map((e) => numeric(propertyOf(e, aggregation.property))).filter((v): v is number => v !== null);
  if (values.length === 0) return 0;
  switch (aggregation.func) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
  }
}
