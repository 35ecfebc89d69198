import type { Session } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, signInWithCode, startTestSupabase, testClock } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

// Refresh-token reuse (supabase-wire §1 "Refresh"; GoTrue security_refresh_token_reuse_interval, 10 s).
// The clock is the stand-in's: time moves by clock.advance, never by waiting.

const clock = testClock();
let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now });
});
afterAll(async () => {
  await supabase?.stop();
});

interface RefreshAnswer {
  readonly status: number;
  readonly body: { refresh_token?: string; access_token?: string; code?: string; message?: string };
}

/** The raw grant, as auth-js sends it: supabase-js cannot replay a token it has already replaced. */
async function refreshRaw(target: LocalSupabase, refreshToken: string): Promise<RefreshAnswer> {
  const response = await fetch(`${target.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: target.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as RefreshAnswer['body'] };
}

async function rotate(target: LocalSupabase, refreshToken: string): Promise<{ refresh_token: string; access_token: string }> {
  const answer = await refreshRaw(target, refreshToken);
  if (answer.status !== 200 || !answer.body.refresh_token || !answer.body.access_token) {
    throw new Error(`refresh answered ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return { refresh_token: answer.body.refresh_token, access_token: answer.body.access_token };
}

const sessionIdOf = (accessToken: string) => decodeJwt(accessToken)['session_id'];

/** A fresh supabase-js client (a browser tab) holding a copy of the session. */
async function tabWith(session: Session) {
  const tab = browserLikeClient(supabase);
  const set = await tab.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (set.error) throw set.error;
  return tab;
}

async function tokenCount(sessionId: unknown): Promise<number> {
  const { rows } = await supabase.db.sql.query<{ n: number }>(
    'select count(*)::int as n from auth.refresh_tokens where session_id = $1',
    [sessionId],
  );
  return rows[0]?.n ?? 0;
}

const ALREADY_USED = { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' };
const NOT_FOUND = { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' };

describe('local Auth stand-in: refresh-token reuse interval (GoTrue default 10 s)', () => {
  it('two tabs refreshing the same token at once both get a session on the same newest token, usable for REST', async () => {
    const { session, user } = await signInWithCode(supabase, uniqueEmail('tabs'));
    const [first, second] = [await tabWith(session), await tabWith(session)];

    const [a, b] = await Promise.all([first.auth.refreshSession(), second.auth.refreshSession()]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(b.data.session?.refresh_token).toBe(a.data.session?.refresh_token);
    expect(sessionIdOf(b.data.session!.access_token)).toBe(sessionIdOf(session.access_token));
    expect(await tokenCount(sessionIdOf(session.access_token))).toBe(2);

    for (const tab of [first, second]) {
      const { data, error } = await tab.from('profiles').select('id').single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: user.id });
      expect((await tab.auth.getUser()).data.user?.id).toBe(user.id);
    }
    const next = await second.auth.refreshSession();
    expect(next.error).toBeNull();
    expect(next.data.session?.refresh_token).not.toBe(a.data.session?.refresh_token);
  });

  it('a used token replayed inside the window (a lost answer) gets the active token again, not a new branch', async () => {
    const { session } = await signInWithCode(supabase, uniqueEmail('lost'));
    const child = await rotate(supabase, session.refresh_token);
    clock.advance(9_000);

    const replay = await refreshRaw(supabase, session.refresh_token);
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(child.refresh_token);
    expect(replay.body.access_token).not.toBe(child.access_token);
    expect(sessionIdOf(replay.body.access_token!)).toBe(sessionIdOf(session.access_token));
    expect(await tokenCount(sessionIdOf(session.access_token))).toBe(2);

    const grandchild = await rotate(supabase, child.refresh_token);
    expect(grandchild.refresh_token).not.toBe(child.refresh_token);
  });

  it('a used token replayed after the window is theft: 400 already used, and the whole session ends', async () => {
    const { session } = await signInWithCode(supabase, uniqueEmail('late'));
    const child = await rotate(supabase, session.refresh_token);
    clock.advance(11_000);

    const replay = await refreshRaw(supabase, session.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(ALREADY_USED);

    // The session row and all its tokens are gone: the newest token is unknown, its access token reads no user.
    const newest = await refreshRaw(supabase, child.refresh_token);
    expect(newest.status).toBe(400);
    expect(newest.body).toEqual(NOT_FOUND);
    expect(await tokenCount(sessionIdOf(session.access_token))).toBe(0);
    const user = await browserLikeClient(supabase).auth.getUser(child.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    // supabase-js sees the same code on its own grant.
    const again = await browserLikeClient(supabase).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error?.code).toBe(NOT_FOUND.code);
  });

  it('inside the window, a token whose child was already used again is theft too (only the active token’s parent is forgiven)', async () => {
    const { session } = await signInWithCode(supabase, uniqueEmail('grand'));
    const child = await rotate(supabase, session.refresh_token);
    const grandchild = await rotate(supabase, child.refresh_token);
    clock.advance(1_000);

    const replay = await refreshRaw(supabase, session.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(ALREADY_USED);
    expect((await refreshRaw(supabase, grandchild.refresh_token)).body).toEqual(NOT_FOUND);
  });

  it('the grace stays inside the token’s own session; theft in one session leaves the user’s other session alone', async () => {
    const email = uniqueEmail('two');
    const laptop = await signInWithCode(supabase, email);
    const phone = await signInWithCode(supabase, email);
    const laptopChild = await rotate(supabase, laptop.session.refresh_token);
    const phoneChild = await rotate(supabase, phone.session.refresh_token);

    const laptopReplay = await refreshRaw(supabase, laptop.session.refresh_token);
    expect(laptopReplay.body.refresh_token).toBe(laptopChild.refresh_token);
    expect(sessionIdOf(laptopReplay.body.access_token!)).toBe(sessionIdOf(laptop.session.access_token));
    const phoneReplay = await refreshRaw(supabase, phone.session.refresh_token);
    expect(phoneReplay.body.refresh_token).toBe(phoneChild.refresh_token);
    expect(sessionIdOf(phoneReplay.body.access_token!)).toBe(sessionIdOf(phone.session.access_token));

    // Theft detected in the phone's session ends that session only.
    clock.advance(11_000);
    expect((await refreshRaw(supabase, phone.session.refresh_token)).body).toEqual(ALREADY_USED);
    expect((await refreshRaw(supabase, phoneChild.refresh_token)).body).toEqual(NOT_FOUND);
    expect((await laptop.client.auth.getUser()).data.user?.email).toBe(email);
    const laptopNext = await rotate(supabase, laptopChild.refresh_token);
    expect(sessionIdOf(laptopNext.access_token)).toBe(sessionIdOf(laptop.session.access_token));
  });
});

describe('local Auth stand-in: the reuse interval is a setting', () => {
  const ownClock = testClock();
  let configured: LocalSupabase;
  let off: LocalSupabase;
  beforeAll(async () => {
    [configured, off] = await Promise.all([
      startTestSupabase({ now: ownClock.now, refreshTokenReuseIntervalSeconds: 30 }),
      startTestSupabase({ now: ownClock.now, refreshTokenReuseIntervalSeconds: 0 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.stop(), off?.stop()]);
  });

  it('30 s forgives a replay at 20 s and not at 31 s', async () => {
    const { session } = await signInWithCode(configured, uniqueEmail('thirty'));
    const child = await rotate(configured, session.refresh_token);
    ownClock.advance(20_000);
    expect((await refreshRaw(configured, session.refresh_token)).body.refresh_token).toBe(child.refresh_token);
    ownClock.advance(11_000);
    expect((await refreshRaw(configured, session.refresh_token)).body).toEqual(ALREADY_USED);
  });

  it('0 turns the grace off: an immediate replay ends the session', async () => {
    const { session } = await signInWithCode(off, uniqueEmail('zero'));
    const child = await rotate(off, session.refresh_token);
    expect((await refreshRaw(off, session.refresh_token)).body).toEqual(ALREADY_USED);
    expect((await refreshRaw(off, child.refresh_token)).body).toEqual(NOT_FOUND);
  });
});
