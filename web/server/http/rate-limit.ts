import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
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
 * Token buckets by key (in this process: behind a load balancer each instance limits on its own,
 * which is a looser but still bounded limit). Full buckets are forgotten, so memory follows the
 * number of recently active keys. `take(key)` answers the seconds to wait, or null when allowed.
 */
export function tokenBuckets(options: RateLimitOptions): { take(key: string): number | null } {
  const now = options.now ?? Date.now;
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();
  const sweep = (at: number) => {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, b] of buckets) if (b.tokens + (at - b.updatedAt) * perMs >= options.burst) buckets.delete(key);
  };
  return {
    take(key) {
      const at = now();
      sweep(at);
      const bucket = buckets.get(key) ?? { tokens: options.burst, updatedAt: at };
      bucket.tokens = Math.min(options.burst, bucket.tokens + (at - bucket.updatedAt) * perMs);
      bucket.updatedAt = at;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      bucket.tokens -= 1;
      return null;
    },
  };
}

const refused = (c: Context, retryAfterSeconds: number) => {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'rate_limited', `Too many requests; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
};

/** A bucket per signed-in user. Answers the 429, or null when the request may go on. */
export function userRateLimit(options: RateLimitOptions): (c: Context<AppEnv>) => Response | null {
  const buckets = tokenBuckets(options);
  return (c) => {
    const wait = buckets.take(c.get('user').id);
    return wait === null ? null : refused(c, wait);
  };
}

/**
 * A bucket per client address, for routes anyone may call. Behind a trusted proxy (`trustProxy`)
 * the address is the last one the proxy appended to X-Forwarded-For; otherwise the socket's peer
 * (a client can write any X-Forwarded-For it likes, so it is not read then).
 */
export function addressRateLimit(options: RateLimitOptions & { trustProxy: boolean }): (c: Context<AppEnv>) => Response | null {
  const buckets = tokenBuckets(options);
  return (c) => {
    const wait = buckets.take(clientAddress(c, options.trustProxy));
    return wait === null ? null : refused(c, wait);
  };
}

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not served by Node (app.request in tests): one shared bucket.
    return 'unknown';
  }
}
