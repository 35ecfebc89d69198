import type { MiddlewareHandler } from 'hono';
import type { Result } from '../result.js';
import { fail, ok } from '../result.js';
import { clientAddressKey } from './client-address.js';
import { overRequestRateLimit, respondAuthError } from './gotrue-errors.js';

export interface Refusal {
  /** Until the oldest counted request leaves the window. */
  readonly retryAfterMs: number;
}

/**
 * At most `limit` requests per key in any window of `windowMs` (a sliding log, exact at the edges
 * where a fixed window would let twice the limit through). Refused requests are not counted, so a
 * client that keeps knocking is let in again one window after its oldest admitted request. In memory:
 * the stand-in is one process, and a restart forgetting the counts costs an attacker a restart.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private nextSweepAt = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  take(key: string): Result<null, Refusal> {
    const at = this.now();
    this.sweep(at);
    const hits = this.hits.get(key) ?? [];
    while (hits.length > 0 && (hits[0] as number) <= at - this.windowMs) hits.shift();
    if (hits.length >= this.limit) return fail({ retryAfterMs: (hits[0] as number) + this.windowMs - at });
    hits.push(at);
    this.hits.set(key, hits);
    return ok(null);
  }

  /** Forgets the latest admitted request of `key` (taken for work that then did not happen). */
  giveBack(key: string): void {
    this.hits.get(key)?.pop();
  }

  /** Once a window, forgets addresses that made no request in it, so many one-off clients do not pile up. */
  private sweep(at: number): void {
    if (at < this.nextSweepAt) return;
    this.nextSweepAt = at + this.windowMs;
    for (const [key, hits] of this.hits) {
      if ((hits[hits.length - 1] ?? -Infinity) <= at - this.windowMs) this.hits.delete(key);
    }
  }
}

/**
 * Counts every request the path gets from one client address, before it is read (like GoTrue's
 * limiter in front of its handlers); over the limit it is 429 `over_request_rate_limit`.
 * A limit of 0 turns it off.
 */
export function limitRequestsPerAddress(limit: number, windowSeconds: number, now: () => number): MiddlewareHandler {
  if (limit <= 0) return (_c, next) => next();
  const limiter = new SlidingWindowLimiter(limit, windowSeconds * 1000, now);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const taken = limiter.take(clientAddressKey(c));
    if (taken.success) return next();
    c.header('Retry-After', String(Math.max(1, Math.ceil(taken.error.retryAfterMs / 1000))));
    return respondAuthError(c, overRequestRateLimit());
  };
}
