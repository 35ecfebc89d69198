import { ident } from './identifiers.js';
import { cappedLimit, countRows, StatementParams } from './read-handler.js';
import { inRequestTransaction } from './request-transaction.js';
import { RestError } from './rest-error.js';
import { jsonType, rowsResult, type RestRequest, type RestResult } from './rest-response.js';
import type { FunctionInfo } from './schema-cache.js';
import { AliasCounter, compileCondition, compileOrder, compileSelect, EmbedQueries, rowsJson } from './sql-builder.js';
import { maxAffectedExceeded } from './write-handler.js';

const signature = (fn: FunctionInfo) => `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`;

/** A function whose one parameter is an unnamed json/jsonb: a POST's whole body becomes its argument. */
const takesWholeBody = (fn: FunctionInfo) => fn.args.length === 1 && fn.args[0]?.name === '' && (fn.args[0].type === 'json' || fn.args[0].type === 'jsonb');

/**
 * PostgREST 12's `findProc`: the overloads whose required parameters are exactly the keys sent (optional
 * ones may be added); none, and a POST falls back to a function with one unnamed json parameter. Two
 * matches are ambiguous (300 PGRST203), never a guess.
 */
export function chooseFunction(candidates: readonly FunctionInfo[], name: string, given: readonly string[], isPost: boolean): FunctionInfo {
  const keys = new Set(given);
  const matches = candidates.filter((fn) => {
    if (fn.args.length === 0) return keys.size === 0;
    const required = fn.args.filter((arg) => !arg.hasDefault).map((arg) => arg.name);
    const optional = new Set(fn.args.filter((arg) => arg.hasDefault).map((arg) => arg.name));
    const rest = [...keys].filter((key) => !optional.has(key));
    return rest.length === required.length && required.every((arg) => keys.has(arg));
  });
  const fallbacks = isPost ? candidates.filter(takesWholeBody) : [];
  const chosen = matches.length > 0 ? matches : fallbacks;
  if (chosen.length === 1) return chosen[0]!;
  if (chosen.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${chosen.map(signature).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const list = [...given].sort().join(', ');
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${given.length > 0 ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name}${given.length > 0 ? ` with parameter${given.length > 1 ? 's' : ''} ${list}` : ' without parameters'}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
  );
}

/** POST/GET/HEAD /rest/v1/rpc/<fn>: named arguments go through json_to_record, so values stay data. */
export async function callFunction(request: RestRequest, fn: FunctionInfo, args: unknown): Promise<RestResult> {
  const params = new StatementParams();
  let from = '';
  let call = `${request.cache.qualify(fn.name)}()`;
  if (takesWholeBody(fn) && fn.args[0]) {
    call = `${request.cache.qualify(fn.name)}(${params.add(JSON.stringify(args))}::${fn.args[0].type})`;
  } else {
    const named = args as Record<string, unknown>;
    const used = fn.args.filter((arg) => arg.name in named);
    if (used.length > 0) {
      const definitions = used.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ');
      from = `json_to_record(${params.add(JSON.stringify(named))}::json) as _a(${definitions})`;
      call = `${request.cache.qualify(fn.name)}(${used.map((arg) => `${ident(arg.name)} => _a.${ident(arg.name)}`).join(', ')})`;
    }
  }
  const readOnly = request.method !== 'POST';
  const maxAffected = request.prefer.maxAffected;

  if (fn.rowColumns) {
    // Rows of a table's type embed along that table's relationships and have its computed fields, as PostgREST allows.
    const computed = fn.returnRelation ? request.cache.relation(fn.returnRelation).computed : new Map();
    const relation = { name: fn.returnRelation ?? fn.name, columns: fn.rowColumns, computed };
    const embeds = new EmbedQueries(request.query.embedded);
    const selected = compileSelect(request.query.select, relation, 't0', { cache: request.cache, aliases: new AliasCounter(), params, embeds });
    embeds.checkAllUsed();
    const where = [...request.query.conditions.map((condition) => compileCondition(condition, relation, 't0', params)), ...selected.conditions];
    const { query } = request;
    const limit = cappedLimit(query.limit, request.maxRows);
    const page = `${compileOrder(query.order, relation, 't0')}${limit !== null ? ` limit ${limit}` : ''}${query.offset ? ` offset ${query.offset}` : ''}`;
    const source = `from ${from ? `${from}, ` : ''}${call} t0${selected.joins}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}${selected.groupBy}`;
    // Each statement binds only the values it uses: the count has no select list, nor its embeds' filters.
    const main = params.number(`select ${rowsJson(request.media)}::text as body, count(*)::int as n from (select ${selected.list} ${source}${page}) _r`);
    const count = params.number(`select 1 ${source}`);
    const { row, total } = await inRequestTransaction(request, async (tx) => {
      const result = (await tx.query<{ body: string; n: number }>(main.sql, main.slots.map((slot) => params.values[slot]))).rows[0] ?? { body: '[]', n: 0 };
      if (maxAffected !== null && result.n > maxAffected) throw maxAffectedExceeded(result.n);
      return { row: result, total: await countRows(tx, request.prefer.count, count.sql, count.slots.map((slot) => params.values[slot]), request.maxRows) };
    }, { readOnly });
    if (!fn.returnsSet && !request.single && !request.media.csv) {
      // A function returning one composite answers with an object, not an array.
      return { status: 200, body: row.n === 1 ? row.body.slice(1, -1) : 'null', headers: { 'Content-Type': jsonType } };
    }
    return rowsResult(request, row.body, row.n, { status: 200, offset: query.offset, total });
  }
  if (request.query.conditions.length > 0 || request.query.order.length > 0) {
    throw new RestError(400, 'PGRST100', `public.${fn.name} returns ${fn.returnType}: filters and ordering apply only to functions returning rows`);
  }
  if (request.media.csv) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: text/csv`, `public.${fn.name} returns ${fn.returnType}, not rows`);
  }
  const fromClause = from ? ` from ${from}` : '';
  const sql = fn.returnsSet
    ? `select coalesce(json_agg(t0), '[]'::json)::text as body, count(*)::int as n from ${from ? `${from}, ` : ''}${call} t0`
    : fn.returnsVoid
      ? `select null::text as body, 1 as n from (select ${call}${fromClause}) _v`
      : `select to_json(${call})::text as body, 1 as n${fromClause}`;
  const numbered = params.number(sql);
  const row = await inRequestTransaction(request, async (tx) => {
    const result = (await tx.query<{ body: string | null; n: number }>(numbered.sql, numbered.slots.map((slot) => params.values[slot]))).rows[0];
    if (maxAffected !== null && (result?.n ?? 0) > maxAffected) throw maxAffectedExceeded(result?.n ?? 0);
    return result;
  }, { readOnly });
  if (fn.returnsVoid) return { status: 204, body: null, headers: {} };
  return { status: 200, body: row?.body ?? (fn.returnsSet ? '[]' : 'null'), headers: { 'Content-Type': jsonType } };
}
