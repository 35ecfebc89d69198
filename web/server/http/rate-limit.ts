import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { InMemoryRateLimiter } from '../../../adapters/in-memory/in-memory-rate-limiter.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { RateLimiter, RatePolicy } from '../../../core/ports/rate-limiter.js';
import type { Result } from '../../../core/shared/result.js';
import { apiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

export type RateLimitOptions = RatePolicy;

/** A shared store slower than this is treated as down for that request. */
const STORE_TIMEOUT_MS = 500;
/** A store outage is warned about at most this often. */
const WARN_EVERY_MS = 60_000;

export type RateCheck = (c: Context<AppEnv>) => Promise<Response | null>;

/**
 * Rate limits on the shared store (RateLimiter: Postgres or Redis), so every instance together
 * allows what one would. When the store cannot answer (down, or slower than STORE_TIMEOUT_MS),
 * the request is decided by this instance's own buckets instead, and a warning is logged: a
 * limiter outage never refuses traffic, and still never lets it through unlimited.
 */
export function rateLimits(shared: RateLimiter, logger: Logger): { user(policy: RatePolicy, scope: string): RateCheck; address(policy: RatePolicy, trustProxy: boolean): RateCheck } {
  const local = new InMemoryRateLimiter();
  let warnedAt = -Infinity;
  const take = async (key: string, policy: RatePolicy) => {
    const decided = await withTimeout(shared.take(key, policy), STORE_TIMEOUT_MS);
    if (decided?.success) return decided.data;
    if (Date.now() - warnedAt > WARN_EVERY_MS) {
      warnedAt = Date.now();
      logger.warn('The shared rate-limit store did not answer; this instance limits on its own meanwhile', { error: decided ? decided.error : { code: 'network', message: `no answer within ${STORE_TIMEOUT_MS} ms` } });
    }
    const fallback = await local.take(key, policy);
    return fallback.success ? fallback.data : { allowed: true, remaining: 0, retryAfterMs: 0 };
  };
  const check = (keyOf: (c: Context<AppEnv>) => string, policy: RatePolicy): RateCheck => async (c) => {
    const decision = await take(keyOf(c), policy);
    return decision.allowed ? null : refused(c, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  };
  return {
    /** A bucket per signed-in user and scope (writes and reads count apart). */
    user: (policy, scope) => check((c) => `${scope}:user:${c.get('user').id}`, policy),
    /** A bucket per client address, for routes anyone may call. */
    address: (policy, trustProxy) => check((c) => `public:addr:${clientAddress(c, trustProxy)}`, policy),
  };
}

const refused = (c: Context, retryAfterSeconds: number) => {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, 'rate_limited', `Too many requests; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
};

async function withTimeout<T>(pending: Promise<Result<T>>, ms: number): Promise<Result<T> | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([pending.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Behind a trusted proxy (`trustProxy`) the address is the last one the proxy appended to
 * X-Forwarded-For; otherwise the socket's peer (a client can write any X-Forwarded-For it likes,
 * so it is not read then).
 */
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
