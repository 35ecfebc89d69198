import type { Transaction } from '../db.js';
import type { CountPreference } from './request-query.js';
import { inRequestTransaction } from './request-transaction.js';
import { rowsResult, type RestRequest, type RestResult } from './rest-response.js';
import { AliasCounter, compileCondition, compileOrder, compileSelect, EmbedQueries, Params, rowsJson } from './sql-builder.js';

interface PageRow { body: string; n: number }

/** The page's size after PostgREST's db-max-rows cap. */
export function cappedLimit(limit: number | null, maxRows: number | null): number | null {
  if (maxRows === null) return limit;
  return limit === null ? maxRows : Math.min(limit, maxRows);
}

/**
 * The total PostgREST reports for `Prefer: count=…`: exact counts every row; planned reads the planner's
 * estimate (EXPLAIN's top "Plan Rows", from pg_class.reltuples and the statistics); estimated counts exactly
 * up to db-max-rows and beyond it takes the larger of the exact count and the plan's.
 */
export async function countRows(
  tx: Transaction, count: CountPreference | null, countQuery: string, values: unknown[], maxRows: number | null,
): Promise<number | null> {
  if (count === null) return null;
  const planned = async () => {
    const plan = await tx.query<Record<string, unknown>>(`explain (format json) ${countQuery}`, values);
    const cell = Object.values(plan.rows[0] ?? {})[0];
    const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[];
    return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  };
  if (count === 'planned') return planned();
  const limited = count === 'estimated' && maxRows !== null ? ` limit ${maxRows + 1}` : '';
  const exact = (await tx.query<{ total: number }>(`select count(*)::int as total from (${countQuery}${limited}) _c`, values)).rows[0]?.total ?? 0;
  if (count === 'estimated' && (maxRows === null || exact > maxRows)) return Math.max(exact, await planned());
  return exact;
}

/** GET/HEAD /rest/v1/<relation> */
export async function readRelation(request: RestRequest, name: string): Promise<RestResult> {
  const { cache, query } = request;
  const relation = cache.relation(name);
  const params = new Params();
  const embeds = new EmbedQueries(query.embedded);
  const selected = compileSelect(query.select, relation, 't0', { cache, aliases: new AliasCounter(), params, embeds });
  embeds.checkAllUsed();
  const where = [...query.conditions.map((condition) => compileCondition(condition, relation, 't0', params)), ...selected.conditions];
  const from = `from ${cache.qualify(relation.name)} t0${selected.joins}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${selected.groupBy}`;
  const limit = cappedLimit(query.limit, request.maxRows);
  const page = `${compileOrder(query.order, relation, 't0')}${limit !== null ? ` limit ${limit}` : ''}${query.offset ? ` offset ${query.offset}` : ''}`;
  const sql = `select ${rowsJson(request.media)}::text as body, count(*)::int as n from (select ${selected.list} ${from}${page}) _r`;
  const { rows, total } = await inRequestTransaction(
    request,
    async (tx) => {
      const result = await tx.query<PageRow>(sql, params.values);
      const counted = await countRows(tx, request.prefer.count, `select 1 ${from}`, params.values, request.maxRows);
      return { rows: result.rows[0] ?? { body: '[]', n: 0 }, total: counted };
    },
    { readOnly: true },
  );
  return rowsResult(request, rows.body, rows.n, { status: 200, offset: query.offset, total });
}
