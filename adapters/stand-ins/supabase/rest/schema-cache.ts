import type { LocalDb } from '../db.js';
import { ident } from './identifiers.js';
import { columnNotFound, payloadColumnNotFound, RestError, tableNotFound } from './rest-error.js';
import { viewColumnOrigins, type ViewColumnOrigin } from './view-columns.js';

export interface ColumnInfo {
  readonly name: string;
  /** `format_type()` output, used verbatim in casts: it comes from the catalogue, never from a request. */
  readonly type: string;
  /** The column default as SQL (`pg_get_expr`, from the catalogue), for `Prefer: missing=default`. */
  readonly defaultExpr: string | null;
}

/** PostgREST's cardinalities: a foreign key gives m2o (o2o when its columns are unique) and its inverse. */
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  readonly table: string;
  /** [column of the origin, column of the junction] (the junction's key towards the origin). */
  readonly sourcePairs: readonly (readonly [string, string])[];
  readonly sourceConstraint: string;
  /** [column of the target, column of the junction]. */
  readonly targetPairs: readonly (readonly [string, string])[];
  readonly targetConstraint: string;
}

export interface Relationship {
  /** The relation the embed starts from. */
  readonly origin: string;
  /** The embedded relation. */
  readonly target: string;
  readonly cardinality: Cardinality;
  /** The foreign key's constraint name (for many-to-many, the junction table's name). */
  readonly constraint: string;
  /** Column pairs [column of the origin, column of the target] (empty for many-to-many). */
  readonly pairs: readonly (readonly [string, string])[];
  readonly junction: Junction | null;
  /** A foreign key from a table to itself (or a view to itself, or a computed relationship returning its own rows). */
  readonly isSelf: boolean;
  readonly targetIsView: boolean;
  /**
   * A computed relationship: the function (taking the origin's row) whose rows are the embed, as SQL; `constraint`
   * is then the function's name and `pairs` is empty. Null for a relationship detected from foreign keys.
   */
  readonly computed: { readonly function: string; readonly rowType: string } | null;
}

/** A computed field: a function of one argument, the relation's row, returning a value; selected like a column. */
export interface ComputedField {
  readonly name: string;
  /** The function's return type (`format_type()`), for casts of filter values. */
  readonly type: string;
  /** The function, qualified, as SQL. */
  readonly function: string;
  /** The relation's row type, qualified, as SQL (the argument is cast to it). */
  readonly rowType: string;
}

export const isToOne = (link: Relationship): boolean => link.cardinality === 'many-to-one' || link.cardinality === 'one-to-one';

export interface RelationInfo {
  readonly name: string;
  readonly isView: boolean;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
  /** Computed fields by name: selectable, filterable and orderable, never part of `*`. */
  readonly computed: ReadonlyMap<string, ComputedField>;
  /** A view's is the key of a table it passes through whole, as PostgREST infers it. */
  readonly primaryKey: readonly string[];
  readonly relationships: readonly Relationship[];
}

export interface FunctionArg {
  /** Empty for an unnamed parameter. */
  readonly name: string;
  readonly type: string;
  readonly hasDefault: boolean;
}

export interface FunctionInfo {
  readonly name: string;
  readonly args: readonly FunctionArg[];
  readonly returnsSet: boolean;
  readonly returnType: string;
  /** Output columns when the function yields rows (composite or `returns table`), else null. */
  readonly rowColumns: ReadonlyMap<string, ColumnInfo> | null;
  /** The table or view whose row type the function returns (its relationships then serve embeds), else null. */
  readonly returnRelation: string | null;
  readonly returnsVoid: boolean;
}

export interface SchemaCache {
  /** The schema this cache reads (`public`, or another of the configured `db-schemas`). */
  readonly schema: string;
  /** `"schema"."name"` for SQL (the name comes from the catalogue). */
  qualify(name: string): string;
  relation(name: string): RelationInfo;
  hasRelation(name: string): boolean;
  functions(name: string): readonly FunctionInfo[];
  /** pg_timezone_names, for `Prefer: timezone=…`. */
  readonly timezones: ReadonlySet<string>;
}

export function column(relation: Pick<RelationInfo, 'name' | 'columns'>, name: string, inPayload = false): ColumnInfo {
  const found = relation.columns.get(name);
  if (!found) throw inPayload ? payloadColumnNotFound(relation.name, name) : columnNotFound(relation.name, name);
  return found;
}

interface ColumnRow { oid: string; rel: string; kind: string; col: string; type: string; default_expr: string | null }
interface KeyRow { oid: string; cols: string[]; nums: number[] }
interface ForeignKeyRow {
  name: string; rel_oid: string; target_oid: string; col_nums: number[]; target_col_nums: number[];
  cols: string[]; target_cols: string[]; one_to_one: boolean;
}
interface ViewRow { oid: string; action: string; cols: string[] }
interface ComputedRow { name: string; arg_rel: string; return_rel: string | null; returns_set: boolean; single_row: boolean; return_type: string }
interface FunctionRow {
  name: string; arg_names: string[] | null; arg_modes: string[] | null; arg_types: string[]; n_defaults: number;
  returns_set: boolean; return_type: string; return_relid: number; return_rel: string | null; out_types: string[] | null;
}

/** Reads one schema, as PostgREST's schema cache does (again after each `NOTIFY pgrst`, see rest-app.ts). */
export async function loadSchemaCache(db: LocalDb, schema = 'public'): Promise<SchemaCache> {
  return db.asAdmin(async (tx) => {
    const columns = await tx.query<ColumnRow>(`
      select c.oid::text as oid, c.relname as rel, c.relkind::text as kind, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
        case when a.attidentity = 'd' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
          else pg_get_expr(d.adbin, d.adrelid) end as default_expr
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`, [schema]);
    // Primary keys and foreign keys of every schema: a view of this schema may pass through a table of another.
    const keys = await tx.query<KeyRow>(`
      select c.oid::text as oid, array_agg(a.attname order by k.ord) as cols, array_agg(a.attnum::int order by k.ord) as nums
      from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(con.conkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname not in ('pg_catalog', 'information_schema') and con.contype = 'p' group by c.oid, con.oid`);
    const foreignKeys = await tx.query<ForeignKeyRow>(`
      select con.conname as name, con.conrelid::text as rel_oid, con.confrelid::text as target_oid,
        con.conkey::int[] as col_nums, con.confkey::int[] as target_col_nums,
        array(select a.attname from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as cols,
        array(select a.attname from unnest(con.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as target_cols,
        -- One-to-one when the key's columns are exactly the columns of a primary key or unique constraint.
        exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
          and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
      from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where con.contype = 'f' and con.conparentid = 0 and n.nspname not in ('pg_catalog', 'information_schema')
      order by con.conrelid, con.conname`);
    // Each view's stored definition, to find the columns it passes through unchanged (see view-columns.ts).
    const views = await tx.query<ViewRow>(`
      select c.oid::text as oid, r.ev_action::text as action,
        array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 order by a.attnum) as cols
      from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
      where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`);
    const timezones = await tx.query<{ name: string }>('select name from pg_timezone_names');
    const functions = await tx.query<FunctionRow>(`
      select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
        array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types,
        p.pronargdefaults as n_defaults, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
        coalesce(rt.typrelid, 0)::int as return_relid, rc.relname as return_rel, null::text[] as out_types
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      left join pg_class rc on rc.oid = rt.typrelid
      where n.nspname = $1 and p.prokind = 'f'`, [schema]);
    // Functions of one argument of a relation's row type: computed fields (a value) and computed relationships (rows).
    const computed = await tx.query<ComputedRow>(`
      select p.proname as name, ac.oid::text as arg_rel, rc.oid::text as return_rel, p.proretset as returns_set,
        (not p.proretset or p.prorows = 1) as single_row, format_type(p.prorettype, null) as return_type
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('r', 'v', 'm', 'p', 'f')
      left join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('r', 'v', 'm', 'p', 'f')
      where n.nspname = $1 and p.prokind = 'f' and p.pronargs = 1
      order by p.proname`, [schema]);

    const relations = new Map<string, MutableRelation>();
    const byOid = new Map<string, MutableRelation>();
    for (const row of columns.rows) {
      let rel = byOid.get(row.oid);
      if (!rel) {
        rel = { name: row.rel, isView: row.kind === 'v' || row.kind === 'm', columns: new Map(), computed: new Map(), primaryKey: [], relationships: [] };
        byOid.set(row.oid, rel);
        relations.set(row.rel, rel);
      }
      rel.columns.set(row.col, { name: row.col, type: row.type, defaultExpr: row.default_expr });
    }
    const viewColumns = passedThrough(views.rows, byOid);
    for (const row of keys.rows) byOid.get(row.oid)?.primaryKey.push(...row.cols);
    addViewPrimaryKeys(viewColumns, keys.rows, byOid);
    addRelationships(byOid, foreignKeyLinks(foreignKeys.rows, viewColumns));
    addComputed(computed.rows, byOid, (name) => `${ident(schema)}.${ident(name)}`);

    const byName = new Map<string, FunctionInfo[]>();
    for (const row of functions.rows) {
      const info = toFunctionInfo(row, relations);
      byName.set(row.name, [...(byName.get(row.name) ?? []), info]);
    }

    return {
      schema,
      qualify: (name) => `${ident(schema)}.${ident(name)}`,
      timezones: new Set(timezones.rows.map((row) => row.name)),
      hasRelation: (name) => relations.has(name),
      relation(name) {
        const found = relations.get(name);
        if (!found) throw tableNotFound(schema, name);
        return found;
      },
      functions(name) {
        const found = byName.get(name);
        if (!found) throw new RestError(404, 'PGRST202', `Could not find the function ${schema}.${name} in the schema cache`);
        return found;
      },
    };
  });
}

interface MutableRelation {
  name: string;
  isView: boolean;
  columns: Map<string, ColumnInfo>;
  computed: Map<string, ComputedField>;
  primaryKey: string[];
  relationships: Relationship[];
}

/** For each view of this schema: `<relation oid>:<column number>` of a table column → the view's columns passing it through. */
type ViewColumns = Map<string, Map<string, string[]>>;

/**
 * The table columns each view of this schema passes through unchanged, followed through views of views (as
 * PostgREST's view-relationship detection does); a column that is computed in any view on the way passes none.
 */
function passedThrough(rows: readonly ViewRow[], inSchema: ReadonlyMap<string, MutableRelation>): ViewColumns {
  const origins = new Map(rows.map((row) => [row.oid, viewColumnOrigins(row.action)]));
  const source = (view: string, position: number, depth: number): ViewColumnOrigin | null => {
    const origin = origins.get(view)?.find((entry) => entry.position === position);
    if (!origin || origin.relation === '0' || origin.column <= 0) return null;
    return origins.has(origin.relation) && depth < 32 ? source(origin.relation, origin.column, depth + 1) : origin;
  };
  const result: ViewColumns = new Map();
  for (const row of rows) {
    if (!inSchema.get(row.oid)?.isView) continue;
    const refs = new Map<string, string[]>();
    for (const entry of origins.get(row.oid) ?? []) {
      const base = source(row.oid, entry.position, 0);
      const name = row.cols[entry.position - 1];
      if (!base || name === undefined) continue;
      const key = `${base.relation}:${base.column}`;
      refs.set(key, [...(refs.get(key) ?? []), name]);
    }
    result.set(row.oid, refs);
  }
  return result;
}

/** Every choice of view columns that passes through all of `relation`'s columns `numbers` (none when one is missing). */
function viewColumnChoices(refs: ReadonlyMap<string, readonly string[]>, relation: string, numbers: readonly number[]): string[][] {
  let choices: string[][] = [[]];
  for (const number of numbers) {
    const names = refs.get(`${relation}:${number}`);
    if (!names) return [];
    choices = choices.flatMap((chosen) => names.map((name) => [...chosen, name]));
  }
  return choices;
}

/** A view's primary key, as PostgREST gives one: a base table's whole key passed through (its first column for each). */
function addViewPrimaryKeys(viewColumns: ViewColumns, keys: readonly KeyRow[], byOid: ReadonlyMap<string, MutableRelation>): void {
  for (const [view, refs] of viewColumns) {
    const relation = byOid.get(view);
    for (const key of keys) {
      const [first] = viewColumnChoices(refs, key.oid, key.nums).slice(0, 1);
      if (relation && first) relation.primaryKey.push(...first);
    }
  }
}

/** A many-to-one (or one-to-one) link between two relations by oid, from a foreign key. */
interface KeyLink { origin: string; target: string; constraint: string; pairs: (readonly [string, string])[]; oneToOne: boolean }

const zipPairs = (left: readonly string[], right: readonly string[]) => left.map((name, i) => [name, right[i] ?? ''] as const);

/**
 * Each foreign key links its table to the table it references, and, as PostgREST 12 infers, every view passing
 * all of its columns through unchanged to that table (view → table), the table to every view passing the referenced
 * columns through (table → view), and those views to each other (view → view), under the same constraint name.
 */
function foreignKeyLinks(foreignKeys: readonly ForeignKeyRow[], viewColumns: ViewColumns): KeyLink[] {
  const links: KeyLink[] = [];
  for (const fk of foreignKeys) {
    const link = (origin: string, target: string, from: readonly string[], to: readonly string[]) =>
      links.push({ origin, target, constraint: fk.name, pairs: zipPairs(from, to), oneToOne: fk.one_to_one });
    link(fk.rel_oid, fk.target_oid, fk.cols, fk.target_cols);
    const fromViews = [...viewColumns].flatMap(([view, refs]) => viewColumnChoices(refs, fk.rel_oid, fk.col_nums).map((cols) => ({ view, cols })));
    const toViews = [...viewColumns].flatMap(([view, refs]) => viewColumnChoices(refs, fk.target_oid, fk.target_col_nums).map((cols) => ({ view, cols })));
    for (const from of fromViews) link(from.view, fk.target_oid, from.cols, fk.target_cols);
    for (const to of toViews) link(fk.rel_oid, to.view, fk.cols, to.cols);
    for (const from of fromViews) for (const to of toViews) link(from.view, to.view, from.cols, to.cols);
  }
  return links;
}

/**
 * PostgREST's relationships: each key link is many-to-one (one-to-one when its columns are unique) from the
 * relation holding it and the inverse from the one it references; a relation with two many-to-one links whose
 * columns are all in its primary key is a junction, giving many-to-many between the two relations it links.
 * Links reaching outside this schema are left out.
 */
function addRelationships(byOid: ReadonlyMap<string, MutableRelation>, links: readonly KeyLink[]): void {
  const direct: Relationship[] = [];
  for (const link of links) {
    const origin = byOid.get(link.origin);
    const target = byOid.get(link.target);
    if (!origin || !target) continue;
    direct.push({
      origin: origin.name,
      target: target.name,
      cardinality: link.oneToOne ? 'one-to-one' : 'many-to-one',
      constraint: link.constraint,
      pairs: link.pairs,
      junction: null,
      isSelf: link.origin === link.target,
      targetIsView: target.isView,
      computed: null,
    });
  }
  const byName = new Map([...byOid.values()].map((relation) => [relation.name, relation]));
  const inverse: Relationship[] = direct.map((link) => ({
    ...link,
    origin: link.target,
    target: link.origin,
    cardinality: link.cardinality === 'one-to-one' ? 'one-to-one' : 'one-to-many',
    pairs: link.pairs.map(([a, b]) => [b, a] as const),
    targetIsView: byName.get(link.origin)?.isView ?? false,
  }));
  const manyToMany: Relationship[] = [];
  const manyToOne = direct.filter((link) => link.cardinality === 'many-to-one');
  for (const first of manyToOne) {
    for (const second of manyToOne) {
      if (first.origin !== second.origin || first.constraint === second.constraint) continue;
      const key = new Set(byName.get(first.origin)?.primaryKey ?? []);
      const used = [...first.pairs, ...second.pairs].map(([junctionColumn]) => junctionColumn);
      if (key.size === 0 || !used.every((name) => key.has(name))) continue;
      manyToMany.push({
        origin: first.target,
        target: second.target,
        cardinality: 'many-to-many',
        constraint: first.origin,
        pairs: [],
        junction: {
          table: first.origin,
          sourcePairs: first.pairs.map(([junctionColumn, originColumn]) => [originColumn, junctionColumn] as const),
          sourceConstraint: first.constraint,
          targetPairs: second.pairs.map(([junctionColumn, targetColumn]) => [targetColumn, junctionColumn] as const),
          targetConstraint: second.constraint,
        },
        isSelf: first.target === second.target,
        targetIsView: byName.get(second.target)?.isView ?? false,
        computed: null,
      });
    }
  }
  for (const link of [...direct, ...inverse, ...manyToMany]) byName.get(link.origin)?.relationships.push(link);
}

/**
 * Functions of one argument of a relation's row type: one returning a value is a computed field of that relation
 * (selected, filtered and ordered like a column, never part of `*`); one returning rows of a relation is a computed
 * relationship, embedded by the function's name, to-one when it returns one row (`rows 1` or not `setof`). A computed
 * relationship named after a relation replaces the relationships detected towards it, as PostgREST's do.
 */
function addComputed(rows: readonly ComputedRow[], byOid: ReadonlyMap<string, MutableRelation>, qualify: (name: string) => string): void {
  for (const row of rows) {
    const origin = byOid.get(row.arg_rel);
    if (!origin) continue;
    if (row.return_rel === null) {
      if (!row.returns_set && row.return_type !== 'void' && !origin.columns.has(row.name)) {
        origin.computed.set(row.name, { name: row.name, type: row.return_type, function: qualify(row.name), rowType: qualify(origin.name) });
      }
      continue;
    }
    const target = byOid.get(row.return_rel);
    if (!target) continue;
    origin.relationships = origin.relationships.filter((link) => link.computed !== null || link.target !== row.name);
    origin.relationships.push({
      origin: origin.name,
      target: target.name,
      cardinality: row.single_row ? 'many-to-one' : 'one-to-many',
      constraint: row.name,
      pairs: [],
      junction: null,
      isSelf: row.arg_rel === row.return_rel,
      targetIsView: target.isView,
      computed: { function: qualify(row.name), rowType: qualify(origin.name) },
    });
  }
}

function toFunctionInfo(row: FunctionRow, relations: Map<string, { columns: Map<string, ColumnInfo> }>): FunctionInfo {
  const names = row.arg_names ?? [];
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const inputs: { name: string; type: string }[] = [];
  const outputs = new Map<string, ColumnInfo>();
  row.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.set(name, { name, type, defaultExpr: null });
  });
  const firstDefault = inputs.length - row.n_defaults;
  const args = inputs.map((arg, i) => ({ ...arg, hasDefault: i >= firstDefault }));
  const rowColumns = outputs.size > 0 ? outputs : row.return_rel ? (relations.get(row.return_rel)?.columns ?? null) : null;
  return {
    name: row.name,
    args,
    returnsSet: row.returns_set,
    returnType: row.return_type,
    rowColumns,
    returnRelation: outputs.size === 0 && row.return_rel && relations.has(row.return_rel) ? row.return_rel : null,
    returnsVoid: row.return_type === 'void',
  };
}
