import type { SpendingCapStatus } from '../domain/spending-cap.js';
import type { Result } from '../../shared/index.js';

/**
 * Each user's monthly spending cap (credits per calendar month, UTC). `spent` is what the user was
 * charged since the month began plus what running answers hold now. The ledger's holds refuse
 * (`spending_cap_reached`, details cap, spent, required) a hold that would take spent past the cap,
 * in the same step as the balance check. `setSpendingCap` with null removes the cap; a cap is a
 * whole number from 1 to MAX_MONTHLY_CREDIT_CAP (`validation` otherwise).
 */
export interface SpendingCaps {
  getSpendingCap(userId: string): Promise<Result<SpendingCapStatus>>;
  setSpendingCap(input: { userId: string; cap: number | null }): Promise<Result<SpendingCapStatus>>;
}
