import { ident } from './identifiers.js';
import type { Transaction } from '../db.js';
import { badRequest, notSingle, RestError } from './rest-error.js';
import { contentRange, rowsResult, type RestRequest, type RestResult } from './rest-response.js';
import { column, type RelationInfo } from './schema-cache.js';
import { inRequestTransaction } from './request-transaction.js';
import { AliasCounter, compileCondition, compileOrder, compileSelect, EmbedQueries, Params, rowsJson } from './sql-builder.js';

const invalidJson = (details: string) => new RestError(400, 'PGRST102', 'Empty or invalid json', details);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Written { body: string | null; n: number; affected?: number; inserted?: number }

/**
 * Runs `statement` (an insert/update/delete on `t0`) and, when the client asked for the rows back,
 * renders them with the requested `select`. With `.single()` anything but one row rolls back (406), as
 * does going over `Prefer: max-affected` with `handling=strict` (PGRST124, updates and deletes).
 * An upsert also counts the rows it inserted (`xmax = 0`): 201 if any, else 200.
 */
async function runWrite(
  request: RestRequest, relation: RelationInfo, statement: string, params: Params, status: number, upsert = false,
): Promise<RestResult> {
  const wantsRows = request.prefer.returnMode === 'representation';
  const inserted = upsert ? ', (select count(*)::int from _w where pgrst_inserted) as inserted' : '';
  let sql = statement;
  if (wantsRows) {
    // `*` is spelled out (compileSelect always does) so that the helper column pgrst_inserted stays out of the answer.
    const embeds = new EmbedQueries(request.query.embedded);
    const selected = compileSelect(request.query.select, relation, 't0', { cache: request.cache, aliases: new AliasCounter(), params, embeds });
    embeds.checkAllUsed();
    const where = selected.conditions.length > 0 ? ` where ${selected.conditions.join(' and ')}` : '';
    const returning = upsert ? 't0.*, (t0.xmax = 0) as pgrst_inserted' : 't0.*';
    // The rows as the relation's own row type (no helper column), so a computed field can take them.
    const rows = upsert ? `(select ${[...relation.columns.keys()].map(ident).join(', ')} from _w)` : '_w';
    sql = `with _w as (${statement} returning ${returning}) select ${rowsJson(request.media)}::text as body, count(*)::int as n, (select count(*)::int from _w) as affected${inserted} from (select ${selected.list} from ${rows} t0${selected.joins}${where}${selected.groupBy}) _r`;
  } else if (upsert) {
    sql = `with _w as (${statement} returning (t0.xmax = 0) as pgrst_inserted) select null::text as body, count(*)::int as n${inserted} from _w`;
  }
  const maxAffected = request.method === 'POST' ? null : request.prefer.maxAffected;
  const written = await inRequestTransaction(request, async (tx: Transaction): Promise<Written> => {
    const result = await tx.query<Written>(sql, params.values);
    const outcome = wantsRows || upsert ? (result.rows[0] ?? { body: null, n: 0 }) : { body: null, n: result.affectedRows ?? 0 };
    // Thrown inside the transaction so that the write rolls back, as PostgREST does.
    if (request.single && outcome.n !== 1) throw notSingle(outcome.n);
    const affected = outcome.affected ?? outcome.n;
    if (maxAffected !== null && affected > maxAffected) throw maxAffectedExceeded(affected);
    return outcome;
  });
  const finalStatus = upsert && written.inserted === 0 ? 200 : status;
  if (written.body !== null) return rowsResult(request, written.body, written.n, { status: finalStatus, total: request.prefer.count ? written.n : null });
  return {
    status: finalStatus === 200 && !upsert ? 204 : finalStatus,
    body: null,
    headers: { 'Content-Range': contentRange(0, 0, request.prefer.count ? written.n : null) },
  };
}

export const maxAffectedExceeded = (rows: number): RestError =>
  new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`);

/**
 * `limit`/`offset` on PATCH and DELETE (PostgREST 12's limited update and delete): only the rows of
 * that page, in the given order, are changed.
 */
function filteredRows(request: RestRequest, relation: RelationInfo, params: Params): string {
  const { limit, offset, order } = request.query;
  if (limit === null && offset === 0) return whereClause(request, relation, params, 't0');
  const page = `${compileOrder(order, relation, '_l')}${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
  return ` where t0.ctid in (select _l.ctid from ${request.cache.qualify(relation.name)} _l${whereClause(request, relation, params, '_l')}${page})`;
}

function whereClause(request: RestRequest, relation: RelationInfo, params: Params, alias: string): string {
  const parts = request.query.conditions.map((condition) => compileCondition(condition, relation, alias, params));
  return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
}

/** POST /rest/v1/<relation>: insert, or upsert with `Prefer: resolution=…`. */
export async function insertRows(request: RestRequest, name: string): Promise<RestResult> {
  const relation = request.cache.relation(name);
  const rows = Array.isArray(request.body) ? request.body : [request.body];
  if (rows.length === 0) return noRows(request, 201);
  if (!rows.every(isObject)) throw invalidJson('the body must be a JSON object or an array of objects');
  const names = request.query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = names.map((columnName) => column(relation, columnName, true).name);
  const params = new Params();
  const target = `${request.cache.qualify(relation.name)} as t0`;
  let statement: string;
  if (columns.length === 0) {
    if (rows.length !== 1) throw badRequest('inserting several rows of defaults only is not supported by the local stand-in');
    statement = `insert into ${target} default values`;
  } else {
    const list = columns.map(ident).join(', ');
    const body = params.add(JSON.stringify(rows));
    const rowType = `null::${request.cache.qualify(relation.name)}`;
    if (request.prefer.missingDefault) {
      // A key absent from a row takes the column default (from the catalogue) instead of null.
      const values = columns.map((col) =>
        `case when _j.value ? ${params.add(col)} then _v.${ident(col)} else ${column(relation, col).defaultExpr ?? 'null'} end`);
      statement = `insert into ${target} (${list}) select ${values.join(', ')} from jsonb_array_elements(${body}::jsonb) _j, jsonb_populate_record(${rowType}, _j.value) _v`;
    } else {
      statement = `insert into ${target} (${list}) select ${list} from json_populate_recordset(${rowType}, ${body}::json)`;
    }
  }
  const resolution = request.prefer.resolution;
  if (resolution) {
    const keys = (request.query.onConflict ?? relation.primaryKey).map((key) => ident(column(relation, key).name));
    if (keys.length === 0) throw badRequest(`upsert on ${relation.name} needs on_conflict: the relation has no primary key`);
    const updates = columns.map((col) => `${ident(col)} = excluded.${ident(col)}`);
    statement += resolution === 'ignore-duplicates' || updates.length === 0
      ? ` on conflict (${keys.join(', ')}) do nothing`
      : ` on conflict (${keys.join(', ')}) do update set ${updates.join(', ')}`;
  }
  return runWrite(request, relation, statement, params, 201, resolution !== null);
}

function noRows(request: RestRequest, status: number): RestResult {
  if (request.prefer.returnMode !== 'representation') return { status: status === 201 ? 201 : 204, body: null, headers: { 'Content-Range': '*/*' } };
  if (request.single) throw notSingle(0);
  return { status, body: '[]', headers: { 'Content-Range': '*/*', 'Content-Type': 'application/json; charset=utf-8' } };
}

/** PATCH /rest/v1/<relation>?filters */
export async function updateRows(request: RestRequest, name: string): Promise<RestResult> {
  const relation = request.cache.relation(name);
  if (!isObject(request.body)) throw invalidJson('an update takes one JSON object');
  const columns = Object.keys(request.body).map((columnName) => column(relation, columnName, true).name);
  const params = new Params();
  // Nothing to change: nothing is written, as with an update that matches no row.
  if (columns.length === 0) return noRows(request, 200);
  const values = params.add(JSON.stringify(request.body));
  const set = columns.map((col) => `${ident(col)} = _v.${ident(col)}`).join(', ');
  const where = filteredRows(request, relation, params);
  const statement = `update ${request.cache.qualify(relation.name)} as t0 set ${set} from (select * from json_populate_record(null::${request.cache.qualify(relation.name)}, ${values}::json)) _v${where}`;
  return runWrite(request, relation, statement, params, 200);
}

/** DELETE /rest/v1/<relation>?filters */
export async function deleteRows(request: RestRequest, name: string): Promise<RestResult> {
  const relation = request.cache.relation(name);
  const params = new Params();
  const where = filteredRows(request, relation, params);
  return runWrite(request, relation, `delete from ${request.cache.qualify(relation.name)} as t0${where}`, params, 200);
}
