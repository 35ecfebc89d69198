// The app server's rate limits on a shared store (RateLimiter): two servers on one store share a
// user's bucket; a store that fails or does not answer never refuses traffic, and never lets it
// through unlimited either: the server decides with its own buckets meanwhile and warns once.
import { describe, expect, it } from 'vitest';
import { InMemoryRateLimiter } from '../../../adapters/in-memory/in-memory-rate-limiter.js';
import type { RateLimiter } from '../../../core/ports/rate-limiter.js';
import { domainError } from '../../../core/shared/errors.js';
import { fail } from '../../../core/shared/result.js';
import { startTestServer } from './server-harness.js';

const TIGHT = { RATE_LIMIT_BURST: '2', RATE_LIMIT_PER_MINUTE: '1' };
const create = (s: Awaited<ReturnType<typeof startTestServer>>, token: string) => s.api('/api/conversations', { method: 'POST', token, json: {} });

describe('rate limits on a shared store', () => {
  it('two servers on one store allow a user what one would: the third write is refused on whichever server it lands', async () => {
    const shared = new InMemoryRateLimiter();
    const [a, b] = [await startTestServer({ env: TIGHT, rateLimiter: shared }), await startTestServer({ env: TIGHT, rateLimiter: shared })];
    try {
      const u = await a.signIn(0);
      // The same user on the other server (each test server signs with a secret of its own).
      const onB = await b.tokenFor(u.userId, u.email);
      expect((await create(a, u.token)).status).toBe(201);
      expect((await create(a, u.token)).status).toBe(201);
      const third = await b.api('/api/chat', { method: 'POST', token: onB, json: { message: 'hi', modelIds: ['offline'] } });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  for (const [name, store] of [
    ['fails', { take: async () => fail(domainError('network', 'the store is down')) }],
    ['never answers', { take: () => new Promise(() => undefined) }],
  ] as const satisfies readonly (readonly [string, RateLimiter])[]) {
    it(`a store that ${name}: the server limits with its own buckets, warns once, and refuses nothing for that`, async () => {
      const s = await startTestServer({ env: TIGHT, rateLimiter: store });
      try {
        const u = await s.signIn(0);
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await create(s, u.token)).status);
        expect(statuses).toEqual([201, 201, 429]);
        const other = await s.signIn(0);
        expect((await create(s, other.token)).status).toBe(201);
        expect(s.logger.at('warn').filter((e) => e.message.startsWith('The shared rate-limit store did not answer'))).toHaveLength(1);
      } finally {
        await s.close();
      }
    });
  }
});
