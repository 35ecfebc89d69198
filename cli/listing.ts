import type { Command } from 'commander';
import type { BillingClient, CallOptions, Page } from '@ensemble/billing-client';
import type { CommandContext } from './context.js';
import type { Subject } from './failures.js';
import { StreamingTable, type Column } from './format/table.js';
import { positiveInt } from './arguments.js';
import { usageError } from './errors.js';

export interface Paging {
  readonly page?: number;
  readonly limit?: number;
}

/** A list method of the billing client (`client.customers.list`): its page iterator is what a listing reads. */
export interface ListCall<R, T> {
  pages(request?: R, options?: CallOptions): AsyncIterable<Page<T>>;
}

/** A listing of the items of one list call; `R` (its request) and `T` (its item) follow from `list`. */
export interface Listing<R extends Paging, T> {
  /** Plural noun for the summary line: `customers`. */
  readonly noun: string;
  readonly subject: Subject;
  readonly columns: readonly Column<T>[];
  /** The list call, e.g. `(client) => client.customers.list`. */
  readonly list: (client: BillingClient) => ListCall<R, T>;
  /** Filters, as that list call takes them; `page` and `limit` come from the paging options. */
  readonly request: NoInfer<R>;
  /** What `--json` prints of an item (default: the item as the API sent it). */
  readonly json?: (item: T) => unknown;
}

/** The provider's largest page. */
export const PAGE_MAX = 100;

/** `--page` shows that one page; without it every page streams, `--limit` caps the rows. */
export const addPaging = (command: Command): Command =>
  command
    .option('--page <n>', 'show only this page (1-based)', positiveInt('--page'))
    .option('--limit <n>', `with --page: items per page (max ${PAGE_MAX}); otherwise the most rows to show (pages are read until there are that many)`, positiveInt('--limit'));

/**
 * The request's paging: one page of `--limit` items with `--page` (more than a page holds is refused,
 * never quietly cut), else full pages read until `--limit` rows (or all) are shown.
 */
export function pagingRequest(paging: Paging): { page?: number; limit: number; cap: number } {
  if (paging.page === undefined) return { limit: PAGE_MAX, cap: paging.limit ?? Infinity };
  const limit = paging.limit ?? 10;
  if (limit > PAGE_MAX) {
    throw usageError(
      `--limit ${limit} with --page: a page holds at most ${PAGE_MAX} items; give --limit ${PAGE_MAX} or less with --page, or leave out --page to list the first ${limit} across pages`,
    );
  }
  return { page: paging.page, limit, cap: Infinity };
}

/**
 * Streams a listing row by row: each page is printed as soon as it arrives (human table or JSON
 * array elements), progress goes to stderr, and the next page is only fetched after that.
 */
export async function streamListing<R extends Paging, T>(ctx: CommandContext, listing: Listing<R, T>, paging: Paging): Promise<void> {
  const { cap, ...pageRequest } = pagingRequest(paging);
  const client = await ctx.billing();
  const single = paging.page !== undefined;
  const request: R = { ...listing.request, ...pageRequest };
  const table = new StreamingTable(listing.columns, (line) => ctx.line(line), ctx.style.bold);
  const progress = ctx.io.isTTY && !single;
  let shown = 0;
  let total = 0;
  let opened = false;
  const write = (text: string) => ctx.io.stdout.write(text);
  try {
    for await (const page of listing.list(client).pages(request)) {
      total = page.pagination.totalCount;
      const batch = page.items.slice(0, Math.max(0, cap - shown));
      if (ctx.json) {
        for (const item of batch) {
          write(`${opened ? ',\n' : '[\n'}${JSON.stringify(listing.json ? listing.json(item) : item)}`);
          opened = true;
        }
      } else if (batch.length > 0) {
        table.addBatch(batch);
      }
      shown += batch.length;
      if (progress) ctx.io.stderr.write(`\r${ctx.style.dim(`${shown} of ${total} ${listing.noun}`)}`);
      if (single || shown >= cap) break;
    }
  } catch (error) {
    if (opened) write('\n]\n');
    throw ctx.billingError(error, listing.subject);
  } finally {
    if (progress) ctx.io.stderr.write('\r\u001b[K');
  }
  if (ctx.json) write(opened ? '\n]\n' : '[]\n');
  else if (shown === 0) ctx.line(ctx.style.dim(`No ${listing.noun}.`));
  const where = single ? ` (page ${paging.page})` : '';
  ctx.note(ctx.style.dim(`${shown} of ${total} ${listing.noun}${where}`));
}
