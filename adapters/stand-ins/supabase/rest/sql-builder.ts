import { badRequest, RestError } from './rest-error.js';
import type { Condition, FilterCondition, OrderTerm } from './parse-filter.js';
import type { SelectItem } from './parse-select.js';
import { column, type RelationInfo, type SchemaCache } from './schema-cache.js';

/** Identifiers reach SQL only after a catalogue lookup, and always quoted; values only as `$n`. */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

type Columns = Pick<RelationInfo, 'name' | 'columns'>;

const comparison: Partial<Record<string, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&<', nxr: '&>', adj: '-|-',
};
const textSearch: Partial<Record<string, string>> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};
const maxInList = 1000;

export function compileCondition(condition: Condition, relation: Columns, alias: string, params: Params): string {
  if (condition.kind === 'logic') {
    const joined = condition.children.map((child) => compileCondition(child, relation, alias, params)).join(` ${condition.op} `);
    return condition.negate ? `not (${joined})` : `(${joined})`;
  }
  const sql = compileFilter(condition, relation, alias, params);
  return condition.negate ? `not (${sql})` : sql;
}

function compileFilter(filter: FilterCondition, relation: Columns, alias: string, params: Params): string {
  const col = column(relation, filter.column);
  const ref = `${alias}.${ident(col.name)}`;
  const value = filter.value;
  if (filter.op === 'in') {
    const list = value as readonly string[];
    if (list.length === 0) return 'false';
    if (list.length > maxInList) throw badRequest(`failed to parse filter (in list of ${list.length} values)`, `at most ${maxInList} values`);
    return `${ref} in (${list.map((item) => `${params.add(item)}::${col.type}`).join(', ')})`;
  }
  const text = value as string;
  if (filter.op === 'is') {
    const word = text.toLowerCase();
    return word === 'not_null' ? `${ref} is not null` : `${ref} is ${word}`;
  }
  if (filter.op === 'isdistinct') return `${ref} is distinct from ${params.add(text)}::${col.type}`;
  const search = textSearch[filter.op];
  if (search) {
    const config = filter.modifier ? `${params.add(filter.modifier)}::regconfig, ` : '';
    const target = col.type === 'tsvector' ? ref : `to_tsvector(${config}${ref}::text)`;
    return `${target} @@ ${search}(${config}${params.add(text)})`;
  }
  const symbol = comparison[filter.op];
  if (!symbol) throw new RestError(400, 'PGRST100', `failed to parse filter (${filter.op})`);
  const isPattern = filter.op === 'like' || filter.op === 'ilike';
  const isText = isPattern || filter.op === 'match' || filter.op === 'imatch';
  // PostgREST lets `*` stand for `%` so patterns survive URL encoding.
  const operand = isPattern ? text.replaceAll('*', '%') : text;
  const left = isText ? `${ref}::text` : ref;
  if (filter.modifier === 'any' || filter.modifier === 'all') {
    const elementType = isText ? 'text' : col.type.replace(/\[\]$/, '');
    return `${left} ${symbol} ${filter.modifier}(${params.add(operand)}::${elementType}[])`;
  }
  return `${left} ${symbol} ${params.add(operand)}::${isText ? 'text' : col.type}`;
}

export interface CompiledSelect {
  readonly list: string;
  /** `exists (…)` conditions from `!inner` embeds. */
  readonly conditions: readonly string[];
}

export class AliasCounter {
  private next = 1;
  take(): string {
    return `t${this.next++}`;
  }
}

export function compileSelect(
  items: readonly SelectItem[], relation: Columns, alias: string, cache: SchemaCache, aliases: AliasCounter, expandStar = false,
): CompiledSelect {
  const list: string[] = [];
  const conditions: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      list.push(expandStar ? [...relation.columns.keys()].map((name) => `${alias}.${ident(name)}`).join(', ') : `${alias}.*`);
    } else if (item.kind === 'column') {
      const col = column(relation, item.name);
      const cast = item.cast ? `::${item.cast}` : '';
      list.push(`${alias}.${ident(col.name)}${cast} as ${ident(item.alias ?? col.name)}`);
    } else {
      const embedded = compileEmbed(item, relation, alias, cache, aliases);
      list.push(`${embedded.expression} as ${ident(item.alias ?? item.relation)}`);
      if (item.inner) conditions.push(embedded.exists);
    }
  }
  return { list: list.join(', '), conditions };
}

function compileEmbed(
  item: Extract<SelectItem, { kind: 'embed' }>, relation: Columns, alias: string, cache: SchemaCache, aliases: AliasCounter,
): { expression: string; exists: string } {
  const parent = cache.relation(relation.name);
  const links = parent.relationships.filter((link) => link.target === item.relation);
  const target = cache.relation(item.relation);
  if (links.length === 0) {
    throw new RestError(400, 'PGRST200', `Could not find a relationship between '${relation.name}' and '${item.relation}' in the schema cache`);
  }
  if (links.length > 1) {
    throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${relation.name}' and '${item.relation}'`);
  }
  const link = links[0]!;
  const child = aliases.take();
  const join = link.pairs.map(([mine, theirs]) => `${child}.${ident(theirs)} = ${alias}.${ident(mine)}`).join(' and ');
  const inner = compileSelect(item.items, target, child, cache, aliases);
  const where = [join, ...inner.conditions].join(' and ');
  const from = `from public.${ident(target.name)} ${child} where ${where}`;
  const expression = link.toOne
    ? `(select row_to_json(_e) from (select ${inner.list} ${from}) _e limit 1)`
    : `coalesce((select json_agg(_e) from (select ${inner.list} ${from}) _e), '[]'::json)`;
  return { expression, exists: `exists (select 1 ${from})` };
}

export function compileOrder(terms: readonly OrderTerm[], relation: Columns, alias: string): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const col = column(relation, term.column);
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${alias}.${ident(col.name)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}
