import type { LedgerEntry, CreditBalance } from '../../core/credits/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { creditsAnswer } from '../api-contract/api-contract.js';

/** The caller's balance and ledger lines from /api/credits (charging and granting are the server's). */
export class ApiCreditBalance implements CreditBalance {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  private read(limit: number) {
    return this.api.parsed(`/api/credits?limit=${limit}`, creditsAnswer, 'credits');
  }

  async getBalance(_userId: string): Promise<Result<number>> {
    const r = await this.read(1);
    return r.success ? ok(r.data.balance) : r;
  }

  async listEntries(_userId: string, options: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> {
    const r = await this.read(options.limit ?? 50);
    return r.success ? ok(r.data.history) : r;
  }
}
