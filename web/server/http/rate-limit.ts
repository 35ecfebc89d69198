import type { Context } from 'hono';
import { apiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

export interface RateLimitOptions {
  /** Sustained rate: tokens added per minute. */
  readonly perMinute: number;
  /** Bucket size: how many requests may come at once. */
  readonly burst: number;
  readonly now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per user (in this process: behind a load balancer each instance limits on its
 * own, which is a looser but still bounded limit). Full buckets are forgotten, so memory follows
 * the number of recently active users. Answers the 429, or null when the request may go on.
 */
export function userRateLimit(options: RateLimitOptions): (c: Context<AppEnv>) => Response | null {
  const now = options.now ?? Date.now;
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();

  const sweep = (at: number) => {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [id, b] of buckets) if (b.tokens + (at - b.updatedAt) * perMs >= options.burst) buckets.delete(id);
  };

  return (c) => {
    const at = now();
    sweep(at);
    const id = c.get('user').id;
    const bucket = buckets.get(id) ?? { tokens: options.burst, updatedAt: at };
    bucket.tokens = Math.min(options.burst, bucket.tokens + (at - bucket.updatedAt) * perMs);
    bucket.updatedAt = at;
    buckets.set(id, bucket);
    if (bucket.tokens < 1) {
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      c.header('Retry-After', String(retryAfterSeconds));
      return apiError(c, 429, 'rate_limited', `Too many requests; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
    }
    bucket.tokens -= 1;
    return null;
  };
}
