import type { z } from 'zod';
import { fail } from '../result.js';
import { toCamelKey } from '../casing.js';
import { InputValidationError } from './errors.js';
import type { AnyOperation, CallOptions, CallResult, HttpClient } from './http-client.js';
import type { ClientInput, OperationOutput } from './operation.js';
import { pageIterators, type Page, type PageAnswer } from './pagination.js';

/**
 * Methods bound from operation tables. A resource exports its table (`customerOps = { get: operation(...) }`)
 * and `bindOperations(http, table)` turns every operation into a method taking one request object, as
 * the official SDK's methods take them (adapters/billing/README.md "Request objects"):
 * - path and query parameters camelCase at the top level: `customers.get({ id })`, `customers.list({ email, page })`;
 * - a body alone is the request itself: `customers.create({ email })`;
 * - a body beside parameters goes under the operation's `bodyKey`: `customers.update({ id, customerUpdate })`;
 * - a call with no input takes only the options: `metrics.limits()`;
 * - customer-portal calls (`security: 'customerSession'`) take `{ customerSession }` first;
 * - a list (its query has `page`) also gets `.pages(...)` and `.items(...)` with the same arguments.
 * Every method resolves `Result<T, E | CommonError>` as `HttpClient.call` does. Types are derived from
 * the table; nothing is written per operation.
 */

type Empty = Record<never, never>;
type Flat<T> = { [K in keyof T]: T[K] };
type InputOf<S> = S extends z.ZodType ? ClientInput<S> : Empty;

/** Path parameters and query merged, camelCase. */
type ParamsOf<Op extends AnyOperation> = Flat<InputOf<Op['pathParams']> & InputOf<Op['query']>>;
type HasParams<Op extends AnyOperation> = [Op['pathParams'], Op['query']] extends [undefined, undefined] ? false : true;
type HasInput<Op extends AnyOperation> = [Op['pathParams'], Op['query'], Op['body']] extends [undefined, undefined, undefined] ? false : true;
type BodyField<Op extends AnyOperation> = Op['bodyKey'] extends string
  ? { readonly [K in Op['bodyKey']]: ClientInput<Op['body']> }
  : never;

/** The request object of an operation's method. */
export type RequestOf<Op extends AnyOperation> = Op['body'] extends z.ZodType
  ? HasParams<Op> extends true
    ? ParamsOf<Op> & BodyField<Op>
    : ClientInput<Op['body']>
  : ParamsOf<Op>;

/** Customer-portal credentials, given first to every call authenticated by a customer session. */
export interface PortalAuth {
  readonly customerSession: string;
}

type RequestArgs<Op extends AnyOperation> =
  HasInput<Op> extends false
    ? [options?: CallOptions]
    : Empty extends RequestOf<Op>
      ? [request?: RequestOf<Op>, options?: CallOptions]
      : [request: RequestOf<Op>, options?: CallOptions];

/** The arguments of an operation's method (and of its `pages` / `items`). */
export type ArgsOf<Op extends AnyOperation> = Op['security'] extends 'customerSession'
  ? [auth: PortalAuth, ...RequestArgs<Op>]
  : RequestArgs<Op>;

type IsList<Op extends AnyOperation> = 'page' extends keyof InputOf<Op['query']> ? true : false;
type ItemOf<T> = T extends Page<infer I> ? I : never;

export type CallOf<Op extends AnyOperation> = (...args: ArgsOf<Op>) => Promise<CallResult<Op>>;

/**
 * A list call with two iterators: `pages` yields each page, `items` each item; both fetch the next page
 * only when the previous one is consumed, and throw the call's error (a BillingError) if one fails.
 */
export interface ListOf<Op extends AnyOperation> {
  (...args: ArgsOf<Op>): Promise<CallResult<Op>>;
  pages(...args: ArgsOf<Op>): AsyncGenerator<OperationOutput<Op>, void, undefined>;
  items(...args: ArgsOf<Op>): AsyncGenerator<ItemOf<OperationOutput<Op>>, void, undefined>;
}

export type MethodOf<Op extends AnyOperation> = IsList<Op> extends true ? ListOf<Op> : CallOf<Op>;

/** A table of operations, possibly nested (`checkoutOps.client.confirm`). */
export interface OperationTable {
  readonly [name: string]: AnyOperation | OperationTable;
}

/** The methods of a table, same shape. */
export type Bound<T> = { readonly [K in keyof T]: T[K] extends AnyOperation ? MethodOf<T[K]> : Bound<T[K]> };

export function bindOperations<const T extends OperationTable>(http: HttpClient, table: T): Bound<T> {
  const methods: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(table)) {
    methods[name] = isOperation(entry) ? bindOperation(http, entry) : bindOperations(http, entry);
  }
  return methods as Bound<T>;
}

const isOperation = (entry: AnyOperation | OperationTable): entry is AnyOperation =>
  typeof entry.method === 'string' && typeof entry.path === 'string' && Array.isArray(entry.responses);

const shapeKeys = (schema: unknown): string[] =>
  schema === undefined ? [] : Object.keys((schema as z.ZodObject).shape).map(toCamelKey);

type Request = Record<string, unknown> | undefined;
type Split = { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** How a request object is taken apart into `{ path, query, body }` for `HttpClient.call`. */
function splitter(op: AnyOperation): (request: Request) => Split | InputValidationError {
  const pathKeys = new Set(shapeKeys(op.pathParams));
  const hasQuery = op.query !== undefined;
  const hasBody = op.body !== undefined;
  if (hasBody && pathKeys.size === 0 && !hasQuery) return (request) => ({ body: request });
  const { bodyKey } = op;
  if (hasBody && bodyKey === undefined) {
    throw new Error(`${op.method} ${op.path}: an operation with a body and parameters needs a bodyKey`);
  }
  return (request = {}) => {
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const unknown: string[] = [];
    let body: unknown;
    for (const key of Object.keys(request)) {
      const value = request[key];
      if (pathKeys.has(key)) path[key] = value;
      else if (hasBody && key === bodyKey) body = value;
      else if (hasQuery) query[key] = value;
      else unknown.push(key);
    }
    if (unknown.length > 0) {
      const where = hasBody ? `: the body goes under "${bodyKey}"` : '';
      return new InputValidationError(
        unknown.map((key) => ({ code: 'custom', path: [key], message: `unknown key "${key}"${where}`, input: request[key] })),
      );
    }
    return { path, query, body };
  };
}

function bindOperation(http: HttpClient, op: AnyOperation) {
  const split = splitter(op);
  const portal = op.security === 'customerSession';
  const hasInput = op.pathParams !== undefined || op.query !== undefined || op.body !== undefined;

  /** `(auth?, request?, options?)` as the method was called, whatever its shape. */
  const read = (args: unknown[]): { request: Request; options: CallOptions | undefined } => {
    const rest = portal ? args.slice(1) : args;
    const request = (hasInput ? rest[0] : undefined) as Request;
    const given = (hasInput ? rest[1] : rest[0]) as CallOptions | undefined;
    if (!portal) return { request, options: given };
    return { request, options: { ...given, customerSession: (args[0] as PortalAuth).customerSession } };
  };

  const send = (request: Request, options: CallOptions | undefined) => {
    const input = split(request);
    if (input instanceof InputValidationError) return Promise.resolve(fail(input));
    return http.call(op, input as never, options);
  };

  const method = (...args: unknown[]) => {
    const { request, options } = read(args);
    return send(request, options);
  };
  if (!shapeKeys(op.query).includes('page')) return method;

  const { pages, items } = pageIterators(send as (request: Request, options: CallOptions | undefined) => Promise<PageAnswer>);
  return Object.assign(method, {
    pages: (...args: unknown[]) => {
      const { request, options } = read(args);
      return pages(request, options);
    },
    items: (...args: unknown[]) => {
      const { request, options } = read(args);
      return items(request, options);
    },
  });
}
