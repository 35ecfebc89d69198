import type { LocalDb } from '../db.js';
import { ident } from './identifiers.js';
import { columnNotFound, payloadColumnNotFound, RestError, tableNotFound } from './rest-error.js';

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
  /** A foreign key from a table to itself. */
  readonly isSelf: boolean;
  readonly targetIsView: boolean;
}

export const isToOne = (link: Relationship): boolean => link.cardinality === 'many-to-one' || link.cardinality === 'one-to-one';

export interface RelationInfo {
  readonly name: string;
  readonly isView: boolean;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
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

interface ColumnRow { rel: string; kind: string; col: string; type: string; default_expr: string | null }
interface KeyRow { rel: string; cols: string[] }
interface ForeignKeyRow { rel: string; name: string; cols: string[]; target: string; target_cols: string[]; one_to_one: boolean }
interface FunctionRow {
  name: string; arg_names: string[] | null; arg_modes: string[] | null; arg_types: string[]; n_defaults: number;
  returns_set: boolean; return_type: string; return_relid: number; return_rel: string | null; out_types: string[] | null;
}

/** Reads one schema, as PostgREST's schema cache does (again after each `NOTIFY pgrst`, see rest-app.ts). */
export async function loadSchemaCache(db: LocalDb, schema = 'public'): Promise<SchemaCache> {
  return db.asAdmin(async (tx) => {
    const columns = await tx.query<ColumnRow>(`
      select c.relname as rel, c.relkind::text as kind, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
        case when a.attidentity = 'd' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
          else pg_get_expr(d.adbin, d.adrelid) end as default_expr
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum and a.attgenerated = ''
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`, [schema]);
    const keys = await tx.query<KeyRow>(`
      select c.relname as rel, array_agg(a.attname order by k.ord) as cols
      from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(con.conkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where n.nspname = $1 and con.contype = 'p' group by c.relname, con.oid`, [schema]);
    const foreignKeys = await tx.query<ForeignKeyRow>(`
      select c.relname as rel, con.conname as name, t.relname as target,
        array(select a.attname from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as cols,
        array(select a.attname from unnest(con.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as target_cols,
        -- One-to-one when the key's columns are exactly the columns of a primary key or unique constraint.
        exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
          and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
      from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_class t on t.oid = con.confrelid
      join pg_namespace n on n.oid = c.relnamespace join pg_namespace tn on tn.oid = t.relnamespace
      where con.contype = 'f' and n.nspname = $1 and tn.nspname = $1 and con.conparentid = 0
      order by con.conrelid, con.conname`, [schema]);
    const timezones = await tx.query<{ name: string }>('select name from pg_timezone_names');
    const functions = await tx.query<FunctionRow>(`
      select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
        array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types,
        p.pronargdefaults as n_defaults, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
        coalesce(rt.typrelid, 0)::int as return_relid, rc.relname as return_rel, null::text[] as out_types
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      left join pg_class rc on rc.oid = rt.typrelid
      where n.nspname = $1 and p.prokind = 'f'`, [schema]);

    const relations = new Map<string, MutableRelation>();
    for (const row of columns.rows) {
      let rel = relations.get(row.rel);
      if (!rel) relations.set(row.rel, (rel = { name: row.rel, isView: row.kind === 'v' || row.kind === 'm', columns: new Map(), primaryKey: [], relationships: [] }));
      rel.columns.set(row.col, { name: row.col, type: row.type, defaultExpr: row.default_expr });
    }
    for (const row of keys.rows) relations.get(row.rel)?.primaryKey.push(...row.cols);
    addRelationships(relations, foreignKeys.rows);

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
  primaryKey: string[];
  relationships: Relationship[];
}

/**
 * PostgREST's relationships: each foreign key is many-to-one (one-to-one when its columns are unique) from
 * the table holding it and the inverse from the table it references; a table with two foreign keys whose
 * columns are all in its primary key is a junction, giving many-to-many between the two tables it links.
 */
function addRelationships(relations: Map<string, MutableRelation>, foreignKeys: readonly ForeignKeyRow[]): void {
  const direct: Relationship[] = foreignKeys.map((fk) => ({
    origin: fk.rel,
    target: fk.target,
    cardinality: fk.one_to_one ? 'one-to-one' : 'many-to-one',
    constraint: fk.name,
    pairs: fk.cols.map((col, i) => [col, fk.target_cols[i] ?? ''] as const),
    junction: null,
    isSelf: fk.rel === fk.target,
    targetIsView: relations.get(fk.target)?.isView ?? false,
  }));
  const inverse: Relationship[] = direct.map((link) => ({
    ...link,
    origin: link.target,
    target: link.origin,
    cardinality: link.cardinality === 'one-to-one' ? 'one-to-one' : 'one-to-many',
    pairs: link.pairs.map(([a, b]) => [b, a] as const),
    targetIsView: relations.get(link.origin)?.isView ?? false,
  }));
  const manyToMany: Relationship[] = [];
  for (const first of direct) {
    for (const second of direct) {
      if (first.origin !== second.origin || first.constraint === second.constraint) continue;
      const key = new Set(relations.get(first.origin)?.primaryKey ?? []);
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
        targetIsView: relations.get(second.target)?.isView ?? false,
      });
    }
  }
  for (const link of [...direct, ...inverse, ...manyToMany]) relations.get(link.origin)?.relationships.push(link);
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
