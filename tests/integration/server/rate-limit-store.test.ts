// The app server's rate limits on a shared store (RateLimiter): two servers on one store share a
// user's bucket; a store that fails or does not answer never refuses traffic, and never lets it
// through unlimited either: the server decides with its own buckets meanwhile and warns once. A
// bucket the store showed roomy is counted once the answer went out, one request at a time, and the
// limit stays exact.
import { describe, expect, it } from 'vitest';
import { InMemoryRateLimiter } from '../../../adapters/in-memory/in-memory-rate-limiter.js';
import type { RateLimiter } from '../../../core/shared/index.js';
import { domainError, fail } from '../../../core/shared/index.js';
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

  it('a store that answers some requests and not others: a burst of 30 still admits at most the bucket, and the shortfall is logged', async () => {
    const inner = new InMemoryRateLimiter();
    let asked = 0;
    // Every third request the store never answers (it stalls, as it did once under load).
    const flaky: RateLimiter = { take: (key, policy) => ((asked += 1) % 3 === 0 ? new Promise(() => undefined) : inner.take(key, policy)) };
    const s = await startTestServer({ env: { RATE_LIMIT_BURST: '10', RATE_LIMIT_PER_MINUTE: '1' }, rateLimiter: flaky });
    try {
      const u = await s.signIn(0);
      const statuses = await Promise.all(Array.from({ length: 30 }, () => create(s, u.token).then((r) => r.status)));
      expect(statuses.filter((st) => st === 201)).toHaveLength(10);
      expect(statuses.filter((st) => st === 429)).toHaveLength(20);
      expect(s.logger.at('warn').map((e) => e.message)).toContain(
        'The shared rate-limit store did not answer; this instance limits with its own buckets, no larger than the shared ones, meanwhile',
      );
    } finally {
      await s.close();
    }
  });

  /** A store over memory that notes, at each take, how many conversations the user had then; `hold` keeps takes waiting. */
  const watchedStore = (conversations: () => Promise<number>) => {
    const inner = new InMemoryRateLimiter();
    const takes: number[] = [];
    let held: (() => void)[] | null = null;
    let arrived: () => void = () => undefined;
    const store: RateLimiter = {
      take: async (key, policy) => {
        takes.push(await conversations());
        arrived();
        if (held) await new Promise<void>((resolve) => held!.push(resolve));
        return inner.take(key, policy);
      },
    };
    return {
      store,
      takes,
      hold: () => (held = []),
      release: () => {
        for (const resolve of held ?? []) resolve();
        held = null;
      },
      /** Resolves once the store was asked `n` times in all. */
      asked: (n: number) => new Promise<void>((resolve) => {
        arrived = () => takes.length >= n && resolve();
        arrived();
      }),
    };
  };

  it('a bucket seen roomy is counted once the answer went out, not before: the route does not wait for the store', async () => {
    let s: Awaited<ReturnType<typeof startTestServer>> | null = null;
    let userId = '';
    const watched = watchedStore(async () => {
      const listed = await s!.data.conversationStore.listConversations(userId);
      return listed.success ? listed.data.length : -1;
    });
    s = await startTestServer({ env: { RATE_LIMIT_BURST: '10', RATE_LIMIT_PER_MINUTE: '1' }, rateLimiter: watched.store });
    try {
      const u = await s.signIn(0);
      userId = u.userId;
      expect((await create(s, u.token)).status).toBe(201);
      // First sight of the bucket: taken before the route ran (no conversation yet).
      expect(watched.takes).toEqual([0]);
      watched.hold();
      expect((await create(s, u.token)).status).toBe(201);
      await watched.asked(2);
      // Answered while the store held its count, which came after the route wrote the conversation.
      expect(watched.takes).toEqual([0, 2]);
      // One at a time: while that count is out, the next request waits for the store's decision.
      const third = create(s, u.token);
      await watched.asked(3);
      expect(watched.takes).toEqual([0, 2, 2]);
      watched.release();
      expect((await third).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('the limit stays exact: a burst of 4 allows 4 writes, then 429, whichever way each was counted', async () => {
    const s = await startTestServer({ env: { RATE_LIMIT_BURST: '4', RATE_LIMIT_PER_MINUTE: '1' }, rateLimiter: new InMemoryRateLimiter() });
    try {
      const u = await s.signIn(0);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await create(s, u.token)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await s.close();
    }
  });
});
