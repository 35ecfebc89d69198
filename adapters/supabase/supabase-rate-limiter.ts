import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { invalidPolicy, type RateDecision, type RateLimiter, type RatePolicy, domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest } from './supabase-errors.js';

const decisionRow = z.array(z.object({ allowed: z.boolean(), remaining: z.number().int(), retry_after_ms: z.number().int() })).length(1);

/** Token buckets in Postgres (take_rate_limit, service role only): one limit for every app server instance. */
export class SupabaseRateLimiter implements RateLimiter {
  constructor(private readonly service: SupabaseClient) {}

  async take(key: string, policy: RatePolicy): Promise<Result<RateDecision>> {
    const invalid = invalidPolicy(policy);
    if (invalid) return fail(domainError('validation', invalid));
    const { data, error, status } = await this.service.rpc('take_rate_limit', { p_key: key, p_per_minute: policy.perMinute, p_burst: policy.burst });
    if (error) return fail(fromRest('Could not check the rate limit', error, status));
    const row = decisionRow.safeParse(data);
    if (!row.success) return fail(domainError('unexpected', 'take_rate_limit answered an unexpected shape'));
    const [decision] = row.data;
    return ok({ allowed: decision!.allowed, remaining: decision!.remaining, retryAfterMs: decision!.retry_after_ms });
  }

  /** Drops buckets idle for an hour; answers how many. */
  async forgetIdle(): Promise<Result<number>> {
    const { data, error, status } = await this.service.rpc('forget_idle_rate_limits');
    if (error) return fail(fromRest('Could not forget idle rate limits', error, status));
    return ok(typeof data === 'number' ? data : 0);
  }
}
