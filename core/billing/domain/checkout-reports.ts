import type { CheckoutStatus } from './billing.js';

/** Local-storage key of the checkout outcomes already pushed to analytics in this browser. */
export const REPORTED_CHECKOUTS_KEY = 'ensemble.reportedCheckouts';

/** Enough to cover reloads and back-and-forth; a user opens few checkouts. */
const KEEP = 50;

export type CheckoutOutcome = 'succeeded' | 'failed';

/** A checkout back from the provider: paid, not paid (open, expired, failed), or still being paid. */
export const outcomeOf = (status: CheckoutStatus): CheckoutOutcome | 'pending' =>
  status === 'succeeded' ? 'succeeded' : status === 'confirmed' ? 'pending' : 'failed';

const entry = (checkoutId: string, outcome: CheckoutOutcome) => `${checkoutId}:${outcome}`;

/** The stored list, read defensively: anything unreadable counts as empty. */
export const parseReported = (stored: string | null): string[] => {
  if (stored === null) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const wasReported = (reported: readonly string[], checkoutId: string, outcome: CheckoutOutcome): boolean =>
  reported.includes(entry(checkoutId, outcome));

export const withReported = (reported: readonly string[], checkoutId: string, outcome: CheckoutOutcome): string[] =>
  [...reported.filter((e) => e !== entry(checkoutId, outcome)), entry(checkoutId, outcome)].slice(-KEEP);
