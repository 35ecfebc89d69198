import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Logger, RateLimiter, RatePolicy, Result } from '../../../core/shared/index.js';
import { apiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

export type RateLimitOptions = RatePolicy;

/** A shared store slower than this is treated as down for that request. */
const STORE_TIMEOUT_MS = 500;
/** A store outage is warned about at most this often. */
const WARN_EVERY_MS = 60_000;

export type RateCheck = (c: Context<AppEnv>) => Promise<Response | null>;

/** A bucket last seen with at least this share of its burst left (and at least 2) is roomy. */
const ROOMY_SHARE = 0.5;
/** How long what the store said of a bucket is trusted for that. */
const SIGHT_MS = 10_000;
const MAX_SIGHTS = 10_000;

/**
 * Rate limits on the shared store (RateLimiter: Postgres or Redis), so every instance together
 * allows what one would. Every request is first counted in this instance's own bucket of the same
 * policy, which refuses what it must without asking the store. When the store cannot answer (down,
 * or slower than STORE_TIMEOUT_MS), that own bucket's decision stands, and a warning is logged: a
 * limiter outage never refuses traffic, and never lets one instance allow more than one bucket,
 * however the store's answers and its silences are mixed.
 *
 * A request whose bucket the store showed this instance roomy a moment ago (at least half its burst
 * left, within SIGHT_MS) does not wait for the store: it is let through and counted once its answer
 * has gone out (`countAfterRoute`), so the store's round trip is not on the way to the answer, and
 * the route's own round trips go to the store first. One such request per bucket at a time: the
 * next waits for the store until the count is back, so the limit is exceeded at most by one request
 * per instance, and only when other instances emptied a bucket that was at least half full within
 * that round trip. Below half its burst, every request waits for the store's decision as before.
 */
export function rateLimits(shared: RateLimiter, local: RateLimiter, logger: Logger): { user(policy: RatePolicy, scope: string): RateCheck; address(policy: RatePolicy, trustProxy: boolean): RateCheck } {
  // `local`: this instance's own buckets. Every request it lets through is counted there too, before
  // the store is asked: were the store's answer and that bucket's ever taken for different requests,
  // one burst could pass twice.
  let warnedAt = -Infinity;
  /** The store's decision, or null when it failed or did not answer in time (warned about). */
  const take = async (key: string, policy: RatePolicy) => {
    const decided = await withTimeout(shared.take(key, policy), STORE_TIMEOUT_MS);
    if (decided?.success) return decided.data;
    if (Date.now() - warnedAt > WARN_EVERY_MS) {
      warnedAt = Date.now();
      logger.warn('The shared rate-limit store did not answer; this instance limits with its own buckets, no larger than the shared ones, meanwhile', {
        error: decided ? decided.error : { code: 'network', message: `no answer within ${STORE_TIMEOUT_MS} ms` },
      });
    }
    return null;
  };
  // What the store last said of each bucket here, and whether a request of it is let through uncounted yet.
  const sights = new Map<string, { remaining: number; at: number; counting: boolean }>();
  const saw = (key: string, remaining: number, counted: boolean) => {
    const counting = !counted && (sights.get(key)?.counting ?? false);
    sights.delete(key);
    if (sights.size >= MAX_SIGHTS) sights.delete(sights.keys().next().value as string);
    sights.set(key, { remaining, at: Date.now(), counting });
  };
  const roomy = (key: string, policy: RatePolicy) => {
    const sight = sights.get(key);
    return sight !== undefined && !sight.counting && Date.now() - sight.at < SIGHT_MS && sight.remaining >= Math.max(2, Math.ceil(policy.burst * ROOMY_SHARE)) ? sight : null;
  };
  const check = (keyOf: (c: Context<AppEnv>) => string, policy: RatePolicy): RateCheck => async (c) => {
    const key = keyOf(c);
    // This instance's own bucket first: what it refuses, the shared one (which also counts every
    // other instance's requests) would refuse too; what it allows is what a store outage may let by.
    const own = await local.take(key, policy);
    if (!own.success) return refused(c, 1);
    if (!own.data.allowed) return refused(c, Math.max(1, Math.ceil(own.data.retryAfterMs / 1000)));
    const sight = roomy(key, policy);
    if (sight) {
      sight.counting = true;
      c.set('countAfterRoute', () => {
        void take(key, policy).then((decision) => {
          if (decision === null) return void sights.delete(key);
          saw(key, decision.remaining, true);
          if (!decision.allowed) logger.info('A request let through on a roomy bucket found it empty (other instances emptied it meanwhile)', { key });
        });
      });
      return null;
    }
    const decision = await take(key, policy);
    // No answer from the store: this instance's own bucket, which allowed it above, decides.
    if (decision === null) return null;
    saw(key, decision.remaining, false);
    return decision.allowed ? null : refused(c, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  };
  return {
    /** A bucket per signed-in user and scope (writes and reads count apart). */
    user: (policy, scope) => check((c) => `${scope}:user:${c.get('user').id}`, policy),
    /** A bucket per client address, for routes anyone may call. */
    address: (policy, trustProxy) => check((c) => `public:addr:${clientAddress(c, trustProxy)}`, policy),
  };
}

/**
 * Counts a request let through on a roomy bucket (see rateLimits) once its answer has gone out (a
 * chat's stream included), so nothing of the count is on the way to that answer; at once where no
 * Node response is known (app.request in tests).
 */
export function countAfterRoute(c: Context<AppEnv>): void {
  const count = c.get('countAfterRoute');
  if (!count) return;
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && !outgoing.writableFinished && !outgoing.destroyed) outgoing.once('close', count);
  else count();
}

/**
 * A rate check as middleware (the public routes' per-address limit): a refusal is the answer; a
 * request let through on a roomy bucket is counted once its answer went out. Hand-written: Hono has
 * no rate limiter, and this one's shared buckets and local fallback are the project's own.
 */
export function limitedBy(check: RateCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const tooMany = await check(c);
    if (tooMany) return tooMany;
    try {
      await next();
    } finally {
      countAfterRoute(c);
    }
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
