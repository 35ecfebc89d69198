import type { ChargeReceipt, LedgerEntry, LedgerKind, UsageCharge } from '../domain/credits.js';
import type { Result } from '../shared/result.js';

/**
 * Credits, server side (service role). `logUsage` computes the charge from the model's price and
 * decrements atomically, never below zero (`insufficient_credits` when short). Grants are idempotent
 * by `reference`: a second grant with the same reference changes nothing and answers the first.
 */
export interface UsageLedger {
  getBalance(userId: string): Promise<Result<number>>;
  logUsage(charge: UsageCharge): Promise<Result<ChargeReceipt>>;
  grantCredits(input: {
    userId: string;
    amount: number;
    kind: Exclude<LedgerKind, 'usage_charge'>;
    reason: string;
    reference: string | null;
  }): Promise<Result<LedgerEntry>>;
  listEntries(userId: string, options?: { limit?: number }): Promise<Result<readonly LedgerEntry[]>>;
}
