import type { CheckoutState } from './billing.js';

/** Local-storage key of the checkout outcomes already pushed to analytics in this browser. */
export const REPORTED_CHECKOUTS_KEY = 'ensemble.reportedCheckouts';

/** Enough to cover reloads and back-and-forth; a user opens few checkouts. */
const KEEP = 50;

export type CheckoutOutcome = 'succeeded' | 'failed';

/**
 * A checkout back from the provider: paid; a payment that failed (the checkout failed, or a card
 * was declined on it); left without paying (open or expired, no payment tried: the visitor went
 * back, which is not a failed payment); or still being paid.
 */
export const outcomeOf = (checkout: Pick<CheckoutState, 'status' | 'declined'>): CheckoutOutcome | 'left' | 'pending' => {
  if (checkout.status === 'succeeded') return 'succeeded';
  if (checkout.status === 'confirmed') return 'pending';
  return checkout.status === 'failed' || checkout.declined ? 'failed' : 'left';
};

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
