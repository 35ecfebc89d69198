import { AliasCounter, compileCondition, compileOrder, compileSelect, ident, Params } from './sql-builder.js';
import { rowsResult, type RestRequest, type RestResult } from './rest-response.js';

interface PageRow { body: string; n: number }

/** GET/HEAD /rest/v1/<relation> */
export async function readRelation(request: RestRequest, name: string): Promise<RestResult> {
  const { cache, query } = request;
  const relation = cache.relation(name);
  const params = new Params();
  const selected = compileSelect(query.select, relation, 't0', cache, new AliasCounter());
  const where = [...query.conditions.map((condition) => compileCondition(condition, relation, 't0', params)), ...selected.conditions];
  const from = `from public.${ident(relation.name)} t0${where.length > 0 ? ` where ${where.join(' and ')}` : ''}`;
  const page = `${compileOrder(query.order, relation, 't0')}${query.limit !== null ? ` limit ${query.limit}` : ''}${query.offset ? ` offset ${query.offset}` : ''}`;
  const sql = `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (select ${selected.list} ${from}${page}) _r`;
  const { rows, total } = await request.db.withRole(
    request.role,
    request.claims,
    async (tx) => {
      const result = await tx.query<PageRow>(sql, params.values);
      const counted = request.prefer.count ? await tx.query<{ total: number }>(`select count(*)::int as total ${from}`, params.values) : null;
      return { rows: result.rows[0] ?? { body: '[]', n: 0 }, total: counted?.rows[0]?.total ?? null };
    },
    { readOnly: true },
  );
  return rowsResult(request, rows.body, rows.n, { status: 200, offset: query.offset, total });
}
