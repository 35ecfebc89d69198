import { z } from 'zod';
import type { ChargeReceipt, CreditHold, HoldSettlement, LedgerEntry } from '../../core/domain/credits.js';
import type { UsageLedger } from '../../core/ports/usage-ledger.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { ApiClient, type ApiClientOptions } from '../app-api/api-client.js';
import type { ServerKeptChat } from './server-kept-chat.js';

const entry = z.object({
  id: z.string(), userId: z.string(),
  kind: z.enum(['signup_grant', 'subscription_grant', 'manual_grant', 'usage_charge', 'adjustment']),
  amount: z.number(), balanceAfter: z.number(), reason: z.string(), reference: z.string().nullable(),
  modelId: z.string().nullable(), createdAt: z.string(),
});
const credits = z.object({ balance: z.number(), history: z.array(entry) });

/**
 * UsageLedger in the browser: balance and history from /api/credits. Charging is the server's
 * (it charges while it answers); `logUsage` answers what the server reported for that answer.
 * Granting is never done from a browser.
 */
export class ApiUsageLedger implements UsageLedger {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions, private readonly chat: ServerKeptChat) {
    this.api = new ApiClient(options);
  }

  private async read(limit: number): Promise<Result<z.output<typeof credits>>> {
    const r = await this.api.json<unknown>(`/api/credits?limit=${limit}`);
    if (!r.success) return r;
    const body = credits.safeParse(r.data);
    return body.success ? ok(body.data) : fail(domainError('unexpected', 'The app server sent unexpected credits'));
  }

  async getBalance(_userId: string): Promise<Result<number>> {
    const r = await this.read(1);
    return r.success ? ok(r.data.balance) : r;
  }

  async listEntries(_userId: string, options: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> {
    const r = await this.read(options.limit ?? 50);
    return r.success ? ok(r.data.history) : r;
  }

  async logUsage(charge: { modelId: string }): Promise<Result<ChargeReceipt>> {
    return ok(this.chat.takeReceipt(charge.modelId));
  }

  async grantCredits(): Promise<Result<LedgerEntry>> {
    return fail(domainError('forbidden', 'Credits are granted by the server only'));
  }

  /** Holds are the server's: it holds each answer's credits while it answers /api/chat. */
  async holdCredits(): Promise<Result<CreditHold>> {
    return fail(domainError('forbidden', 'Credits are held by the server only'));
  }

  async settleHold(): Promise<Result<HoldSettlement>> {
    return fail(domainError('forbidden', 'Credit holds are settled by the server only'));
  }

  async releaseHold(): Promise<Result<{ released: boolean }>> {
    return fail(domainError('forbidden', 'Credit holds are released by the server only'));
  }
}
