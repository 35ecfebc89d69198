import type { Result } from '../../../core/shared/result.js';
import { toCamelKey } from '../casing.js';
import type { CommonError } from './errors.js';
import type { AnyOperation, CallOptions, HttpClient } from './http-client.js';
import type { ClientInput, OperationError, OperationOutput } from './operation.js';
import type { z } from 'zod';

/** One page of a list answer, camelCase. */
export interface Page<I> {
  readonly items: I[];
  readonly pagination: { readonly totalCount: number; readonly maxPage: number };
}

/** The server silently caps `limit` at 100 (reference §2), so a "full" page never exceeds that. */
export const SERVER_MAX_LIMIT = 100;

/**
 * Whether to fetch `page + 1` (billing specs §4 "Paging"; reference §1 "Pagination"): the page was
 * full (at least the requested limit, capped as the server caps it), not empty, and below `max_page`.
 */
export function hasNextPage(page: Page<unknown>, requested: { page?: number; limit?: number }): boolean {
  const current = requested.page ?? 1;
  const limit = Math.min(requested.limit ?? 10, SERVER_MAX_LIMIT);
  const { maxPage } = page.pagination;
  return typeof maxPage === 'number' && current < maxPage && page.items.length > 0 && page.items.length >= limit;
}

/** What a list call resolves, as the iterators read it. */
export type PageAnswer = { readonly success: true; readonly data: Page<unknown> } | { readonly success: false; readonly error: unknown };

/**
 * `pages` and `items` over a list call taking `(request, options)`: the next page is fetched only when
 * the previous one is consumed, and a failed page throws its error (a BillingError).
 */
export function pageIterators<O>(call: (request: Record<string, unknown> | undefined, options: O) => Promise<PageAnswer>) {
  async function* pages(request: Record<string, unknown> = {}, options: O): AsyncGenerator<Page<unknown>, void, undefined> {
    let current = request;
    for (;;) {
      const answer = await call(current, options);
      if (!answer.success) throw answer.error;
      yield answer.data;
      if (!hasNextPage(answer.data, current as { page?: number; limit?: number })) return;
      current = { ...current, page: ((current.page as number | undefined) ?? 1) + 1 };
    }
  }
  async function* items(request: Record<string, unknown> | undefined, options: O): AsyncGenerator<unknown, void, undefined> {
    for await (const page of pages(request, options)) yield* page.items;
  }
  return { pages, items };
}

type Merge<Op> = Op extends { pathParams: infer PS; query: infer QS }
  ? (PS extends z.ZodType ? ClientInput<PS> : unknown) & (QS extends z.ZodType ? ClientInput<QS> : unknown)
  : never;
type Args<R> = Record<never, never> extends R ? [request?: R, options?: CallOptions] : [request: R, options?: CallOptions];
type ItemOf<T> = T extends Page<infer I> ? I : never;

/**
 * A list call (path parameters and query merged into one request object) with two iterators: `pages`
 * yields each page, `items` each item; both fetch the next page only when the previous one is consumed
 * and throw the call's error (a BillingError) if one fails.
 */
export interface ListMethod<R, T, E> {
  (...args: Args<R>): Promise<Result<T, E>>;
  pages(...args: Args<R>): AsyncGenerator<T, void, undefined>;
  items(...args: Args<R>): AsyncGenerator<ItemOf<T>, void, undefined>;
}

export type ListOf<Op> = ListMethod<Merge<Op>, OperationOutput<Op>, OperationError<Op> | CommonError>;

export function listMethod<Op extends AnyOperation>(http: HttpClient, op: Op): ListOf<Op> {
  const pathKeys = new Set(
    op.pathParams === undefined ? [] : Object.keys((op.pathParams as z.ZodObject).shape).map(toCamelKey),
  );
  const split = (request: Record<string, unknown> = {}) => {
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(request)) (pathKeys.has(key) ? path : query)[key] = value;
    return { path, query };
  };
  const call = (request?: Record<string, unknown>, options?: CallOptions) =>
    http.call(op, split(request) as never, options) as Promise<Result<Page<unknown>, CommonError>>;

  async function* pages(request: Record<string, unknown> = {}, options?: CallOptions) {
    let current = request;
    for (;;) {
      const answer = await call(current, options);
      if (!answer.success) throw answer.error;
      yield answer.data;
      if (!hasNextPage(answer.data, current as { page?: number; limit?: number })) return;
      current = { ...current, page: ((current.page as number | undefined) ?? 1) + 1 };
    }
  }
  async function* items(request?: Record<string, unknown>, options?: CallOptions) {
    for await (const page of pages(request, options)) yield* page.items;
  }
  return Object.assign(call, { pages, items }) as unknown as ListOf<Op>;
}

/** Portal credentials, given first to every customer-portal call (as the SDK does). */
export interface PortalAuth {
  readonly customerSession: string;
}

type Rest<R> = Record<never, never> extends R ? [request?: R, options?: CallOptions] : [request: R, options?: CallOptions];

/** A portal list: the session comes first, then the usual request and options. */
export interface PortalListMethod<R, T, E> {
  (auth: PortalAuth, ...rest: Rest<R>): Promise<Result<T, E>>;
  pages(auth: PortalAuth, ...rest: Rest<R>): AsyncGenerator<T, void, undefined>;
  items(auth: PortalAuth, ...rest: Rest<R>): AsyncGenerator<ItemOf<T>, void, undefined>;
}

export function portalListMethod<Op extends AnyOperation>(
  http: HttpClient,
  op: Op,
): PortalListMethod<Merge<Op>, OperationOutput<Op>, OperationError<Op> | CommonError> {
  const inner = listMethod(http, op) as unknown as {
    (r?: unknown, o?: CallOptions): unknown;
    pages(r?: unknown, o?: CallOptions): unknown;
    items(r?: unknown, o?: CallOptions): unknown;
  };
  const opts = (auth: PortalAuth, options?: CallOptions): CallOptions => ({ ...options, customerSession: auth.customerSession });
  const call = (auth: PortalAuth, request?: unknown, options?: CallOptions) => inner(request, opts(auth, options));
  return Object.assign(call, {
    pages: (auth: PortalAuth, request?: unknown, options?: CallOptions) => inner.pages(request, opts(auth, options)),
    items: (auth: PortalAuth, request?: unknown, options?: CallOptions) => inner.items(request, opts(auth, options)),
  }) as never;
}

/** Call options carrying the portal session. */
export const withSession = (auth: PortalAuth, options?: CallOptions): CallOptions => ({
  ...options,
  customerSession: auth.customerSession,
});
