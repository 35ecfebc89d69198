import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import {
  CALLBACK_URL,
  TEST_SITE_URL,
  browserLikeClient,
  fragmentParams,
  latestMailTo,
  redirectTarget,
  startTestSupabase,
  testClock,
} from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

const clock = testClock();
let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now });
});
afterAll(async () => {
  await supabase?.stop();
});

async function requestLink(email: string, flowType: 'implicit' | 'pkce' = 'implicit', redirectTo = CALLBACK_URL) {
  const client = browserLikeClient(supabase, flowType);
  const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: redirectTo } });
  expect(sent.error).toBeNull();
  return { client, link: (await latestMailTo(supabase, email)).magicLink };
}

describe('local Auth stand-in: magic link (supabase-wire §1 "Link click")', () => {
  it('implicit: the link answers 303 to redirect_to with the session in the fragment, and setSession accepts it', async () => {
    const email = uniqueEmail('implicit');
    const { client, link } = await requestLink(email);
    const { status, location } = await redirectTarget(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK_URL);
    const params = fragmentParams(location);
    expect([...params.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(params.get('type')).toBe('magiclink');
    expect(params.get('token_type')).toBe('bearer');
    const { data, error } = await client.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('the link works once: a second visit redirects with error otp_expired in the fragment', async () => {
    const { link } = await requestLink(uniqueEmail('twice'));
    await redirectTarget(link);
    const { status, location } = await redirectTarget(link);
    expect(status).toBe(303);
    const params = fragmentParams(location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
    expect(location.searchParams.has('error')).toBe(false);
  });

  it('an expired link redirects with otp_expired', async () => {
    const { link } = await requestLink(uniqueEmail('late-link'));
    clock.advance(3601_000);
    try {
      expect(fragmentParams((await redirectTarget(link)).location).get('error_code')).toBe('otp_expired');
    } finally {
      clock.reset();
    }
  });

  it('redirect_to outside the site origin falls back to the site URL (GoTrue allow-list)', async () => {
    const { link } = await requestLink(uniqueEmail('evil'), 'implicit', 'https://evil.example.net/steal');
    const { location } = await redirectTarget(link);
    expect(location.origin).toBe(TEST_SITE_URL);
    expect(fragmentParams(location).has('access_token')).toBe(true);
  });

  it('PKCE: the link carries a pkce_ token, redirects with ?code=, and exchangeCodeForSession signs in', async () => {
    const email = uniqueEmail('pkce');
    const { client, link } = await requestLink(email, 'pkce');
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const { status, location } = await redirectTarget(link);
    expect(status).toBe(303);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('PKCE: an auth code is single-use (404 flow_state_not_found the second time)', async () => {
    const { client, link } = await requestLink(uniqueEmail('pkce-twice'), 'pkce');
    const code = (await redirectTarget(link)).location.searchParams.get('code')!;
    await client.auth.exchangeCodeForSession(code);
    const response = await postToken(supabase, 'pkce', { auth_code: code, code_verifier: 'x'.repeat(56) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' });
  });

  it('PKCE: a wrong verifier is 400 bad_code_verifier', async () => {
    const { link } = await requestLink(uniqueEmail('pkce-wrong'), 'pkce');
    const code = (await redirectTarget(link)).location.searchParams.get('code')!;
    const response = await postToken(supabase, 'pkce', { auth_code: code, code_verifier: 'f'.repeat(112) });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('bad_code_verifier');
  });

  it('PKCE: an auth code older than five minutes is 422 flow_state_expired', async () => {
    const { client, link } = await requestLink(uniqueEmail('pkce-late'), 'pkce');
    const code = (await redirectTarget(link)).location.searchParams.get('code')!;
    clock.advance(301_000);
    try {
      const { error } = await client.auth.exchangeCodeForSession(code);
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('flow_state_expired');
    } finally {
      clock.reset();
    }
  });

  it('PKCE: the e-mailed code still answers a session directly through verifyOtp', async () => {
    const email = uniqueEmail('pkce-code');
    const { client } = await requestLink(email, 'pkce');
    const { code } = await latestMailTo(supabase, email);
    const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
  });

  it('POST /verify with token_hash (the link token) answers a session', async () => {
    const email = uniqueEmail('hash');
    const { client, link } = await requestLink(email);
    const tokenHash = new URL(link).searchParams.get('token')!;
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });
});

function postToken(stand: LocalSupabase, grantType: string, body: unknown): Promise<Response> {
  return fetch(`${stand.url}/auth/v1/token?grant_type=${grantType}`, {
    method: 'POST',
    headers: { apikey: stand.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
}
