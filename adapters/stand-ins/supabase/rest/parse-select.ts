import { badRequest } from './rest-error.js';
import { splitTopLevel } from './split-top-level.js';

export type SelectItem =
  | { readonly kind: 'star' }
  | { readonly kind: 'column'; readonly name: string; readonly alias: string | null; readonly cast: string | null }
  | {
      readonly kind: 'embed';
      readonly relation: string;
      /** `!fkey_name`, `!column` or `!junction`: which relationship to follow when several match. */
      readonly hint: string | null;
      readonly alias: string | null;
      readonly inner: boolean;
      readonly items: readonly SelectItem[];
    };

const identifier = /^[A-Za-z_][A-Za-z0-9_$]*$/;
// Casts are limited to plain value types: reg* casts would let a request probe the catalogue.
const castTypes: ReadonlySet<string> = new Set([
  'text', 'varchar', 'integer', 'int', 'int4', 'bigint', 'int8', 'smallint', 'numeric', 'real', 'float8', 'double precision',
  'boolean', 'bool', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'uuid', 'json', 'jsonb',
]);

/** Parses PostgREST's `select` parameter: `*`, `col`, `alias:col`, `col::type`, `rel(…)`, `alias:rel!inner(…)`. */
export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ kind: 'star' }];
  const parts = splitTopLevel(raw);
  if (!parts) throw badRequest(`failed to parse select parameter (${raw})`, 'unbalanced parentheses or quotes');
  return parts.map((part) => parseItem(part.trim(), raw));
}

function parseItem(text: string, raw: string): SelectItem {
  const fail = (why: string) => badRequest(`failed to parse select parameter (${raw})`, why);
  if (text === '*') return { kind: 'star' };
  let alias: string | null = null;
  let rest = text;
  const colon = text.search(/:(?!:)/);
  if (colon > 0 && text[colon - 1] !== ':') {
    alias = text.slice(0, colon);
    rest = text.slice(colon + 1);
    if (!identifier.test(alias)) throw fail(`"${alias}" is not a valid alias`);
  }
  const open = rest.indexOf('(');
  if (open >= 0) {
    if (!rest.endsWith(')')) throw fail(`unexpected text after "${rest}"`);
    if (rest.slice(open + 1, -1).trim() === '') throw fail('aggregates and empty embeds are not supported by the local stand-in');
    if (rest.startsWith('...')) throw fail('spread embeds (...) are not supported by the local stand-in');
    const [relation = '', ...marks] = rest.slice(0, open).split('!');
    if (!identifier.test(relation)) throw fail(`"${relation}" is not a relation name`);
    const joins = marks.filter((mark) => mark === 'inner' || mark === 'left');
    const hints = marks.filter((mark) => mark !== 'inner' && mark !== 'left');
    if (hints.length > 1 || joins.length > 1 || marks.some((mark) => !identifier.test(mark))) {
      throw fail(`"${rest.slice(0, open)}" is not <relation>!<hint>!<inner|left>`);
    }
    return {
      kind: 'embed', relation, hint: hints[0] ?? null, alias, inner: joins[0] === 'inner', items: parseSelect(rest.slice(open + 1, -1)),
    };
  }
  const [name = '', cast = null, ...extra] = rest.split('::');
  if (extra.length > 0 || !identifier.test(name)) throw fail(`"${rest}" is not a column the local stand-in can select`);
  if (cast !== null && !castTypes.has(cast.replace(/\[\]$/, ''))) throw fail(`casting to "${cast}" is not supported`);
  return { kind: 'column', name, alias, cast };
}
