import { invalidPolicy, type RateDecision, type RateLimiter, type RatePolicy, domainError, fail, ok, type Result } from '../../core/shared/index.js';
import type { RedisConnection } from './redis-connection.js';

// The same token bucket as Postgres's take_rate_limit, atomic in one script, on Redis's clock.
// KEYS[1] bucket; ARGV per_minute, burst. Answers {allowed 0|1, remaining, retry_after_ms}.
const TAKE = `
local now = redis.call('TIME')
local at = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local per_ms = tonumber(ARGV[1]) / 60000
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local last = tonumber(state[2]) or at
tokens = math.min(burst, tokens + math.max(0, at - last) * per_ms)
local allowed = 0
local retry = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  retry = math.ceil((1 - tokens) / per_ms)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / per_ms) + 1000)
return {allowed, math.floor(tokens), retry}`;

/** Token buckets in Redis (REDIS_URL): one limit for every app server instance; idle buckets expire by themselves. */
export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: RedisConnection, private readonly prefix = 'ensemble:rate:') {}

  async take(key: string, policy: RatePolicy): Promise<Result<RateDecision>> {
    const invalid = invalidPolicy(policy);
    if (invalid) return fail(domainError('validation', invalid));
    try {
      const reply = (await this.redis.eval(TAKE, { keys: [this.prefix + key], arguments: [String(policy.perMinute), String(policy.burst)] })) as unknown;
      if (!Array.isArray(reply) || reply.length !== 3) return fail(domainError('unexpected', 'The rate-limit script answered an unexpected shape'));
      const [allowed, remaining, retryAfterMs] = reply.map(Number);
      return ok({ allowed: allowed === 1, remaining: remaining ?? 0, retryAfterMs: retryAfterMs ?? 0 });
    } catch (error) {
      return fail(domainError('network', `Could not check the rate limit: ${(error as Error).message}`));
    }
  }
}
