// The session check over locally verified tokens (web/server/auth/session-check.ts), with a scripted
// Supabase Auth answer and a controlled clock.
import { describe, expect, it } from 'vitest';
import { sessionCheckedVerifier } from '../../../web/server/auth/session-check.js';
import type { TokenVerifier } from '../../../web/server/auth/token-verifier.js';

const user = { id: 'u1', email: null, userMetadata: {}, appMetadata: {}, createdAt: '' };
const local: TokenVerifier = async (token) =>
  token === 'bad' ? { ok: false, reason: 'invalid', message: 'bad' } : { ok: true, user, validUntil: 10_000_000, sessionId: token.split(':')[0] ?? null };

const setup = () => {
  let now = 0;
  const states = new Map<string, 'active' | 'ended' | 'unreachable'>();
  const asked: string[] = [];
  const verify = sessionCheckedVerifier(
    local,
    async (token) => {
      asked.push(token);
      return states.get(token.split(':')[0]!) ?? 'active';
    },
    { cacheMs: 1000, now: () => now },
  );
  return { verify, states, asked, advance: (ms: number) => (now += ms) };
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
});
