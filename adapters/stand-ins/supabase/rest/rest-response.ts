import type { DbRole, JwtClaims, LocalDb } from '../db.js';
import { notSingle, RestError } from './rest-error.js';
import type { QueryShapes } from './query-shapes.js';
import type { Preferences, RequestQuery } from './request-query.js';
import type { SchemaCache } from './schema-cache.js';
import { contentTypeOf, type ResponseMedia } from './media-type.js';

/** Everything a handler needs about one request, already validated. */
export interface RestRequest {
  readonly db: LocalDb;
  readonly cache: SchemaCache;
  readonly role: DbRole;
  readonly claims: JwtClaims;
  readonly method: string;
  /** The query string read as PostgREST reads it (parsed on first use for table reads, which may not need it). */
  readonly query: RequestQuery;
  /** The query string itself and the Range header (GET, HEAD), for the query-shape cache. */
  readonly search: URLSearchParams;
  readonly range: string | null;
  /** This REST app's query-shape cache. */
  readonly shapes: QueryShapes;
  readonly prefer: Preferences;
  /** The negotiated answer: an array or one object (`.single()`), nulls stripped or not. */
  readonly media: ResponseMedia;
  /** `Accept: application/vnd.pgrst.object+json` (supabase-js `.single()`). */
  readonly single: boolean;
  /** PostgREST's db-max-rows, or null for no cap. */
  readonly maxRows: number | null;
  readonly body: unknown;
}

export interface RestResult {
  readonly status: number;
  readonly body: string | null;
  readonly headers: Record<string, string>;
}

export const jsonType = 'application/json; charset=utf-8';

export function contentRange(offset: number, rows: number, total: number | null): string {
  const size = total === null ? '*' : String(total);
  return rows === 0 ? `*/${size}` : `${offset}-${offset + rows - 1}/${size}`;
}

/** Rows rendered by Postgres as a JSON array, turned into PostgREST's answer. */
export function rowsResult(
  request: RestRequest, json: string, rows: number, options: { status: number; offset?: number; total?: number | null },
): RestResult {
  const total = options.total ?? null;
  const headers: Record<string, string> = {
    'Content-Range': contentRange(options.offset ?? 0, rows, total),
    'Content-Type': contentTypeOf(request.media),
  };
  if (request.single) {
    if (rows !== 1) throw notSingle(rows);
    // json_agg renders one row as `[{…}]`.
    return { status: options.status, body: json.slice(1, -1), headers };
  }
  if (total !== null && (options.offset ?? 0) > total && options.status === 200) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${options.offset ?? 0} was requested, but there are only ${total} rows.`);
  }
  const partial = total !== null && rows < total && options.status === 200;
  return { status: partial ? 206 : options.status, body: json, headers };
}
