import { randomUUID } from 'node:crypto';
import type { Transaction } from '../db.js';
import type { CountPreference } from './request-query.js';
import type { Built } from './query-shapes.js';
import { parseRequestQuery } from './request-query.js';
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

interface ReadStatement extends Record<string, unknown> {
  /** The page as one JSON (or CSV) body and its row count. */
  readonly sql: string;
  /** `select 1 from …` for `Prefer: count=…`. */
  readonly countSql: string;
  /** For each `$n` of `countSql`, the index of its value among the page statement's. */
  readonly countSlots: readonly number[];
  readonly offset: number;
}

/**
 * Parameters written as markers while a statement is built, then numbered for each statement by first use, so
 * that each binds only the values it uses: the count leaves out the select list, and with it the values of
 * filters inside a to-many embed (`rel.col=eq.…`), which Postgres would refuse to bind to a statement without them.
 */
export class StatementParams extends Params {
  // Random, so no identifier or JSON key a client writes into the SQL can be mistaken for it.
  private readonly marker = `\u0000param-${randomUUID()}-`;
  private readonly markers = new RegExp(`${this.marker}(\\d+)\u0000`, 'g');

  override add(value: unknown): string {
    this.values.push(value);
    return `${this.marker}${this.values.length - 1}\u0000`;
  }

  /** `sql` with `$1…` in the order its values are first used, and for each `$n` the index of its value. */
  number(sql: string): { sql: string; slots: number[] } {
    const slots: number[] = [];
    const text = sql.replace(this.markers, (_, index: string) => {
      const at = slots.indexOf(Number(index));
      return `$${(at < 0 ? slots.push(Number(index)) : at + 1)}`;
    });
    return { sql: text, slots };
  }
}

/** The statements of a read, with their parameters (built once per query shape, see query-shapes.ts). */
function compileRead(request: RestRequest, name: string, search: URLSearchParams): Built<ReadStatement> {
  const { cache } = request;
  const query = parseRequestQuery(search, request.range);
  const relation = cache.relation(name);
  const params = new StatementParams();
  const embeds = new EmbedQueries(query.embedded);
  const selected = compileSelect(query.select, relation, 't0', { cache, aliases: new AliasCounter(), params, embeds });
  embeds.checkAllUsed();
  const where = [...query.conditions.map((condition) => compileCondition(condition, relation, 't0', params)), ...selected.conditions];
  const filter = `${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${selected.groupBy}`;
  const table = `${cache.qualify(relation.name)} t0`;
  const limit = cappedLimit(query.limit, request.maxRows);
  const page = `${compileOrder(query.order, relation, 't0')}${limit !== null ? ` limit ${limit}` : ''}${query.offset ? ` offset ${query.offset}` : ''}`;
  const main = params.number(`select ${rowsJson(request.media)}::text as body, count(*)::int as n from (select ${selected.list} from ${table}${selected.joins}${filter}${page}) _r`);
  const count = params.number(`select 1 from ${table}${selected.joins}${filter}`);
  // The count's text is part of the page's, so each of its values is one of the page's too.
  const countSlots = count.slots.map((slot) => main.slots.indexOf(slot));
  return {
    compiled: { sql: main.sql, countSql: count.sql, countSlots, offset: query.offset },
    values: main.slots.map((slot) => params.values[slot]),
  };
}

/** GET/HEAD /rest/v1/<relation> */
export async function readRelation(request: RestRequest, name: string): Promise<RestResult> {
  // Everything besides the query string that changes the statements: the relation, the Range header, the body's format.
  const context = `${name}\u0000${request.range ?? ''}\u0000${request.media.stripNulls}\u0000${request.media.csv === true}`;
  const { compiled, values } = request.shapes.statement(request.cache, context, request.search, (search) => compileRead(request, name, search));
  const { rows, total } = await inRequestTransaction(
    request,
    async (tx) => {
      const result = await tx.query<PageRow>(compiled.sql, [...values]);
      const counted = await countRows(tx, request.prefer.count, compiled.countSql, compiled.countSlots.map((slot) => values[slot]), request.maxRows);
      return { rows: result.rows[0] ?? { body: '[]', n: 0 }, total: counted };
    },
    { readOnly: true },
  );
  return rowsResult(request, rows.body, rows.n, { status: 200, offset: compiled.offset, total });
}
