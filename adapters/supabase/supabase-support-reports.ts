import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { LedgerEntry } from '../../core/credits/index.js';
import { fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow, type RestFailure } from './supabase-errors.js';
import { ledgerRow } from './supabase-usage-ledger.js';

/** What a PostgREST read answers (typed here: the keyset loops below would otherwise infer it from itself). */
interface Answer {
  readonly data: unknown;
  readonly error: RestFailure | null;
  readonly status: number;
}

/** Rows read per request: PostgREST's usual ceiling. */
const PAGE = 1000;

/** Credits spent and tokens used, summed over one model or one user. */
export interface UsageTotal {
  /** The model id, or the user id. */
  readonly key: string;
  readonly calls: number;
  readonly credits: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** A user as the support program exports them: the auth user with their profile's balance and plan. */
export interface ReportUser {
  readonly id: string;
  readonly email: string | null;
  readonly createdAt: string;
  /** created_at as Postgres sent it (microseconds kept): the cursor of the next page. */
  readonly createdAtExact: string;
  readonly lastSignInAt: string | null;
  readonly credits: number;
  readonly subscriptionStatus: string | null;
  readonly billingCustomerId: string | null;
  readonly subscriptionId: string | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

const iso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

const userRows = z.array(
  z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      created_at: z.string(),
      last_sign_in_at: z.string().nullable(),
      credits: z.number().int().nullable(),
      subscription_status: z.string().nullable(),
      billing_customer_id: z.string().nullable(),
      subscription_id: z.string().nullable(),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean().nullable(),
    })
    .transform(
      (row): ReportUser => ({
        id: row.id,
        email: row.email === '' ? null : row.email,
        createdAt: new Date(row.created_at).toISOString(),
        createdAtExact: row.created_at,
        lastSignInAt: iso(row.last_sign_in_at),
        credits: row.credits ?? 0,
        subscriptionStatus: row.subscription_status,
        billingCustomerId: row.billing_customer_id,
        subscriptionId: row.subscription_id,
        currentPeriodEnd: iso(row.current_period_end),
        cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
      }),
    ),
);

const usageRows = z.array(
  z.object({
    id: z.union([z.number().int(), z.string()]),
    user_id: z.string(),
    model_id: z.string(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    credits_charged: z.number().int(),
  }),
);

/**
 * Read-only reports of the support program over the app's database, with the service role: usage
 * summed by model or user (table usage_events), users page by page (support_list_users over
 * auth.users and profiles) and a user's whole ledger (table credit_ledger). Each request is bounded.
 */
export class SupabaseSupportReports {
  constructor(private readonly service: SupabaseClient) {}

  /** Usage charged in [from, to) summed per model or per user, the largest credits first. */
  async usage(range: { from: string; to: string }, by: 'model' | 'user'): Promise<Result<UsageTotal[]>> {
    const totals = new Map<string, { calls: number; credits: number; inputTokens: number; outputTokens: number }>();
    let after = '0';
    for (;;) {
      const { data, error, status }: Answer = await this.service
        .from('usage_events')
        .select('id, user_id, model_id, input_tokens, output_tokens, credits_charged')
        .gte('created_at', range.from)
        .lt('created_at', range.to)
        .gt('id', after)
        .order('id', { ascending: true })
        .limit(PAGE);
      if (error) return fail(fromRest('Could not read usage_events', error, status));
      const rows = parseRow('Could not read usage_events', usageRows, data);
      if (!rows.success) return rows;
      for (const row of rows.data) {
        const key = by === 'model' ? row.model_id : row.user_id;
        const total = totals.get(key) ?? { calls: 0, credits: 0, inputTokens: 0, outputTokens: 0 };
        total.calls += 1;
        total.credits += row.credits_charged;
        total.inputTokens += row.input_tokens;
        total.outputTokens += row.output_tokens;
        totals.set(key, total);
      }
      const last = rows.data[rows.data.length - 1];
      // Until an empty page: a project's "Max rows" may answer fewer than PAGE rows before the end.
      if (last === undefined) break;
      after = String(last.id);
    }
    const list = [...totals].map(([key, total]) => ({ key, ...total }));
    list.sort((a, b) => b.credits - a.credits || b.calls - a.calls || a.key.localeCompare(b.key));
    return ok(list);
  }

  /** The users after `after` in sign-up order (a page of at most `limit`, ≤ 1000). */
  async users(after: { createdAt: string; id: string } | null, limit: number): Promise<Result<ReportUser[]>> {
    return this.listUsers({ after_created_at: after?.createdAt ?? null, after_id: after?.id ?? null, limit_input: limit }, 'Could not list users');
  }

  /**
   * The users before `before` newest sign-up first (a page of at most `limit`, ≤ 1000); with `query`,
   * only those whose e-mail holds it (any case, % and _ as themselves) or whose id starts with it.
   */
  async searchUsers(request: { query: string | null; before: { createdAt: string; id: string } | null; limit: number }): Promise<Result<ReportUser[]>> {
    const { data, error, status } = await this.service.rpc('support_search_users', {
      query_input: request.query, before_created_at: request.before?.createdAt ?? null, before_id: request.before?.id ?? null, limit_input: request.limit,
    });
    const action = request.query === null ? 'Could not list users' : `Could not search users for "${request.query}"`;
    if (error) return fail(fromRest(action, error, status));
    return parseRow(action, userRows, data);
  }

  /**
   * The users with these ids (the labels of a usage report), at most PAGE ids a call: the function
   * answers no more rows than the API's "Max rows" (1000 by default, lower if a project sets it), so
   * the ids a call did not answer are asked again, until a call finds none of them (those are gone).
   */
  async usersById(ids: readonly string[]): Promise<Result<ReportUser[]>> {
    const users: ReportUser[] = [];
    let rest = [...new Set(ids)];
    while (rest.length > 0) {
      const page = rest.slice(0, PAGE);
      const found = await this.listUsers({ ids_input: page, limit_input: page.length }, 'Could not look up users');
      if (!found.success) return found;
      users.push(...found.data);
      const seen = new Set(found.data.map((user) => user.id));
      rest = found.data.length === 0 ? rest.slice(page.length) : [...page.filter((id) => !seen.has(id)), ...rest.slice(page.length)];
    }
    return ok(users);
  }

  async countUsers(): Promise<Result<number>> {
    const { data, error, status } = await this.service.rpc('support_count_users');
    if (error) return fail(fromRest('Could not count users', error, status));
    return parseRow('Could not count users', z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]), data);
  }

  /** Every ledger line of one user, oldest first. */
  async ledger(userId: string): Promise<Result<LedgerEntry[]>> {
    const entries: LedgerEntry[] = [];
    let after = '0';
    for (;;) {
      const { data, error, status }: Answer = await this.service
        .from('credit_ledger')
        .select('id, user_id, kind, amount, balance_after, reason, reference, model_id, created_at')
        .eq('user_id', userId)
        .gt('id', after)
        .order('id', { ascending: true })
        .limit(PAGE);
      if (error) return fail(fromRest(`Could not read the credit_ledger of ${userId}`, error, status));
      const rows = parseRow(`Could not read the credit_ledger of ${userId}`, z.array(ledgerRow), data);
      if (!rows.success) return rows;
      entries.push(...rows.data);
      const last = rows.data[rows.data.length - 1];
      // Until an empty page: a project's "Max rows" may answer fewer than PAGE rows before the end.
      if (last === undefined) break;
      after = String(last.id);
    }
    return ok(entries);
  }

  private async listUsers(args: Record<string, unknown>, action: string): Promise<Result<ReportUser[]>> {
    const { data, error, status } = await this.service.rpc('support_list_users', args);
    if (error) return fail(fromRest(action, error, status));
    return parseRow(action, userRows, data);
  }
}
