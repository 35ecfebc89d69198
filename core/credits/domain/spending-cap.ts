import { z } from 'zod';
import { domainError, type DomainError } from '../../shared/index.js';

/** The highest monthly cap a user may set, in credits (the database's check holds the same number). */
export const MAX_MONTHLY_CREDIT_CAP = 1_000_000;

/** A user's monthly cap and what they spent this calendar month (UTC): charged, plus held by running answers. */
export interface SpendingCapStatus {
  /** Credits per calendar month; null: no cap. */
  readonly cap: number | null;
  readonly spent: number;
}

/** The cap as the account shows it: with what remains of it this month (null without a cap). */
export interface SpendingCapView extends SpendingCapStatus {
  readonly remaining: number | null;
}

export const spendingCapView = (status: SpendingCapStatus): SpendingCapView => ({
  ...status,
  remaining: status.cap === null ? null : Math.max(0, status.cap - status.spent),
});

/** What a user may set: a whole number of credits from 1 to MAX_MONTHLY_CREDIT_CAP, or null to remove the cap. */
export const spendingCapSchema = z.strictObject({
  cap: z
    .number({ error: 'cap must be a number of credits, or null to remove the cap' })
    .int('cap must be a whole number of credits')
    .min(1, 'cap must be at least 1 credit')
    .max(MAX_MONTHLY_CREDIT_CAP, `cap must be at most ${MAX_MONTHLY_CREDIT_CAP} credits`)
    .nullable(),
});
export type SpendingCapInput = z.input<typeof spendingCapSchema>;

/**
 * The refusal of a send that would pass the monthly cap: the cap, what was spent this month
 * (charged plus held by other running answers), what this send would hold, and what remains.
 */
export const spendingCapReached = (cap: number, spent: number, required: number): DomainError => {
  const remaining = Math.max(0, cap - spent);
  return domainError(
    'spending_cap_reached',
    `This send would pass your monthly spending cap: cap ${cap}, spent ${spent} this month, this send holds ${required}, ${remaining} remaining`,
    { cap, spent, required, remaining },
  );
};
