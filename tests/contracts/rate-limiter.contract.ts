/**
 * RateLimiter contract: token buckets that every server instance shares.
 *
 * Harness the factory provides: `limiter`, the adapter (a second `peer` instance on the same store
 * stands for a second app server; in memory there is no such thing, so it is the same limiter).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateDecision, RateLimiter, Result } from '../../core/shared/index.js';

export interface RateLimiterHarness {
  readonly limiter: RateLimiter;
  readonly peer: RateLimiter;
}

const decided = (r: Result<RateDecision>): RateDecision => {
  if (!r.success) throw new Error(`expected a decision, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const key = () => `contract:${randomUUID()}`;
/** A policy whose refill is negligible during a test (one request a minute). */
const SLOW = { perMinute: 1, burst: 3 };

export function rateLimiterContract(name: string, makeHarness: () => Promise<RateLimiterHarness>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it('a fresh key allows its burst at once, then refuses and says when to come back', async () => {
      const { limiter } = await makeHarness();
      const k = key();
      const first = decided(await limiter.take(k, SLOW));
      expect(first).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
      expect(decided(await limiter.take(k, SLOW)).remaining).toBe(1);
      expect(decided(await limiter.take(k, SLOW)).remaining).toBe(0);
      const refused = decided(await limiter.take(k, SLOW));
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      // One request a minute: the next one is most of a minute away.
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('keys are independent', async () => {
      const { limiter } = await makeHarness();
      const [a, b] = [key(), key()];
      for (let i = 0; i < 3; i += 1) decided(await limiter.take(a, SLOW));
      expect(decided(await limiter.take(a, SLOW)).allowed).toBe(false);
      expect(decided(await limiter.take(b, SLOW)).allowed).toBe(true);
    });

    it('two instances on one store share one bucket', async () => {
      const { limiter, peer } = await makeHarness();
      const k = key();
      expect(decided(await limiter.take(k, SLOW)).allowed).toBe(true);
      expect(decided(await peer.take(k, SLOW)).allowed).toBe(true);
      expect(decided(await limiter.take(k, SLOW)).allowed).toBe(true);
      expect(decided(await peer.take(k, SLOW)).allowed).toBe(false);
    });

    it('50 concurrent takes across both instances admit exactly the burst', async () => {
      const { limiter, peer } = await makeHarness();
      const k = key();
      const policy = { perMinute: 1, burst: 10 };
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? peer : limiter).take(k, policy)));
      expect(results.map(decided).filter((d) => d.allowed)).toHaveLength(10);
    });

    it('the bucket refills at its rate: refused now, allowed once the wait it named has passed', async () => {
      const { limiter } = await makeHarness();
      const k = key();
      const policy = { perMinute: 600, burst: 1 }; // one request every 100 ms
      expect(decided(await limiter.take(k, policy)).allowed).toBe(true);
      const refused = decided(await limiter.take(k, policy));
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(100);
      await new Promise((resolve) => setTimeout(resolve, refused.retryAfterMs + 20));
      expect(decided(await limiter.take(k, policy)).allowed).toBe(true);
    });

    it('a policy that is not whole and positive is a validation error', async () => {
      const { limiter } = await makeHarness();
      for (const policy of [{ perMinute: 0, burst: 1 }, { perMinute: 10, burst: 0 }, { perMinute: 1.5, burst: 2 }]) {
        const result = await limiter.take(key(), policy);
        expect(result.success ? 'ok' : result.error.code).toBe('validation');
      }
    });
  });
}
