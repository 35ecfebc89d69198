import { RequestAbortedError } from './errors.js';

/** Backoff parameters (billing specs §9; reference §1 "Retries"). */
export interface BackoffStrategy {
  readonly initialInterval: number;
  readonly maxInterval: number;
  readonly exponent: number;
  readonly maxElapsedTime: number;
}

export type RetryConfig =
  | { readonly strategy: 'none' }
  | {
      readonly strategy: 'backoff';
      readonly backoff?: Partial<BackoffStrategy>;
      /** Also retry connection failures and timeouts (off unless asked). */
      readonly retryConnectionErrors?: boolean;
      /** Status codes or ranges such as "5XX"; defaults to 429, 500, 502, 503, 504. */
      readonly retryCodes?: readonly (number | string)[];
    };

export const NO_RETRY: RetryConfig = { strategy: 'none' };
export const DEFAULT_BACKOFF: BackoffStrategy = {
  initialInterval: 500,
  maxInterval: 60_000,
  exponent: 1.5,
  maxElapsedTime: 3_600_000,
};
export const DEFAULT_RETRY_CODES: readonly string[] = ['429', '500', '502', '503', '504'];

export function isRetryableStatus(status: number, codes: readonly (number | string)[] = DEFAULT_RETRY_CODES): boolean {
  const text = String(status);
  return codes.some((code) => {
    const c = String(code).toUpperCase();
    return c.endsWith('XX') ? text[0] === c[0] : c === text;
  });
}

/** `Retry-After` as milliseconds: integer seconds or an HTTP date; 0 when absent or not in the future. */
export function retryAfterMs(header: string | undefined, now: number): number {
  if (header === undefined || header.trim() === '') return 0;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}

/**
 * Delay before retry number `x` (0-based), as SDK 0.48 computes it: `initial * x^exponent` plus up to
 * one second of jitter, capped at `maxInterval`. A positive Retry-After wins over the formula.
 */
export function retryDelay(x: number, strategy: BackoffStrategy, retryAfter: number, random: () => number): number {
  const base = retryAfter > 0 ? retryAfter : strategy.initialInterval * x ** strategy.exponent + random() * 1000;
  return Math.min(base, strategy.maxInterval);
}

/** Waits `ms` on the (fakeable) global timer; rejects with RequestAbortedError when `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RequestAbortedError(signal.reason));
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestAbortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
