import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, latestMailTo, startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ emailMinIntervalSeconds: 60 });
});
afterAll(async () => {
  await supabase?.stop();
});

const auth = (path: string) => `${supabase.url}/auth/v1${path}`;
const json = { 'content-type': 'application/json' };

describe('local Auth stand-in: gateway, errors and user endpoints (supabase-wire §0, §1, §5)', () => {
  it('a request without apikey is 401 like the hosted gateway', async () => {
    const response = await fetch(auth('/otp'), { method: 'POST', headers: json, body: JSON.stringify({ email: uniqueEmail() }) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('an apikey that is not this install’s anon or service_role key is 401 Invalid API key', async () => {
    const response = await fetch(auth('/settings'), { headers: { apikey: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('supabase-js without a valid key gets an error, not a session', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const client = createClient(supabase.url, 'wrong-key', { auth: { persistSession: false, autoRefreshToken: false } });
    const { error } = await client.auth.signInWithOtp({ email: uniqueEmail() });
    expect(error?.status).toBe(401);
  });

  it('the browser preflight is allowed for the headers supabase-js sends, and error headers are exposed', async () => {
    const response = await fetch(auth('/otp'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const simple = await fetch(auth('/settings'), { headers: { apikey: supabase.anonKey, origin: 'http://127.0.0.1:3000' } });
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('errors use the 2024-01-01 shape when the client asks for it, else the legacy shape', async () => {
    const body = JSON.stringify({ email: 'x@example.com', token: '000000', type: 'email' });
    const current = await fetch(auth('/verify'), {
      method: 'POST',
      headers: { ...json, apikey: supabase.anonKey, 'x-supabase-api-version': '2024-01-01' },
      body,
    });
    expect(current.status).toBe(403);
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(current.headers.get('x-sb-error-code')).toBe('otp_expired');
    expect(await current.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });
    const legacy = await fetch(auth('/verify'), { method: 'POST', headers: { ...json, apikey: supabase.anonKey }, body });
    expect(await legacy.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
  });

  it('a body that is not JSON is 400 bad_json', async () => {
    const response = await fetch(auth('/otp'), { method: 'POST', headers: { ...json, apikey: supabase.anonKey }, body: '{"email":' });
    expect(response.status).toBe(400);
    expect((await response.json()).error_code).toBe('bad_json');
  });

  it('a body over 64 KiB is 413, before anything is parsed', async () => {
    const huge = JSON.stringify({ email: uniqueEmail(), data: { blob: 'x'.repeat(70_000) } });
    const response = await fetch(auth('/otp'), { method: 'POST', headers: { ...json, apikey: supabase.anonKey }, body: huge });
    expect(response.status).toBe(413);
    expect((await response.json()).error_code).toBe('request_too_large');
  });

  it('the JWKS endpoint is open and empty, as GoTrue answers for HS256 secrets', async () => {
    const response = await fetch(auth('/.well-known/jwks.json'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [] });
  });

  it('a second e-mail to one address within the interval is 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('limit');
    const client = browserLikeClient(supabase);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const { error } = await client.auth.signInWithOtp({ email });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  it('GET /user without a bearer token is 401 no_authorization; with a forged one 403 bad_jwt', async () => {
    const none = await fetch(auth('/user'), { headers: { apikey: supabase.anonKey } });
    expect(none.status).toBe(401);
    expect((await none.json()).error_code).toBe('no_authorization');
    const anonAsUser = await fetch(auth('/user'), { headers: { apikey: supabase.anonKey, authorization: `Bearer ${supabase.anonKey}` } });
    expect(anonAsUser.status).toBe(403);
    expect((await anonAsUser.json()).error_code).toBe('bad_jwt');
    const { error } = await browserLikeClient(supabase).auth.getUser('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad');
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });

  it('PUT /user changes metadata only; an e-mail or password change is refused with validation_failed', async () => {
    const email = uniqueEmail('put');
    const client = browserLikeClient(supabase);
    await client.auth.signInWithOtp({ email });
    await client.auth.verifyOtp({ email, token: (await latestMailTo(supabase, email)).code, type: 'email' });
    const { error } = await client.auth.updateUser({ email: uniqueEmail('other') });
    expect(error?.code).toBe('validation_failed');
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('a link without a token redirects to the site URL with the reason instead of signing anyone in', async () => {
    const response = await fetch(auth('/verify?type=magiclink&redirect_to=http%3A%2F%2F127.0.0.1%3A3000%2Fauth%2Fcallback'), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/auth/callback');
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('validation_failed');
  });

  it('an OTP request with a half-given PKCE challenge is 400 validation_failed and sends nothing', async () => {
    const email = uniqueEmail('half-pkce');
    const response = await fetch(auth('/otp'), {
      method: 'POST',
      headers: { ...json, apikey: supabase.anonKey },
      body: JSON.stringify({ email, code_challenge: 'a'.repeat(43), code_challenge_method: null }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).msg).toBe('PKCE flow requires code_challenge_method and code_challenge');
    expect((await fetch(`${supabase.mailboxUrl}/api/messages?to=${email}`).then((r) => r.json())).total).toBe(0);
  });

  it('logout with an unknown scope is 400 validation_failed', async () => {
    const response = await fetch(auth('/logout?scope=everyone'), { method: 'POST', headers: { apikey: supabase.anonKey } });
    expect(response.status).toBe(400);
    expect((await response.json()).error_code).toBe('validation_failed');
  });

  it('settings and health answer like GoTrue', async () => {
    const settings = await (await fetch(auth('/settings'), { headers: { apikey: supabase.anonKey } })).json();
    expect(settings).toMatchObject({ external: { email: true, google: true }, mailer_autoconfirm: true, disable_signup: false });
    const health = await fetch(auth('/health'), { headers: { apikey: supabase.anonKey } });
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });

  it('the API roles cannot read the stand-in’s sessions or codes', async () => {
    const denied = await supabase.db
      .withRole('authenticated', { sub: crypto.randomUUID() }, (tx) => tx.query('select * from auth.one_time_tokens'))
      .then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      );
    expect(denied).toBe('42501');
  });
});
