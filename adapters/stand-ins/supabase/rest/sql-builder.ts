import { ident } from './identifiers.js';
import { badRequest, RestError } from './rest-error.js';
import type { Condition, FilterCondition, OrderTerm } from './parse-filter.js';
import { fieldLabel, type JsonStep } from './parse-field.js';
import type { SelectItem } from './parse-select.js';
import { column, isToOne, type RelationInfo, type Relationship, type SchemaCache } from './schema-cache.js';


export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What a statement needs of a relation: its columns and, for a table or view, its computed fields. */
type Columns = Pick<RelationInfo, 'name' | 'columns'> & { readonly computed?: RelationInfo['computed'] };

/** A JSON key as an SQL string literal (standard_conforming_strings: only quotes need doubling). */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * A column, or a JSON path into it, as SQL: `t0."data"->'a'->>'b'`, an index as `->(0)`. Its type is the
 * column's, or text after `->>`. A name that is no column but a computed field is its function called with the
 * row (cast to the relation's type, so rows of a write's `returning` qualify too): `"public"."f"(t0::"public"."t")`.
 */
export function fieldSql(relation: Columns, alias: string, name: string, path: readonly JsonStep[]): { sql: string; type: string } {
  const computed = relation.columns.has(name) ? undefined : relation.computed?.get(name);
  const col = computed ?? column(relation, name);
  let sql = computed ? `${computed.function}(${alias}::${computed.rowType})` : `${alias}.${ident(col.name)}`;
  for (const step of path) sql += `${step.text ? '->>' : '->'}${step.index ? `(${Number(step.key)})` : literal(step.key)}`;
  const last = path.at(-1);
  return { sql, type: last?.text ? 'text' : col.type };
}

const comparison: Partial<Record<string, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&>', nxr: '&<', adj: '-|-',
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
  const { sql: ref, type } = fieldSql(relation, alias, filter.column, filter.path);
  const value = filter.value;
  if (filter.op === 'in') {
    const list = value as readonly string[];
    if (list.length === 0) return 'false';
    if (list.length > maxInList) throw badRequest(`failed to parse filter (in list of ${list.length} values)`, `at most ${maxInList} values`);
    return `${ref} in (${list.map((item) => `${params.add(item)}::${type}`).join(', ')})`;
  }
  const text = value as string;
  if (filter.op === 'is') {
    const word = text.toLowerCase();
    return word === 'not_null' ? `${ref} is not null` : `${ref} is ${word}`;
  }
  if (filter.op === 'isdistinct') return `${ref} is distinct from ${params.add(text)}::${type}`;
  const search = textSearch[filter.op];
  if (search) {
    const config = filter.modifier ? `${params.add(filter.modifier)}::regconfig, ` : '';
    const target = type === 'tsvector' ? ref : `to_tsvector(${config}${ref}::text)`;
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
    const elementType = isText ? 'text' : type.replace(/\[\]$/, '');
    return `${left} ${symbol} ${filter.modifier}(${params.add(operand)}::${elementType}[])`;
  }
  return `${left} ${symbol} ${params.add(operand)}::${isText ? 'text' : type}`;
}

/** One key of the answer's rows: its SQL, its name, and whether it aggregates (the others are then grouped). */
export interface SelectOutput {
  readonly expr: string;
  readonly name: string;
  readonly aggregate: boolean;
}

export interface CompiledSelect {
  /** `expr as "name", …` */
  readonly list: string;
  readonly outputs: readonly SelectOutput[];
  /**
   * ` left join lateral (…) tN on true` for each spread embed and each to-one embed, to follow the relation's
   * alias (a to-one embed is one row or none, so the joins never repeat a row).
   */
  readonly joins: string;
  /** `exists (…)` conditions from `!inner` embeds. */
  readonly conditions: readonly string[];
  /** ` group by …` when the select aggregates, else empty. */
  readonly groupBy: string;
}

export class AliasCounter {
  private next = 1;
  take(): string {
    return `t${this.next++}`;
  }
}

/** Filters, order and paging that apply inside one embedded resource (`rel.col=eq.1`, `rel.order=…`, `rel.limit=…`). */
export interface EmbedQuery {
  readonly conditions: readonly Condition[];
  readonly order: readonly OrderTerm[];
  readonly limit: number | null;
  readonly offset: number;
}

/** What the rest of a request's query string says about its embeds, by path (`a` or `a.b`, alias or name). */
export class EmbedQueries {
  private readonly used = new Set<string>();
  constructor(private readonly byPath: ReadonlyMap<string, EmbedQuery> = new Map()) {}
  take(paths: readonly string[]): EmbedQuery | null {
    for (const path of paths) {
      const found = this.byPath.get(path);
      if (found) {
        this.used.add(path);
        return found;
      }
    }
    return null;
  }
  /** PGRST108 for a path that names no embed of the select. */
  checkAllUsed(): void {
    for (const path of this.byPath.keys()) {
      if (!this.used.has(path)) {
        throw new RestError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null,
          `Verify that '${path}' is included in the 'select' query parameter.`);
      }
    }
  }
}

export interface SelectContext {
  readonly cache: SchemaCache;
  readonly aliases: AliasCounter;
  readonly params: Params;
  readonly embeds: EmbedQueries;
}

export function compileSelect(
  items: readonly SelectItem[], relation: Columns, alias: string, context: SelectContext, path = '',
): CompiledSelect {
  const outputs: SelectOutput[] = [];
  const conditions: string[] = [];
  let joins = '';
  for (const item of items) {
    if (item.kind === 'star') {
      for (const name of relation.columns.keys()) outputs.push({ expr: `${alias}.${ident(name)}`, name, aggregate: false });
    } else if (item.kind === 'column') {
      const field = fieldSql(relation, alias, item.name, item.path);
      outputs.push({ expr: `${field.sql}${item.cast ? `::${item.cast}` : ''}`, name: item.alias ?? fieldLabel(item), aggregate: false });
    } else if (item.kind === 'aggregate') {
      const argument = item.field ? `${fieldSql(relation, alias, item.field.name, item.field.path).sql}${item.inputCast ? `::${item.inputCast}` : ''}` : '*';
      outputs.push({ expr: `${item.fn}(${argument})${item.cast ? `::${item.cast}` : ''}`, name: item.alias ?? item.fn, aggregate: true });
    } else if (item.spread) {
      const spread = compileSpread(item, relation, alias, context, path);
      joins += spread.join;
      outputs.push(...spread.outputs);
      if (item.inner) conditions.push(spread.exists);
    } else {
      const embedded = compileEmbed(item, relation, alias, context, path);
      // `rel()` only filters (with !inner): nothing of it is answered.
      if (item.items.length > 0) {
        outputs.push({ expr: embedded.expression, name: item.alias ?? item.relation, aggregate: false });
        joins += embedded.join;
      }
      if (item.inner) conditions.push(embedded.exists);
    }
  }
  const aggregates = outputs.some((output) => output.aggregate);
  if (aggregates && items.some((item) => item.kind === 'embed' && !item.spread && item.items.length > 0)) {
    throw badRequest('failed to parse select parameter', 'aggregates beside an embed that is not spread are not supported by the local stand-in', 'Spread the embed (...relation(columns)) to group by its columns');
  }
  const grouped = aggregates ? outputs.filter((output) => !output.aggregate).map((output) => output.expr) : [];
  return {
    list: outputs.map((output) => `${output.expr} as ${ident(output.name)}`).join(', '),
    outputs,
    joins,
    conditions,
    groupBy: grouped.length > 0 ? ` group by ${grouped.join(', ')}` : '',
  };
}

const fmtColumns = (names: readonly string[]) => `(${names.join(', ')})`;

function describeLink(link: Relationship): { embedding: string; cardinality: string; relationship: string } | Record<string, never> {
  // PostgREST lists a computed relationship among ambiguous candidates as an empty object.
  if (link.computed) return {};
  const embedding = `${link.origin} with ${link.target}`;
  if (link.junction) {
    const { table, sourceConstraint, sourcePairs, targetConstraint, targetPairs } = link.junction;
    return {
      embedding,
      cardinality: link.cardinality,
      relationship: `${table} using ${sourceConstraint}${fmtColumns(sourcePairs.map(([, j]) => j))} and ${targetConstraint}${fmtColumns(targetPairs.map(([, j]) => j))}`,
    };
  }
  return {
    embedding,
    cardinality: link.cardinality,
    relationship: `${link.constraint} using ${link.origin}${fmtColumns(link.pairs.map(([a]) => a))} and ${link.target}${fmtColumns(link.pairs.map(([, b]) => b))}`,
  };
}

const singleColumn = (link: Relationship, side: 0 | 1): string | null => (link.pairs.length === 1 ? (link.pairs[0]?.[side] ?? null) : null);

/** PostgREST 12's `findRel`: which relationship an embed `target!hint` follows from `origin`. */
export function findRelationship(
  links: readonly Relationship[], origin: string, target: string, hint: string | null, schemaName = 'public',
): Relationship {
  const matches = links.filter((link) => {
    // A computed relationship is embedded by its function's name, whatever the hint.
    if (link.computed) return target === link.constraint;
    if (link.isSelf) {
      // One foreign key, two relationships: the table's name gives the children, the column the parent.
      if (hint === null) {
        return (target === link.target && link.cardinality === 'one-to-many')
          || (singleColumn(link, 0) === target && link.cardinality === 'many-to-one');
      }
      return target === link.target && link.cardinality === 'one-to-many' && singleColumn(link, 1) === hint;
    }
    if (hint === null) {
      return target === link.target
        || (!link.targetIsView && link.junction === null && (link.constraint === target || singleColumn(link, 0) === target));
    }
    return target === link.target && (
      (link.junction === null && (link.constraint === hint || singleColumn(link, 0) === hint || singleColumn(link, 1) === hint))
      || link.junction?.table === hint
    );
  });
  if (matches.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schemaName}', but no matches were found.`,
    );
  }
  if (matches.length > 1) {
    const hints = matches.map((link) => (link.computed ? '' : `'${link.target}!${link.junction ? link.junction.table : link.constraint}'`)).join(', ');
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      matches.map(describeLink),
      `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
    );
  }
  return matches[0]!;
}

type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

interface EmbedParts {
  readonly link: Relationship;
  readonly target: RelationInfo;
  readonly child: string;
  readonly path: string;
  readonly options: EmbedQuery | null;
  /** The embedded relation (with its junction) aliased `child`. */
  readonly source: string;
  /** Join to the parent, the embed's own filters and its `!inner` children. */
  readonly where: string;
  readonly inner: CompiledSelect;
}

function embedParts(item: EmbedItem, relation: Columns, alias: string, context: SelectContext, parentPath: string): EmbedParts {
  const { cache, aliases, params } = context;
  const parent = cache.hasRelation(relation.name) ? cache.relation(relation.name) : null;
  const link = findRelationship(parent?.relationships ?? [], relation.name, item.relation, item.hint, cache.schema);
  const target = cache.relation(link.target);
  const child = aliases.take();
  const prefix = parentPath ? `${parentPath}.` : '';
  const path = `${prefix}${item.alias ?? item.relation}`;
  const options = context.embeds.take(item.alias ? [path, `${prefix}${item.relation}`] : [path]);
  let source = `${cache.qualify(target.name)} ${child}`;
  let join: string;
  if (link.computed) {
    // The function's rows are the embed: `from "public"."f"(t0::"public"."t") t1`, nothing to join on.
    source = `${link.computed.function}(${alias}::${link.computed.rowType}) ${child}`;
    join = '';
  } else if (link.junction) {
    const through = aliases.take();
    const { table, sourcePairs, targetPairs } = link.junction;
    source += ` join ${cache.qualify(table)} ${through} on ${targetPairs.map(([mine, theirs]) => `${through}.${ident(theirs)} = ${child}.${ident(mine)}`).join(' and ')}`;
    join = sourcePairs.map(([mine, theirs]) => `${through}.${ident(theirs)} = ${alias}.${ident(mine)}`).join(' and ');
  } else {
    join = link.pairs.map(([mine, theirs]) => `${child}.${ident(theirs)} = ${alias}.${ident(mine)}`).join(' and ');
  }
  const inner = compileSelect(item.items, target, child, context, path);
  const filters = (options?.conditions ?? []).map((condition) => compileCondition(condition, target, child, params));
  const where = [join, ...filters, ...inner.conditions].filter((part) => part !== '');
  return { link, target, child, path, options, source, where: where.length > 0 ? where.join(' and ') : 'true', inner };
}

/**
 * An embed as PostgREST 12 builds it: a to-one relation (many-to-one, one-to-one) is a `left join lateral` of its
 * one row, answered as `row_to_json` of it (null when there is none), so the planner joins whole tables at once
 * however deep the embeds go; a to-many relation is its rows aggregated with `json_agg` for each parent row.
 */
function compileEmbed(
  item: EmbedItem, relation: Columns, alias: string, context: SelectContext, parentPath: string,
): { expression: string; join: string; exists: string } {
  const { link, target, child, options, source, where, inner } = embedParts(item, relation, alias, context, parentPath);
  const exists = `exists (select 1 from ${source} where ${where})`;
  const rows = `select ${inner.list} from ${source}${inner.joins} where ${where}${inner.groupBy}`;
  if (isToOne(link)) {
    const lateral = context.aliases.take();
    return { expression: `row_to_json(${lateral}.*)`, join: ` left join lateral (${rows}) ${lateral} on true`, exists };
  }
  const order = options ? compileOrder(options.order, target, child) : '';
  const page = options ? `${options.limit !== null ? ` limit ${options.limit}` : ''}${options.offset ? ` offset ${options.offset}` : ''}` : '';
  return { expression: `coalesce((select json_agg(_e) from (${rows}${order}${page}) _e), '[]'::json)`, join: '', exists };
}

/**
 * `...rel(cols)`: the to-one relation's columns become the parent's own, through a lateral join (PostgREST 12
 * spreads many-to-one and one-to-one relationships only: PGRST119 otherwise).
 */
function compileSpread(
  item: EmbedItem, relation: Columns, alias: string, context: SelectContext, parentPath: string,
): { join: string; outputs: SelectOutput[]; exists: string } {
  const { link, source, where, inner } = embedParts(item, relation, alias, context, parentPath);
  if (!isToOne(link)) {
    throw new RestError(400, 'PGRST119', `A spread operation on '${item.relation}' is not possible`,
      `'${relation.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`);
  }
  if (inner.outputs.some((output) => output.aggregate)) {
    throw badRequest(`failed to parse select parameter (...${item.relation})`, 'aggregates inside a spread embed are not supported by the local stand-in');
  }
  const lateral = context.aliases.take();
  return {
    join: ` left join lateral (select ${inner.list} from ${source}${inner.joins} where ${where} limit 1) ${lateral} on true`,
    outputs: inner.outputs.map((output) => ({ expr: `${lateral}.${ident(output.name)}`, name: output.name, aggregate: false })),
    exists: `exists (select 1 from ${source} where ${where})`,
  };
}

export function compileOrder(terms: readonly OrderTerm[], relation: Columns, alias: string): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${fieldSql(relation, alias, term.column, term.path).sql} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

/**
 * The page's rows (`_r`) as the answer's body: one JSON array (null-valued keys left out for `nulls=stripped`),
 * or, for `text/csv`, PostgREST's CSV: the first row's keys as the header, then each row as Postgres writes a
 * record (quoted where needed, empty for null), lines joined by a newline.
 */
export function rowsJson(media: { readonly stripNulls: boolean; readonly csv?: boolean }): string {
  if (media.csv) {
    const header = `coalesce((select string_agg(_k, ',') from json_object_keys((array_agg(row_to_json(_r)))[1]) _k), '')`;
    return `${header} || chr(10) || coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), chr(10)), '')`;
  }
  const rows = `coalesce(json_agg(_r), '[]'::json)`;
  return media.stripNulls ? `json_strip_nulls(${rows})` : rows;
}
