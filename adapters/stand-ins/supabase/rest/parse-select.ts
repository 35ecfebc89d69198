import { badRequest } from './rest-error.js';
import { readField, type Field } from './parse-field.js';
import { splitTopLevel } from './split-top-level.js';

/** PostgREST 12's aggregate functions (with `db-aggregates-enabled`). */
export const aggregateFunctions = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof aggregateFunctions)[number];

export type SelectItem =
  | { readonly kind: 'star' }
  | { readonly kind: 'column'; readonly name: string; readonly path: Field['path']; readonly alias: string | null; readonly cast: string | null }
  | {
      readonly kind: 'aggregate';
      readonly fn: AggregateFunction;
      /** The aggregated column, or null for a bare `count()`. */
      readonly field: Field | null;
      /** `amount::int.sum()`: the column's cast before aggregating. */
      readonly inputCast: string | null;
      readonly alias: string | null;
      /** `amount.sum()::text`: the result's cast. */
      readonly cast: string | null;
    }
  | {
      readonly kind: 'embed';
      readonly relation: string;
      /** `!fkey_name`, `!column` or `!junction`: which relationship to follow when several match. */
      readonly hint: string | null;
      readonly alias: string | null;
      readonly inner: boolean;
      /** `...relation(…)`: the embed's columns join the parent's (to-one relationships only). */
      readonly spread: boolean;
      /** Empty for `relation()`: used only to filter (with `!inner`), nothing of it is answered. */
      readonly items: readonly SelectItem[];
    };

const identifier = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const aliasPattern = /^[\p{L}\p{N}_$]+$/u;
// Casts are limited to plain value types: reg* casts would let a request probe the catalogue.
const castTypes: ReadonlySet<string> = new Set([
  'text', 'varchar', 'integer', 'int', 'int4', 'bigint', 'int8', 'smallint', 'numeric', 'real', 'float8', 'double precision',
  'boolean', 'bool', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'uuid', 'json', 'jsonb',
]);
const aggregatePattern = /^([\s\S]*)\.(count|sum|avg|min|max)\(\)(?:::([a-z0-9 ]+(?:\[\])?))?$/;
const bareCount = /^count\(\)(?:::([a-z0-9 ]+(?:\[\])?))?$/;

/**
 * Parses PostgREST's `select` parameter: `*`, `col`, `alias:col`, `col::type`, JSON paths (`data->a->>b`),
 * quoted names (`"a b"`), aggregates (`amount.sum()`, `count()`), embeds (`alias:rel!hint!inner(…)`) and
 * spreads (`...rel(…)`).
 */
export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ kind: 'star' }];
  const parts = splitTopLevel(raw);
  if (!parts) throw badRequest(`failed to parse select parameter (${raw})`, 'unbalanced parentheses or quotes');
  return parts.map((part) => parseItem(part.trim(), raw));
}

function checkCast(cast: string | null, fail: (why: string) => Error): string | null {
  if (cast !== null && !castTypes.has(cast.replace(/\[\]$/, ''))) throw fail(`casting to "${cast}" is not supported`);
  return cast;
}

function parseItem(text: string, raw: string): SelectItem {
  const fail = (why: string) => badRequest(`failed to parse select parameter (${raw})`, why);
  if (text === '*') return { kind: 'star' };
  let alias: string | null = null;
  let rest = text;
  const colon = text.search(/:(?!:)/);
  if (colon > 0 && text[colon - 1] !== ':' && aliasPattern.test(text.slice(0, colon))) {
    alias = text.slice(0, colon);
    rest = text.slice(colon + 1);
  }
  const count = bareCount.exec(rest);
  if (count) return { kind: 'aggregate', fn: 'count', field: null, inputCast: null, alias, cast: checkCast(count[1] ?? null, fail) };
  const aggregate = aggregatePattern.exec(rest);
  if (aggregate) {
    const read = readField(aggregate[1] ?? '');
    const inputCast = read?.rest.startsWith('::') ? read.rest.slice(2) : null;
    if (!read || (read.rest !== '' && inputCast === null)) throw fail(`"${aggregate[1]}" is not a column to aggregate`);
    return {
      kind: 'aggregate', fn: aggregate[2] as AggregateFunction, field: read.field,
      inputCast: checkCast(inputCast, fail), alias, cast: checkCast(aggregate[3] ?? null, fail),
    };
  }
  const open = rest.indexOf('(');
  if (open >= 0) {
    if (!rest.endsWith(')')) throw fail(`unexpected text after "${rest}"`);
    const spread = rest.startsWith('...');
    const head = rest.slice(spread ? 3 : 0, open);
    if (spread && alias !== null) throw fail('a spread embed takes no alias');
    const [relation = '', ...marks] = head.split('!');
    if (!identifier.test(relation)) throw fail(`"${relation}" is not a relation name`);
    const joins = marks.filter((mark) => mark === 'inner' || mark === 'left');
    const hints = marks.filter((mark) => mark !== 'inner' && mark !== 'left');
    if (hints.length > 1 || joins.length > 1 || marks.some((mark) => !identifier.test(mark))) {
      throw fail(`"${head}" is not <relation>!<hint>!<inner|left>`);
    }
    const inside = rest.slice(open + 1, -1);
    return {
      kind: 'embed', relation, hint: hints[0] ?? null, alias, inner: joins[0] === 'inner', spread,
      items: inside.trim() === '' ? [] : parseSelect(inside),
    };
  }
  const read = readField(rest);
  if (!read) throw fail(`"${rest}" is not a column the local stand-in can select`);
  let cast: string | null = null;
  if (read.rest !== '') {
    if (!read.rest.startsWith('::')) throw fail(`unexpected "${read.rest}" after "${rest.slice(0, rest.length - read.rest.length)}"`);
    cast = read.rest.slice(2);
  }
  return { kind: 'column', name: read.field.name, path: read.field.path, alias, cast: checkCast(cast, fail) };
}
