import { invalidPolicy, type RateDecision, type RateLimiter, type RatePolicy, domainError, fail, ok, type Result } from '../../core/shared/index.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets in this process's memory: the limiter of one server instance, of tests and of the
 * in-memory app. Full buckets are forgotten, so memory follows the number of recently active keys.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket & { perMs: number; burst: number }>();
  private lastSweep: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastSweep = now();
  }

  take(key: string, policy: RatePolicy): Promise<Result<RateDecision>> {
    const invalid = invalidPolicy(policy);
    if (invalid) return Promise.resolve(fail(domainError('validation', invalid)));
    const at = this.now();
    this.sweep(at);
    const perMs = policy.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: policy.burst, updatedAt: at, perMs, burst: policy.burst };
    bucket.tokens = Math.min(policy.burst, bucket.tokens + (at - bucket.updatedAt) * perMs);
    Object.assign(bucket, { updatedAt: at, perMs, burst: policy.burst });
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return Promise.resolve(ok({ allowed: false, remaining: 0, retryAfterMs: Math.ceil((1 - bucket.tokens) / perMs) }));
    bucket.tokens -= 1;
    return Promise.resolve(ok({ allowed: true, remaining: Math.floor(bucket.tokens), retryAfterMs: 0 }));
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    for (const [key, b] of this.buckets) if (b.tokens + (at - b.updatedAt) * b.perMs >= b.burst) this.buckets.delete(key);
  }
}
