// The session check over locally verified tokens (adapters/auth/session-check.ts), with a scripted
// Supabase Auth answer and a controlled clock; then on the real server, where the rate limit is taken
// while the session is checked (web/server/auth/require-user.ts).
import { describe, expect, it } from 'vitest';
import { InMemoryRateLimiter } from '../../../adapters/in-memory/in-memory-rate-limiter.js';
import type { RateLimiter } from '../../../core/shared/index.js';
import { sessionCheckedVerifier } from '../../../adapters/auth/session-check.js';
import { settledVerdict, type TokenVerifier } from '../../../adapters/auth/token-verifier.js';
import { readNdjson, startTestServer } from './server-harness.js';

const user = { id: 'u1', email: null, userMetadata: {}, appMetadata: {}, createdAt: '' };
const local: TokenVerifier = async (token) =>
  token === 'bad' ? { ok: false, reason: 'invalid', message: 'bad' } : { ok: true, user, validUntil: 10_000_000, sessionId: token.split(':')[0] ?? null };

const setup = () => {
  let now = 0;
  const states = new Map<string, 'active' | 'ended' | 'unreachable'>();
  const asked: string[] = [];
  const early = sessionCheckedVerifier(
    local,
    async (token) => {
      asked.push(token);
      return states.get(token.split(':')[0]!) ?? 'active';
    },
    { cacheMs: 1000, now: () => now },
  );
  const verify = async (token: string) => settledVerdict(await early(token));
  return { verify, early, states, asked, advance: (ms: number) => (now += ms) };
};

describe('a token is refused once its session has ended', () => {
  it('an active session is asked about at most once per cache period, and the verdict is reused only that long', async () => {
    const { verify, asked, advance } = setup();
    const first = await verify('s1:a');
    expect(first).toMatchObject({ ok: true, validUntil: 1000 });
    await verify('s1:b');
    expect(asked).toEqual(['s1:a']);
    advance(1000);
    await verify('s1:b');
    expect(asked).toEqual(['s1:a', 's1:b']);
  });

  it('after sign-out the next check refuses the token (invalid), and an ended session stays ended', async () => {
    const { verify, states, advance, asked } = setup();
    expect((await verify('s1:a')).ok).toBe(true);
    states.set('s1', 'ended');
    advance(1000);
    expect(await verify('s1:a')).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringMatching(/session has ended/) });
    states.set('s1', 'active');
    advance(5000);
    expect((await verify('s1:a')).ok).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('concurrent requests of one session share one check; a bad token is refused before anyone is asked', async () => {
    const { verify, asked } = setup();
    await Promise.all([verify('s2:a'), verify('s2:a'), verify('s2:b')]);
    expect(asked).toHaveLength(1);
    expect(await verify('bad')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(asked).toHaveLength(1);
  });

  it('Supabase Auth unreachable: the request is refused as unreachable (503), and asked again next time', async () => {
    const { verify, states, asked } = setup();
    states.set('s3', 'unreachable');
    expect(await verify('s3:a')).toMatchObject({ ok: false, reason: 'unreachable' });
    states.set('s3', 'active');
    expect((await verify('s3:a')).ok).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('the token\'s own verdict comes before Supabase Auth answers, with the final one to follow; a session checked within the period answers at once', async () => {
    let answer: (state: 'active' | 'ended') => void = () => undefined;
    const verify = sessionCheckedVerifier(local, () => new Promise((resolve) => (answer = resolve)), { cacheMs: 1000, now: () => 0 });
    const first = await verify('s4:a');
    expect(first).toMatchObject({ ok: true, user: { id: 'u1' }, session: { sessionId: 's4' } });
    const final = settledVerdict(first);
    answer('active');
    expect(await final).toMatchObject({ ok: true, validUntil: 1000 });
    const second = await verify('s4:b');
    expect(second).toMatchObject({ ok: true, validUntil: 1000 });
    expect(second.ok && second.session).toBeUndefined();
  });

  it('a session a write found standing (or ended) is remembered as if Supabase Auth had answered; Auth is not asked', async () => {
    const { verify, early, asked } = setup();
    const first = await early('s5:a');
    if (!first.ok || !first.session) throw new Error('expected a session to check');
    expect(first.session.settle(true)).toMatchObject({ ok: true, user: { id: 'u1' } });
    expect(await verify('s5:b')).toMatchObject({ ok: true, user: { id: 'u1' } });
    const other = await early('s6:a');
    if (!other.ok || !other.session) throw new Error('expected a session to check');
    expect(other.session.settle(false)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await verify('s6:b')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(asked).toEqual([]);
  });
});

describe('the rate limit is taken while the session is checked', () => {
  /** A store that notes each take; the session answers only once the test says so. */
  const setup = async (state: 'active' | 'ended', env: Record<string, string> = {}) => {
    const takes: string[] = [];
    const store = new InMemoryRateLimiter();
    const rateLimiter: RateLimiter = { take: (key, policy) => (takes.push(key), store.take(key, policy)) };
    const takenBeforeAnswer: boolean[] = [];
    const server = await startTestServer({
      env,
      rateLimiter,
      sessionState: async () => {
        // Supabase Auth answers a round trip later: a turn of the event loop, after which a rate
        // limit taken beside the check has been asked for, and one taken after it has not.
        await new Promise((resolve) => setImmediate(resolve));
        takenBeforeAnswer.push(takes.length > 0);
        return state;
      },
    });
    return { server, takes, takenBeforeAnswer };
  };

  it('an active session: the take was asked for before Supabase Auth answered, and the chat streams', async () => {
    const { server, takes, takenBeforeAnswer } = await setup('active');
    try {
      const user = await server.signIn(1_000);
      const response = await server.api('/api/chat', { method: 'POST', token: user.token, json: { message: 'Hi', modelIds: ['offline'] } });
      expect(response.status).toBe(200);
      expect((await readNdjson(response)).at(-1)).toMatchObject({ type: 'done' });
      expect(takenBeforeAnswer).toEqual([true]);
      expect(takes).toEqual([`write:user:${user.userId}`]);
    } finally {
      await server.close();
    }
  });

  it('an ended session is refused (401) though its rate limit was taken; nothing is written', async () => {
    const { server, takes } = await setup('ended');
    try {
      const user = await server.signIn(1_000);
      const response = await server.api('/api/chat', { method: 'POST', token: user.token, json: { message: 'Hi', modelIds: ['offline'] } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/session has ended/) });
      expect(takes).toHaveLength(1);
      expect(server.balance(user.userId)).toBe(1_000);
      expect(await server.data.conversationStore.listConversations(user.userId)).toEqual({ success: true, data: [] });
    } finally {
      await server.close();
    }
  });

  it('an active session over its rate limit is refused (429) with Retry-After; an ended one over it is 401 first', async () => {
    const tight = { RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_MINUTE: '1' };
    const active = await setup('active', tight);
    const ended = await setup('ended', tight);
    try {
      for (const { server, expected } of [{ server: active.server, expected: 429 }, { server: ended.server, expected: 401 }]) {
        const user = await server.signIn(1_000);
        const send = () => server.api('/api/conversations', { method: 'POST', token: user.token, json: { title: 'x' } });
        await send();
        const second = await send();
        expect(second.status).toBe(expected);
        if (expected === 429) expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    } finally {
      await active.server.close();
      await ended.server.close();
    }
  });
});
