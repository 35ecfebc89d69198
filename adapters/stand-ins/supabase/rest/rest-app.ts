import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { LocalDb } from '../db.js';
import { cachingVerifier, identifyCaller, type VerifyJwt } from './caller.js';
import { readRelation } from './read-handler.js';
import { QueryShapes } from './query-shapes.js';
import { parsePrefer, parseRequestQuery, type RequestQuery } from './request-query.js';
import { checkBodyType, negotiateMedia } from './media-type.js';
import { fromDatabaseError, RestError } from './rest-error.js';
import type { RestRequest, RestResult } from './rest-response.js';
import { callFunction, chooseFunction } from './rpc-handler.js';
import { loadSchemaCache, type SchemaCache } from './schema-cache.js';
import { deleteRows, insertRows, updateRows } from './write-handler.js';

export interface RestAppOptions {
  readonly db: LocalDb;
  readonly verifyJwt: VerifyJwt;
  /** Larger request bodies get 413; 1 MiB unless told otherwise. */
  readonly maxBodyBytes?: number;
  /**
   * PostgREST's `db-max-rows`: at most this many rows in an answer, and the threshold above which
   * `count=estimated` uses the planner's estimate. Hosted Supabase sets 1000 ("Max rows"); unset, as
   * PostgREST's own default, nothing is capped.
   */
  readonly maxRows?: number | null;
  /**
   * PostgREST's `db-schemas` (a hosted project's "Exposed schemas"): the first is the default, the others are
   * chosen with `Accept-Profile` (GET, HEAD) or `Content-Profile` (POST, PATCH, DELETE). `['public']` if unset.
   */
  readonly schemas?: readonly string[];
  /** Milliseconds since the epoch, for when a remembered token expires; the Auth side's clock (tests move it). */
  readonly now?: () => number;
}

/**
 * PostgREST's `/rest/v1` as postgrest-js uses it. Mount with `app.route('/rest/v1', makeRestApp(…))`;
 * CORS belongs to the server that mounts it (it must expose Content-Range).
 */
export function makeRestApp(options: RestAppOptions): Hono {
  const app = new Hono();
  const schemas = options.schemas && options.schemas.length > 0 ? options.schemas : ['public'];
  const caches = new Map<string, Promise<SchemaCache>>();
  // PostgREST's schema cache reload: on `NOTIFY pgrst` with 'reload schema' (or nothing), which the database's
  // event triggers send after any DDL. Listening starts before the first load, so no change is missed.
  let watching: Promise<unknown> | null = null;
  const schema = async (name: string): Promise<SchemaCache> => {
    await (watching ??= options.db.listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') caches.clear();
    }).catch((error: unknown) => {
      watching = null;
      throw error;
    }));
    let cache = caches.get(name);
    if (!cache) {
      cache = loadSchemaCache(options.db, name).catch((error: unknown) => {
        caches.delete(name);
        throw error;
      });
      caches.set(name, cache);
    }
    return cache;
  };
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const verifyJwt = cachingVerifier(options.verifyJwt, options.now);
  const shapes = new QueryShapes();

  const handle = (kind: 'table' | 'rpc') => async (c: Context) => {
    let role = 'anon';
    try {
      const profile = chooseProfile(c.req.method, c.req.header('accept-profile'), c.req.header('content-profile'), schemas);
      const known = identifyCaller(c.req.raw.headers, verifyJwt);
      // A remembered token answers at once: no promise to wait for on the common path.
      const caller = known instanceof Promise ? await known : known;
      role = caller.role;
      const request = await buildRequest(c, options.db, caller, await schema(profile), kind, options.maxRows ?? null, shapes);
      const name = c.req.param(kind === 'rpc' ? 'fn' : 'relation') ?? '';
      const result = kind === 'rpc' ? await rpc(request, name) : await table(request, name);
      // PostgREST names the schema it answered from once more than one is exposed.
      if (schemas.length > 1) result.headers['Content-Profile'] = profile;
      return send(c, result, appliedPreferences(request, kind));
    } catch (error) {
      const failure = fromDatabaseError(error, role);
      return c.json(failure.toBody(), failure.status as ContentfulStatusCode, { ...failure.headers });
    }
  };

  const limitBody = bodyLimit({
    maxSize,
    // The unread rest of the body stays on the socket, so the connection must not be reused.
    onError: (c) =>
      c.json(new RestError(413, 'PT413', `Request body exceeds the limit of ${maxSize} bytes`).toBody(), 413, { Connection: 'close' }),
  });
  // Only requests with a body go through the size check: GET and HEAD would otherwise build a whole Request per
  // read for nothing, and a read's route has no middleware at all.
  const rpcHandler = handle('rpc');
  const tableHandler = handle('table');
  app.get('/rpc/:fn', rpcHandler);
  app.post('/rpc/:fn', limitBody, rpcHandler);
  app.get('/:relation', tableHandler);
  app.on(['POST', 'PATCH', 'DELETE'], '/:relation', limitBody, tableHandler);
  // Only a bug gets here (bad input is answered above); keep PostgREST's error shape anyway.
  app.onError((error, c) => {
    console.error('[supabase-local rest] unexpected error', error);
    return c.json({ code: 'XX000', details: null, hint: null, message: 'Internal error in the local REST stand-in' }, 500);
  });
  // A mounted sub-app's notFound is not consulted by its parent, hence explicit catch-all routes.
  const invalidPath = (c: Context) => c.json(new RestError(404, 'PGRST125', 'Invalid path specified in request URL').toBody(), 404);
  app.all('/', invalidPath);
  app.all('*', invalidPath);
  return app;
}

/** The schema a request reads (`Accept-Profile` on GET and HEAD) or writes (`Content-Profile` otherwise). */
function chooseProfile(method: string, accept: string | undefined, content: string | undefined, schemas: readonly string[]): string {
  const asked = method === 'GET' || method === 'HEAD' ? accept : content;
  if (asked === undefined) return schemas[0] ?? 'public';
  if (!schemas.includes(asked)) {
    throw new RestError(406, 'PGRST106', 'Invalid schema: ' + asked, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  return asked;
}

async function buildRequest(
  c: Context, db: LocalDb, caller: { role: RestRequest['role']; claims: RestRequest['claims'] }, cache: SchemaCache, kind: 'table' | 'rpc',
  maxRows: number | null, shapes: QueryShapes,
): Promise<RestRequest> {
  const method = c.req.method;
  const media = negotiateMedia(c.req.header('accept'));
  const prefer = parsePrefer(c.req.header('prefer') ?? null, cache.timezones);
  if (prefer.singleObjectParams) {
    throw new RestError(400, 'PGRST100', 'Prefer: params=single-object is not supported by the local stand-in', 'PostgREST 12 deprecates it: give the function one unnamed json parameter instead');
  }
  if (method === 'POST' || method === 'PATCH') checkBodyType(c.req.header('content-type'));
  let argNames = new Set<string>();
  if (kind === 'rpc') argNames = new Set(cache.functions(c.req.param('fn') ?? '').flatMap((fn) => fn.args.map((arg) => arg.name)));
  // The query string alone (a whole URL parse per request is not needed); a request URL carries no fragment, but
  // one given to app.request() in-process would, and is no part of the query.
  const raw = c.req.url;
  const at = raw.indexOf('?');
  const hash = raw.indexOf('#', at);
  const search = new URLSearchParams(at < 0 ? '' : raw.slice(at + 1, hash < 0 ? undefined : hash));
  const reading = method === 'GET' || method === 'HEAD';
  const range = reading ? (c.req.header('range') ?? null) : null;
  const parse = () => parseRequestQuery(search, range, kind === 'rpc' && method !== 'POST' ? argNames : new Set());
  // A table read builds its SQL through the query-shape cache, which parses only shapes it has not seen.
  let query: RequestQuery | undefined = kind === 'table' && reading ? undefined : parse();
  return {
    db,
    cache,
    role: caller.role,
    claims: caller.claims,
    method,
    get query() {
      return (query ??= parse());
    },
    search,
    range,
    shapes,
    prefer,
    media,
    single: media.single,
    maxRows,
    body: method === 'POST' || method === 'PATCH' ? await readJson(c, kind === 'rpc') : undefined,
  };
}

async function readJson(c: Context, emptyIsObject: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (emptyIsObject) return {};
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'the request body is empty');
  }
  if (nestingDepth(text) > maxJsonDepth) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `nesting deeper than ${maxJsonDepth} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message);
  }
}

const maxJsonDepth = 64;

/** Deepest bracket nesting outside strings: deep bodies would overflow the stack when re-serialised. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) deepest = Math.max(deepest, ++depth);
    else if (ch === 93 || ch === 125) depth--;
  }
  return deepest;
}

function table(request: RestRequest, name: string): Promise<RestResult> {
  switch (request.method) {
    case 'POST':
      return insertRows(request, name);
    case 'PATCH':
      return updateRows(request, name);
    case 'DELETE':
      return deleteRows(request, name);
    default:
      return readRelation(request, name);
  }
}

function rpc(request: RestRequest, name: string): Promise<RestResult> {
  const args = request.method === 'POST' ? request.body : request.query.args;
  const candidates = request.cache.functions(name);
  const isObject = typeof args === 'object' && args !== null && !Array.isArray(args);
  const fn = chooseFunction(candidates, name, isObject ? Object.keys(args) : [], request.method === 'POST');
  if (!isObject && !(fn.args.length === 1 && fn.args[0]?.name === '')) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'function arguments must be a JSON object');
  }
  return callFunction(request, fn, args);
}

/** The preferences PostgREST 12 echoes in `Preference-Applied` for this kind of request. */
function appliedPreferences(request: RestRequest, kind: 'table' | 'rpc'): string[] {
  const names = kind === 'rpc'
    ? ['count', 'tx', 'handling', 'timezone', 'max-affected']
    : request.method === 'GET' || request.method === 'HEAD'
      ? ['count', 'tx', 'handling', 'timezone']
      : request.method === 'POST'
        ? ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone']
        : request.method === 'PATCH'
          ? ['return', 'count', 'tx', 'missing', 'handling', 'timezone', 'max-affected']
          : ['return', 'count', 'tx', 'handling', 'timezone', 'max-affected'];
  return request.prefer.applied.filter((token) => names.includes(token.slice(0, token.indexOf('='))));
}

function send(c: Context, result: RestResult, applied: readonly string[]): Response {
  const status = result.status as StatusCode;
  const headers = applied.length > 0 ? { ...result.headers, 'Preference-Applied': applied.join(', ') } : result.headers;
  if (result.body === null || c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(result.body, status as ContentfulStatusCode, headers);
}
