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
