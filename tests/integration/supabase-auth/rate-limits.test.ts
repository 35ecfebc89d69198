import { AuthApiError } from '@supabase/supabase-js';
import { Agent, fetch as fetchFrom } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '@ensemble/supabase-stand-in';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import {
  CALLBACK_URL,
  browserLikeClient,
  latestMailTo,
  mailTo,
  redirectTarget,
  signInWithCode,
  startTestSupabase,
  testClock,
} from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

// Supabase's per-IP Auth limits (per 5 minutes: sign-ins and sign-ups 30, verifications 30, token
// requests 150), which the stand-in applies by default, here turned on as `npm start` has them.
// Every request of this file comes from 127.0.0.1; each test starts in a fresh window by moving the
// stand-in's clock on, never by waiting.

const WINDOW_MS = DEFAULT_AUTH_RATE_LIMITS.windowSeconds * 1000;
const clock = testClock();
let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now, authRateLimits: DEFAULT_AUTH_RATE_LIMITS });
});
afterAll(async () => {
  await supabase?.stop();
});
beforeEach(() => {
  clock.advance(WINDOW_MS);
});

const auth = (path: string) => `${supabase.url}/auth/v1${path}`;

/** POST /auth/v1/<path> as auth-js sends it; answers the status and the error code, if any. */
async function post(path: string, body: unknown, init: { headers?: Record<string, string>; dispatcher?: Agent } = {}) {
  const response = await fetchFrom(auth(path), {
    method: 'POST',
    headers: { apikey: supabase.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...init.headers },
    body: JSON.stringify(body),
    ...(init.dispatcher ? { dispatcher: init.dispatcher } : {}),
  });
  const answer = (await response.json()) as { code?: string; message?: string };
  return { status: response.status, code: answer.code, message: answer.message, retryAfter: response.headers.get('retry-after') };
}

const askForCode = (email: string, init?: Parameters<typeof post>[2]) => post('/otp', { email, create_user: true }, init);
const wrongVerify = () => post('/verify', { type: 'email', email: uniqueEmail('nobody'), token: '000000' });
const bogusRefresh = () => post('/token?grant_type=refresh_token', { refresh_token: 'not-a-token' });

async function times<T>(n: number, request: () => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < n; i += 1) answers.push(await request());
  return answers;
}

async function usersNamed(prefix: string): Promise<number> {
  const { rows } = await supabase.db.sql.query<{ n: number }>('select count(*)::int as n from auth.users where email like $1', [`${prefix}%`]);
  return rows[0]?.n ?? 0;
}

describe('local Auth stand-in: sign-ins and sign-ups per client address (30 per 5 minutes)', () => {
  it('the 31st /otp within 5 minutes is 429 over_request_rate_limit; supabase-js sees an AuthApiError with that code; nothing is sent or created', async () => {
    const answers = await times(30, () => askForCode(uniqueEmail('thirty')));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(30).fill(200));
    const email = uniqueEmail('thirty-first');
    const { error } = await browserLikeClient(supabase).auth.signInWithOtp({ email });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toBe('Request rate limit reached');
    expect(await mailTo(supabase, email)).toHaveLength(0);
    expect(await usersNamed(email)).toBe(0);
  });

  it('61 sign-ups within a minute, twenty at a time: 30 accounts, and the 61st is 429', async () => {
    const prefix = `burst-${Date.now().toString(36)}`;
    const statuses: number[] = [];
    for (let start = 0; start < 60; start += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => askForCode(`${prefix}-${start + i}@example.com`)));
      statuses.push(...batch.map((a) => a.status));
      clock.advance(10_000);
    }
    const last = await askForCode(`${prefix}-60@example.com`);
    expect(last).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(await usersNamed(prefix)).toBe(30);
  });

  it('the window reopens as the clock moves on: refused until the first request is 5 minutes old, then admitted', async () => {
    await askForCode(uniqueEmail('first'));
    clock.advance(60_000);
    await times(29, () => askForCode(uniqueEmail('rest')));
    const refused = await askForCode(uniqueEmail('refused'));
    expect(refused.status).toBe(429);
    // The first request leaves the window 240 s on (less the real time these requests took).
    expect(Number(refused.retryAfter)).toBeGreaterThan(200);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(240);
    clock.advance(WINDOW_MS - 60_000 - 10_000);
    expect((await askForCode(uniqueEmail('still-refused'))).status).toBe(429);
    clock.advance(10_000);
    expect((await askForCode(uniqueEmail('admitted'))).status).toBe(200);
    expect((await askForCode(uniqueEmail('one-only'))).status).toBe(429);
  });

  it('counts the socket’s address, never X-Forwarded-For: a rotated header is still refused, another address is not', async () => {
    await times(30, () => askForCode(uniqueEmail('header')));
    const rotated = await Promise.all(
      ['203.0.113.1', '203.0.113.2', '198.51.100.7'].map((ip) => askForCode(uniqueEmail('rotated'), { headers: { 'x-forwarded-for': ip, 'x-real-ip': ip } })),
    );
    expect(rotated.map((a) => a.status)).toEqual([429, 429, 429]);
    // Another machine, as far as the socket tells: loopback answers on every 127.x address.
    const elsewhere = new Agent({ localAddress: '127.0.0.2' });
    try {
      expect((await askForCode(uniqueEmail('elsewhere'), { dispatcher: elsewhere })).status).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('the Google stand-in’s callback signs in too, so it shares the count: after 30 e-mail sign-ins it is 429 and creates nobody', async () => {
    const { data } = await browserLikeClient(supabase).auth.signInWithOAuth({ provider: 'google', options: { redirectTo: CALLBACK_URL, skipBrowserRedirect: true } });
    const page = (await redirectTarget(data.url!)).location;
    const state = page.searchParams.get('state')!;
    await times(30, () => askForCode(uniqueEmail('before-google')));
    const email = uniqueEmail('google');
    const callback = await fetch(auth('/callback'), { method: 'POST', body: new URLSearchParams({ state, email }), redirect: 'manual' });
    expect(callback.status).toBe(429);
    expect(await usersNamed(email)).toBe(0);
    clock.advance(WINDOW_MS);
    const later = await fetch(auth('/callback'), { method: 'POST', body: new URLSearchParams({ state, email }), redirect: 'manual' });
    expect(later.status).toBe(302);
    expect(await usersNamed(email)).toBe(1);
  });

  it('sign-ins, verifications and refreshes count apart: a code asked for before the sign-in limit was reached still signs in', async () => {
    const email = uniqueEmail('earlier');
    await askForCode(email);
    const { code } = await latestMailTo(supabase, email);
    await times(29, () => askForCode(uniqueEmail('filler')));
    expect((await askForCode(uniqueEmail('over'))).status).toBe(429);
    const verified = await browserLikeClient(supabase).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    const refreshed = await browserLikeClient(supabase).auth.refreshSession({ refresh_token: verified.data.session?.refresh_token ?? '' });
    expect(refreshed.error).toBeNull();
  });
});

describe('local Auth stand-in: token verifications per client address (30 per 5 minutes)', () => {
  it('POST and GET /verify share one count: the 31st is 429 even with the right code, and the code works once the window moved on', async () => {
    const email = uniqueEmail('verify');
    await askForCode(email);
    const { code } = await latestMailTo(supabase, email);
    const wrong = await times(15, wrongVerify);
    const links = await times(15, async () => (await fetch(auth('/verify?token=unknown&type=magiclink'), { redirect: 'manual' })).status);
    expect(wrong.map((a) => a.status)).toEqual(Array<number>(15).fill(403));
    expect(links).toEqual(Array<number>(15).fill(303));
    const { error } = await browserLikeClient(supabase).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    const link = await fetch(auth('/verify?token=unknown&type=magiclink'), { redirect: 'manual' });
    expect(link.status).toBe(429);
    expect(await link.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    clock.advance(WINDOW_MS);
    const later = await browserLikeClient(supabase).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(later.error).toBeNull();
    expect(later.data.session?.user.email).toBe(email);
  });

  it('a refused verification does not count against the code: the code survives 40 refused guesses', async () => {
    const email = uniqueEmail('refused-guesses');
    await askForCode(email);
    const { code } = await latestMailTo(supabase, email);
    await times(30, wrongVerify);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await times(40, () => post('/verify', { type: 'email', email, token: wrong }));
    expect(refused.every((a) => a.status === 429)).toBe(true);
    clock.advance(WINDOW_MS);
    expect((await browserLikeClient(supabase).auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });
});

describe('local Auth stand-in: token requests per client address (150 per 5 minutes)', () => {
  it('the 151st refresh within 5 minutes is 429 over_request_rate_limit, for supabase-js too', async () => {
    const { session } = await signInWithCode(supabase, uniqueEmail('refresher'));
    const answers = await times(150, bogusRefresh);
    expect(answers.every((a) => a.status === 400 && a.code === 'refresh_token_not_found')).toBe(true);
    const { error } = await browserLikeClient(supabase).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    clock.advance(WINDOW_MS);
    const refreshed = await browserLikeClient(supabase).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
  });
});

describe('local Auth stand-in: e-mails the whole project sends per hour (GoTrue email_sent)', () => {
  const HOUR_MS = 60 * 60 * 1000;
  const hourClock = testClock();
  let standIn: LocalSupabase;
  beforeAll(async () => {
    standIn = await startTestSupabase({ now: hourClock.now, authRateLimits: { emailsSentPerHour: 2 } });
  });
  afterAll(async () => {
    await standIn?.stop();
  });
  beforeEach(() => {
    hourClock.advance(HOUR_MS);
  });

  it('over the count, any address is 429 over_email_send_rate_limit "email rate limit exceeded" with Retry-After, nothing sent or created; once the oldest leaves the hour it sends again', async () => {
    const client = browserLikeClient(standIn);
    const [first, second, third] = [uniqueEmail('hourly-a'), uniqueEmail('hourly-b'), uniqueEmail('hourly-c')];
    expect((await client.auth.signInWithOtp({ email: first })).error).toBeNull();
    hourClock.advance(10 * 60 * 1000);
    expect((await client.auth.signInWithOtp({ email: second })).error).toBeNull();
    const { error } = await client.auth.signInWithOtp({ email: third });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.message).toBe('email rate limit exceeded');
    expect(await mailTo(standIn, third)).toHaveLength(0);
    const { rows } = await standIn.db.sql.query<{ n: number }>('select count(*)::int as n from auth.users where email = $1', [third]);
    expect(rows[0]?.n).toBe(0);
    // The raw answer says when the oldest e-mail leaves the hour: 50 minutes from now.
    const raw = await fetchFrom(`${standIn.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: standIn.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: third }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe(String(50 * 60));
    hourClock.advance(50 * 60 * 1000);
    expect((await client.auth.signInWithOtp({ email: third })).error).toBeNull();
    expect(await mailTo(standIn, third)).toHaveLength(1);
    expect((await client.auth.signInWithOtp({ email: uniqueEmail('hourly-d') })).error?.code).toBe('over_email_send_rate_limit');
  });

  it('a request that sends nothing (an unknown address with create_user false) does not count', async () => {
    const client = browserLikeClient(standIn);
    const refused = await client.auth.signInWithOtp({ email: uniqueEmail('nobody-yet'), options: { shouldCreateUser: false } });
    expect(refused.error?.code).toBe('otp_disabled');
    expect((await client.auth.signInWithOtp({ email: uniqueEmail('counted-1') })).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email: uniqueEmail('counted-2') })).error).toBeNull();
    expect((await client.auth.signInWithOtp({ email: uniqueEmail('over') })).error?.code).toBe('over_email_send_rate_limit');
  });
});

describe('local Auth stand-in: configuring the limits', () => {
  it('a limit of 0 is off while the others hold', async () => {
    const standIn = await startTestSupabase({ authRateLimits: { signInsAndSignUps: 0, tokenVerifications: 3 } });
    try {
      const client = browserLikeClient(standIn);
      for (let i = 0; i < 40; i += 1) expect((await client.auth.signInWithOtp({ email: uniqueEmail('unlimited') })).error).toBeNull();
      const verifications = [];
      for (let i = 0; i < 4; i += 1) verifications.push(await client.auth.verifyOtp({ email: uniqueEmail('nobody'), token: '000000', type: 'email' }));
      expect(verifications.map((v) => v.error?.code)).toEqual(['otp_expired', 'otp_expired', 'otp_expired', 'over_request_rate_limit']);
    } finally {
      await standIn.stop();
    }
  });
});
