import type { Result } from './result.js';

/** A token bucket: `burst` requests at once, refilled at `perMinute` a minute. */
export interface RatePolicy {
  readonly perMinute: number;
  readonly burst: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** Whole requests left in the bucket after this one. */
  readonly remaining: number;
  /** When refused: how long until one request would be allowed (0 when allowed). */
  readonly retryAfterMs: number;
}

/**
 * Rate limits that hold across every server instance: the bucket of a key lives in the shared store
 * (Postgres or Redis), so N instances together allow what one would. `take` spends one request of
 * `key`'s bucket or says when to come back; a bad policy is `validation`, a store failure is a value.
 */
export interface RateLimiter {
  take(key: string, policy: RatePolicy): Promise<Result<RateDecision>>;
}

/** Policies are whole, positive numbers; checked by every adapter alike. */
export function invalidPolicy(policy: RatePolicy): string | null {
  if (!Number.isInteger(policy.perMinute) || policy.perMinute < 1) return 'perMinute must be a whole number of at least 1';
  if (!Number.isInteger(policy.burst) || policy.burst < 1) return 'burst must be a whole number of at least 1';
  return null;
}
