// The migrated PGlite databases a test worker hands its files, reused from file to file: opening one
// from the template costs about 0.65 s of CPU (the data folder unpacked into memory, Postgres started),
// putting a used one back as it was costs a few milliseconds. A database goes back to the pool only
// when it is provably the template again: its schema, roles and settings hash as the template's
// (anything a test created, dropped, altered or granted makes it close instead), the rows of every
// table a test touched are put back exactly (the seeded ones compared by a hash of their text), its
// sequences are set back, and its session is discarded. Anything else closes it.
import { openLocalDb, type LocalDb } from '@ensemble/supabase-stand-in';
import { testTemplate } from './supabase-rest-harness.js';

/** Databases kept open for the next file: two cover a file that runs a pair of stand-ins side by side. */
const MAX_IDLE = 2;

interface TableFacts {
  /** `"schema"."table"`, as SQL names it. */
  readonly name: string;
  /** The template's rows as JSON (in their physical order), or null when it has none. */
  readonly seed: string | null;
  /** The hash of the template's rows' text, or null when it has none. */
  readonly seedHash: string | null;
  /** The columns an INSERT may write, quoted as SQL names them (generated ones left out). */
  readonly columns: readonly string[];
  /** The tables whose foreign keys reference this one. */
  readonly referencedBy: readonly string[];
}

interface Baseline {
  readonly fingerprint: string;
  readonly tables: readonly TableFacts[];
  /** Every sequence of the template and its `last_value` (null: never called). */
  readonly sequences: ReadonlyMap<string, string | null>;
  /** One query answering, per table, whether it still holds the template's rows. */
  readonly cleanQuery: string;
}

const USER_OBJECT = 16384; // FirstNormalObjectId: what initdb did not create.

/** Everything about the database besides its rows, hashed: schema objects, their rights, roles and settings. */
const FINGERPRINT = `
select md5(string_agg(x, E'\\n' order by x)) as fingerprint from (
  select concat_ws('|', 'n', nspname, nspacl, nspowner::regrole) from pg_namespace
  union all select concat_ws('|', 'c', c.oid::regclass, relkind, relrowsecurity, relforcerowsecurity, relpersistence, relacl, relowner::regrole, reloptions)
    from pg_class c where c.oid >= ${USER_OBJECT} and relkind <> 't'
  union all select concat_ws('|', 'a', attrelid::regclass, attname, atttypid::regtype, atttypmod, attnotnull, atthasdef, attgenerated, attidentity, attacl)
    from pg_attribute a join pg_class c on c.oid = a.attrelid where attrelid >= ${USER_OBJECT} and attnum > 0 and not attisdropped and c.relkind <> 't'
  union all select concat_ws('|', 'd', adrelid::regclass, adnum, pg_get_expr(adbin, adrelid)) from pg_attrdef
  union all select concat_ws('|', 'k', conrelid::regclass, contypid, conname, pg_get_constraintdef(oid), convalidated) from pg_constraint where oid >= ${USER_OBJECT}
  union all select concat_ws('|', 'i', indexrelid::regclass, pg_get_indexdef(indexrelid)) from pg_index where indexrelid >= ${USER_OBJECT}
  union all select concat_ws('|', 'f', p.oid::regprocedure, md5(prosrc), prosecdef, provolatile, proleakproof, prorettype::regtype, proconfig, proacl, proowner::regrole)
    from pg_proc p where p.oid >= ${USER_OBJECT} or proacl is not null
  union all select concat_ws('|', 't', tgrelid::regclass, tgname, tgenabled, tgfoid::regproc) from pg_trigger where oid >= ${USER_OBJECT}
  union all select concat_ws('|', 'p', polrelid::regclass, polname, polcmd, polpermissive, polroles, pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid)) from pg_policy
  union all select concat_ws('|', 'v', c.oid::regclass, md5(pg_get_viewdef(c.oid))) from pg_class c where c.oid >= ${USER_OBJECT} and relkind in ('v', 'm')
  union all select concat_ws('|', 'y', t.oid::regtype, typtype, typacl) from pg_type t where t.oid >= ${USER_OBJECT}
  union all select concat_ws('|', 'e', enumtypid::regtype, enumlabel, enumsortorder) from pg_enum
  union all select concat_ws('|', 'r', rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls, rolpassword) from pg_authid
  union all select concat_ws('|', 'm', roleid::regrole, member::regrole, admin_option) from pg_auth_members
  union all select concat_ws('|', 's', setdatabase, setrole, setconfig) from pg_db_role_setting
  union all select concat_ws('|', 'w', evtname, evtevent, evtenabled, evtfoid::regproc) from pg_event_trigger
  union all select concat_ws('|', 'x', extname, extversion) from pg_extension
  union all select concat_ws('|', 'u', pubname) from pg_publication
  union all select concat_ws('|', 'q', defaclrole::regrole, defaclnamespace, defaclobjtype, defaclacl) from pg_default_acl
  union all select concat_ws('|', 'g', name, setting) from pg_settings where name not like 'plpgsql.%' -- they appear once a function in PL/pgSQL has run
  union all select concat_ws('|', 'o', count(*)) from pg_largeobject_metadata
  union all select concat_ws('|', 'b', datname, datacl, datallowconn) from pg_database
) facts(x)`;

const TABLES = `
select format('%I.%I', n.nspname, c.relname) as name,
  coalesce((select json_agg(quote_ident(a.attname) order by a.attnum) from pg_attribute a
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]') as columns,
  coalesce((select json_agg(distinct format('%I.%I', rn.nspname, rc.relname)) from pg_constraint k
    join pg_class rc on rc.oid = k.conrelid join pg_namespace rn on rn.oid = rc.relnamespace
    where k.contype = 'f' and k.confrelid = c.oid), '[]') as referenced_by
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and c.oid >= ${USER_OBJECT} and not c.relispartition
order by 1`;

const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value from pg_sequences`;

/** The hash of a table's rows as text, in a fixed order. */
const rowsHash = (table: string) => `(select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from ${table} t)`;

let baseline: Promise<Baseline> | null = null;
const idle: LocalDb[] = [];

/**
 * A migrated database like `openLocalDb({ template })` opens, from this worker's pool. Its `close()`
 * puts it back for the next file once it is the template again, or closes it.
 */
export async function pooledTestDb(): Promise<LocalDb> {
  const db = idle.pop() ?? (await openLocalDb({ template: await testTemplate() }));
  try {
    baseline ??= readBaseline(db).catch((error: unknown) => {
      baseline = null;
      throw error;
    });
    await baseline;
  } catch (error) {
    await db.close();
    throw error;
  }
  return lend(db);
}

/** The database as a file sees it: listeners it adds are removed when it gives the database back. */
function lend(db: LocalDb): LocalDb {
  const unlisteners = new Set<() => Promise<void>>();
  let returned = false;
  return {
    ...db,
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, onNotify);
      const once = async () => {
        if (!unlisteners.delete(once)) return;
        await unlisten();
      };
      unlisteners.add(once);
      return once;
    },
    close: async () => {
      if (returned) return;
      returned = true;
      for (const unlisten of [...unlisteners]) await unlisten().catch(() => undefined);
      if (idle.length < MAX_IDLE && (await resetToTemplate(db))) idle.push(db);
      else await db.close().catch(() => undefined);
    },
  };
}

async function readBaseline(db: LocalDb): Promise<Baseline> {
  await db.sql.exec('discard all');
  const { rows: print } = await db.sql.query<{ fingerprint: string }>(FINGERPRINT);
  const { rows: tables } = await db.sql.query<{ name: string; columns: string[]; referenced_by: string[] }>(TABLES);
  const { rows: sequences } = await db.sql.query<{ name: string; last_value: string | null }>(SEQUENCES);
  const facts: TableFacts[] = [];
  for (const table of tables) {
    const { rows } = await db.sql.query<{ seed: string | null; hash: string | null }>(
      `select (select json_agg(t order by t.ctid)::text from ${table.name} t) as seed, ${rowsHash(table.name)} as hash`,
    );
    const seed = rows[0]?.seed ?? null;
    facts.push({ name: table.name, seed, seedHash: seed === null ? null : (rows[0]?.hash ?? null), columns: table.columns, referencedBy: table.referenced_by });
  }
  const cleanQuery = `select ${facts
    .map((t, i) => `${t.seed === null ? `not exists (select from ${t.name})` : `${rowsHash(t.name)} = '${t.seedHash}'`} as t${i}`)
    .join(', ')}`;
  return {
    fingerprint: print[0]?.fingerprint ?? '',
    tables: facts,
    sequences: new Map(sequences.map((s) => [s.name, s.last_value])),
    cleanQuery,
  };
}

/** Puts the database back as the template was; false when it cannot be proven so (then it is closed). */
async function resetToTemplate(db: LocalDb): Promise<boolean> {
  try {
    if ((db.sql as { closed?: boolean }).closed) return false;
    const known = await baseline;
    if (!known) return false;
    // A transaction left open makes this fail: the database is not reused then.
    await db.sql.exec('discard all');
    const { rows: print } = await db.sql.query<{ fingerprint: string }>(FINGERPRINT);
    if (print[0]?.fingerprint !== known.fingerprint) return false;

    const { rows: clean } = await db.sql.query<Record<string, boolean>>(known.cleanQuery);
    const dirty = new Set(known.tables.filter((_, i) => clean[0]?.[`t${i}`] !== true).map((t) => t.name));
    // TRUNCATE takes a table's referencing tables with it: empty them too, and put back their rows.
    const byName = new Map(known.tables.map((t) => [t.name, t]));
    for (const name of dirty) for (const child of byName.get(name)?.referencedBy ?? []) dirty.add(child);
    if (dirty.size > 0) {
      await db.sql.transaction(async (tx) => {
        // Replica mode: no trigger or foreign-key check runs while the rows go back as they were.
        await tx.exec('set local session_replication_role = replica');
        await tx.exec(`truncate ${[...dirty].join(', ')}`);
        for (const name of dirty) {
          const table = byName.get(name);
          if (!table?.seed) continue;
          const columns = table.columns.join(', ');
          await tx.query(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, $1::json)`, [table.seed]);
        }
      });
    }

    const { rows: sequences } = await db.sql.query<{ name: string; last_value: string | null }>(SEQUENCES);
    for (const sequence of sequences) {
      const wanted = known.sequences.get(sequence.name);
      if (wanted === undefined) return false;
      if (wanted === sequence.last_value) continue;
      await db.sql.query(
        wanted === null
          ? `select setval($1::regclass, (select seqstart from pg_sequence where seqrelid = $1::regclass), false)`
          : 'select setval($1::regclass, $2::bigint, true)',
        wanted === null ? [sequence.name] : [sequence.name, wanted],
      );
    }

    // Proven, not assumed: every table holds the template's rows again.
    const { rows: after } = await db.sql.query<Record<string, boolean>>(known.cleanQuery);
    return known.tables.every((_, i) => after[0]?.[`t${i}`] === true);
  } catch {
    return false;
  }
}
