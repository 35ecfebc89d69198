/**
 * app spec §8: a translation load failing with 5xx or with no status (network failure) is retryable;
 * 4xx is not. Anything else (a 2xx with an unreadable body) would fail the same way again: not retried.
 */
export const isRetryableStatus = (status: number | null | undefined): boolean => status == null || status >= 500;

/** Exponential backoff: base, 2 × base, 4 × base... capped so a long outage does not stall the UI. */
export const backoffDelayMs = (attempt: number, baseMs: number, capMs = 8000): number =>
  Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
