import { InMemoryRateLimiter } from '../../adapters/in-memory/in-memory-rate-limiter.js';
import { rateLimiterContract } from './rate-limiter.contract.js';

rateLimiterContract('InMemoryRateLimiter', async () => {
  const limiter = new InMemoryRateLimiter();
  // One process has one store: a second server of the in-memory app does not exist.
  return { limiter, peer: limiter };
});
