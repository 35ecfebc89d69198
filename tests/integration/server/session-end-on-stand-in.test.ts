// Sessions that end: the app server (tokens verified with the JWT secret) on the Supabase stand-in.
// After POST /auth/v1/logout the old access token is refused by /api within the session check
// period, not an hour later when it expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { signInWithCode } from '../../support/local-supabase.js';

const SESSION_CHECK_MS = 300;
let supabase: LocalSupabase;
let app: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server: app, close } = await startAppOnStandIn({ AUTH_SESSION_CHECK_MS: String(SESSION_CHECK_MS) })), 60_000);
afterAll(() => close?.());

const account = (token: string) => fetch(`${app.url}/api/account`, { headers: { authorization: `Bearer ${token}` } });
const chat = (token: string) =>
  fetch(`${app.url}/api/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'hi', modelIds: ['offline'] }) });

/** Asks again (every 50 ms, at most 10 s) until `/api/account` refuses the token; answers how long that took. */
async function refusedAfter(token: string): Promise<{ ms: number; body: unknown }> {
  const started = Date.now();
  for (;;) {
    const response = await account(token);
    if (response.status === 401) return { ms: Date.now() - started, body: await response.json() };
    await response.body?.cancel();
    if (Date.now() - started > 10_000) throw new Error('the token was still accepted 10 s after sign-out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sign-out ends the session for the app server too', () => {
  it('after POST /auth/v1/logout the old access token is refused on /api/account and /api/chat within the check period', async () => {
    const { client, session } = await signInWithCode(supabase, `logout-${Date.now()}@example.com`);
    const token = session.access_token;
    expect((await account(token)).status).toBe(200);
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    const refused = await refusedAfter(token);
    console.log(`[figure] old access token refused ${refused.ms} ms after sign-out (session check every ${SESSION_CHECK_MS} ms)`);
    expect(refused.body).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/session has ended/) });
    expect(refused.ms).toBeLessThan(SESSION_CHECK_MS + 2_000);
    expect((await chat(token)).status).toBe(401);
  });

  it('signing out one device (scope local) ends that session only; the other device stays signed in', async () => {
    const email = `two-devices-${Date.now()}@example.com`;
    const phone = await signInWithCode(supabase, email);
    const laptop = await signInWithCode(supabase, email);
    expect((await account(phone.session.access_token)).status).toBe(200);
    expect((await account(laptop.session.access_token)).status).toBe(200);
    expect((await phone.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    await refusedAfter(phone.session.access_token);
    expect((await account(laptop.session.access_token)).status).toBe(200);
  });

  it("a chat's first request of a session checks the session in the write: signed out, it is refused and writes nothing; signed in, it answers", async () => {
    const gone = await signInWithCode(supabase, `write-check-${Date.now()}@example.com`);
    const userId = gone.session.user.id;
    expect((await gone.client.auth.signOut()).error).toBeNull();
    // Never seen by the server before: its session is checked by the write itself.
    const refused = await chat(gone.session.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/session has ended/) });
    const written = await supabase.db.asAdmin(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from public.conversations where user_id = $1', [userId])).rows[0]?.n);
    expect(written).toBe(0);
    // And remembered as ended: the next request of that token is refused at once, whatever the route.
    expect((await account(gone.session.access_token)).status).toBe(401);

    const live = await signInWithCode(supabase, `write-check-live-${Date.now()}@example.com`);
    const answered = await chat(live.session.access_token);
    expect(answered.status).toBe(200);
    await answered.text();
    expect((await account(live.session.access_token)).status).toBe(200);
  });

  it('a chat refused before anything is written (a bad body) still answers 401 for a session that has ended', async () => {
    const gone = await signInWithCode(supabase, `bad-body-${Date.now()}@example.com`);
    expect((await gone.client.auth.signOut()).error).toBeNull();
    const response = await fetch(`${app.url}/api/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gone.session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: '', modelIds: [] }),
    });
    expect(response.status).toBe(401);
  });
});
