import type { ChargeReceipt, CreditHold, HoldSettlement, GrantLedgerKind, LedgerEntry, UsageCharge } from '../domain/credits.js';
import type { Result } from '../../shared/index.js';
import type { SpendingCaps } from './spending-caps.js';

/** What a user may read of their credits: the balance and the ledger's lines (the browser's port). */
export interface CreditBalance {
  getBalance(userId: string): Promise<Result<number>>;
  listEntries(userId: string, options?: { limit?: number }): Promise<Result<readonly LedgerEntry[]>>;
}

/**
 * Credits, server side (service role). `logUsage` computes the charge from the model's price and
 * decrements atomically, never below zero (`insufficient_credits` when short). Grants are idempotent
 * by `reference`: a second grant with the same reference changes nothing and answers the first.
 *
 * Holds reserve credits for an answer before it starts. `holdCredits` admits only while `balance - unexpired holds >= amount`, serialized
 * per user; `settleHold` drops the hold and charges the actual usage in one step, capped at what
 * the user can pay (balance minus the other holds; the rest is reported as `shortfall`), even when
 * the hold is unknown or expired (the answer was given); `releaseHold` drops it uncharged and is
 * idempotent. A hold past `expiresAt` (a crashed server) stops counting by itself. With a monthly
 * spending cap set (SpendingCaps), a hold that would take this month's spending past it is refused
 * `spending_cap_reached` (details cap, spent, required) in the same serialized step.
 */
export interface UsageLedger extends CreditBalance, SpendingCaps {
  logUsage(charge: UsageCharge): Promise<Result<ChargeReceipt>>;
  grantCredits(input: {
    userId: string;
    amount: number;
    kind: GrantLedgerKind;
    reason: string;
    reference: string | null;
  }): Promise<Result<LedgerEntry>>;
  holdCredits(input: { userId: string; amount: number; ttlSeconds: number }): Promise<Result<CreditHold>>;
  settleHold(input: { holdId: string } & UsageCharge): Promise<Result<HoldSettlement>>;
  releaseHold(input: { holdId: string; userId: string }): Promise<Result<{ released: boolean }>>;
}
