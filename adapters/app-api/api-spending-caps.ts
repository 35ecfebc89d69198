import type { SpendingCapStatus, SpendingCaps } from '../../core/credits/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { spendingCapAnswer } from '../api-contract/api-contract.js';

const PATH = '/api/account/spending-cap';

/** The signed-in caller's monthly spending cap through /api/account/spending-cap (the server names the user). */
export class ApiSpendingCaps implements SpendingCaps {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async getSpendingCap(_userId: string): Promise<Result<SpendingCapStatus>> {
    const r = await this.api.parsed(PATH, spendingCapAnswer, 'spending cap');
    return r.success ? ok({ cap: r.data.cap, spent: r.data.spent }) : r;
  }

  async setSpendingCap(input: { userId: string; cap: number | null }): Promise<Result<SpendingCapStatus>> {
    const r = await this.api.parsed(PATH, spendingCapAnswer, 'spending cap', { method: 'PUT', json: { cap: input.cap } });
    return r.success ? ok({ cap: r.data.cap, spent: r.data.spent }) : r;
  }
}
