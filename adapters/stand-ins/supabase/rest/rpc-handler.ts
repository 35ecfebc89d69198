import { RestError } from './rest-error.js';
import { jsonType, rowsResult, type RestRequest, type RestResult } from './rest-response.js';
import type { FunctionInfo } from './schema-cache.js';
import { AliasCounter, compileCondition, compileOrder, compileSelect, ident, Params } from './sql-builder.js';

/** The overload whose argument names cover exactly what the client sent, as PostgREST chooses. */
export function chooseFunction(candidates: readonly FunctionInfo[], name: string, given: readonly string[]): FunctionInfo {
  const match = candidates.find(
    (fn) => given.every((key) => fn.args.some((arg) => arg.name === key)) && fn.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  );
  if (!match) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${[...given].sort().join(', ')}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${[...given].sort().join(', ') || '(none)'}, but no matches were found in the schema cache.`,
    );
  }
  return match;
}

/** POST/GET/HEAD /rest/v1/rpc/<fn>: named arguments go through json_to_record, so values stay data. */
export async function callFunction(request: RestRequest, fn: FunctionInfo, args: Record<string, unknown>): Promise<RestResult> {
  const params = new Params();
  const used = fn.args.filter((arg) => arg.name in args);
  let from = '';
  let call = `public.${ident(fn.name)}()`;
  if (used.length > 0) {
    const definitions = used.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
    from = `json_to_record(${params.add(JSON.stringify(args))}::json) as _a(${definitions})`;
    call = `public.${ident(fn.name)}(${used.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
  }
  const readOnly = request.method !== 'POST';
  const run = <T>(sql: string) =>
    request.db.withRole(request.role, request.claims, async (tx) => (await tx.query<T>(sql, params.values)).rows[0], { readOnly });

  if (fn.rowColumns) {
    const relation = { name: fn.name, columns: fn.rowColumns };
    const selected = compileSelect(request.query.select, relation, 't0', request.cache, new AliasCounter());
    const where = request.query.conditions.map((condition) => compileCondition(condition, relation, 't0', params));
    const { query } = request;
    const page = `${compileOrder(query.order, relation, 't0')}${query.limit !== null ? ` limit ${query.limit}` : ''}${query.offset ? ` offset ${query.offset}` : ''}`;
    const source = from ? `${from}, ${call} t0` : `${call} t0`;
    const sql = `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (select ${selected.list} from ${source}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${page}) _r`;
    const row = (await run<{ body: string; n: number }>(sql)) ?? { body: '[]', n: 0 };
    if (!fn.returnsSet && !request.single) {
      // A function returning one composite answers with an object, not an array.
      return { status: 200, body: row.n === 1 ? row.body.slice(1, -1) : 'null', headers: { 'Content-Type': jsonType } };
    }
    return rowsResult(request, row.body, row.n, { status: 200, offset: query.offset, total: request.prefer.count ? row.n : null });
  }
  if (request.query.conditions.length > 0 || request.query.order.length > 0) {
    throw new RestError(400, 'PGRST100', `public.${fn.name} returns ${fn.returnType}: filters and ordering apply only to functions returning rows`);
  }
  if (fn.returnsSet) {
    const sql = `select coalesce(json_agg(t0), '[]'::json)::text as body from ${from ? `${from}, ` : ''}${call} t0`;
    const row = await run<{ body: string }>(sql);
    return { status: 200, body: row?.body ?? '[]', headers: { 'Content-Type': jsonType } };
  }
  const fromClause = from ? ` from ${from}` : '';
  if (fn.returnsVoid) {
    await run(`select ${call} as body${fromClause}`);
    return { status: 204, body: null, headers: {} };
  }
  const row = await run<{ body: string | null }>(`select to_json(${call})::text as body${fromClause}`);
  return { status: 200, body: row?.body ?? 'null', headers: { 'Content-Type': jsonType } };
}
