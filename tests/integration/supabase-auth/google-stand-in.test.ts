import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import {
  CALLBACK_URL,
  browserLikeClient,
  fragmentParams,
  latestMailTo,
  redirectTarget,
  startTestSupabase,
} from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/** app §5: provider google, redirectTo origin/auth/callback, access_type offline, prompt select_account. */
async function startGoogleSignIn(flowType: 'implicit' | 'pkce' = 'implicit') {
  const client = browserLikeClient(supabase, flowType);
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: CALLBACK_URL, queryParams: { access_type: 'offline', prompt: 'select_account' }, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  const authorize = await redirectTarget(data.url!);
  return { client, authorize };
}

async function chooseAccount(page: URL, fields: Record<string, string>) {
  const html = await (await fetch(page)).text();
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  expect(state).toBeDefined();
  const action = new URL('callback', page);
  return redirectTarget(action.toString(), { method: 'POST', body: new URLSearchParams({ state: state!, ...fields }) });
}

describe('local Auth stand-in: Google (supabase-wire §1 signInWithOAuth)', () => {
  it('authorize answers 302 to a page clearly labelled as the local stand-in, with the Google parameters', async () => {
    const { authorize } = await startGoogleSignIn();
    expect(authorize.status).toBe(302);
    expect(authorize.location.pathname).toBe('/auth/v1/local-google');
    expect(authorize.location.searchParams.get('access_type')).toBe('offline');
    expect(authorize.location.searchParams.get('prompt')).toBe('select_account');
    const page = await fetch(authorize.location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Local stand-in for Google sign-in (not Google)</title>');
    expect(html).toContain('This is not Google.');
    expect(html).toContain('access_type=offline');
  });

  it('an unknown or expired sign-in gets a 400 page of the stand-in, with its icon (no /favicon.ico asked for)', async () => {
    const { authorize } = await startGoogleSignIn();
    const expired = new URL(authorize.location);
    expired.searchParams.set('state', crypto.randomUUID());
    const page = await fetch(expired);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('This sign-in is unknown or has expired.');
    expect(html).toMatch(/<head>.*<link rel="icon" href="data:image\/svg\+xml,.*<\/head>/s);
  });

  it('implicit: choosing an e-mail redirects to redirect_to with tokens in the fragment; the user has provider google', async () => {
    const email = uniqueEmail('google');
    const { client, authorize } = await startGoogleSignIn();
    const { status, location } = await chooseAccount(authorize.location, { email, name: 'Ada Lovelace' });
    expect(status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK_URL);
    const params = fragmentParams(location);
    const { data, error } = await client.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', email_verified: true });
    expect(data.user?.identities?.[0]?.provider).toBe('google');
  });

  it('PKCE: the callback redirects with ?code= and exchangeCodeForSession signs in', async () => {
    const email = uniqueEmail('google-pkce');
    const { client, authorize } = await startGoogleSignIn('pkce');
    const { location } = await chooseAccount(authorize.location, { email });
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signing in with Google as an existing e-mail user links the identity to the same user', async () => {
    const email = uniqueEmail('linked');
    const emailClient = browserLikeClient(supabase);
    await emailClient.auth.signInWithOtp({ email });
    const signedUp = await emailClient.auth.verifyOtp({ email, token: (await latestMailTo(supabase, email)).code, type: 'email' });
    const { client, authorize } = await startGoogleSignIn();
    const params = fragmentParams((await chooseAccount(authorize.location, { email })).location);
    const { data } = await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect(data.user?.id).toBe(signedUp.data.user?.id);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
  });

  it('the page lists addresses the stand-in already knows', async () => {
    const email = uniqueEmail('known');
    const first = await startGoogleSignIn();
    await chooseAccount(first.authorize.location, { email });
    const second = await startGoogleSignIn();
    expect(await (await fetch(second.authorize.location)).text()).toContain(`value="${email}"`);
  });

  it('cancelling redirects with error=access_denied', async () => {
    const { authorize } = await startGoogleSignIn();
    const params = fragmentParams((await chooseAccount(authorize.location, { action: 'cancel' })).location);
    expect(params.get('error')).toBe('access_denied');
  });

  it('a malformed e-mail re-renders the page with the reason (400)', async () => {
    const { authorize } = await startGoogleSignIn();
    const html = await (await fetch(authorize.location)).text();
    const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
    const response = await fetch(new URL('callback', authorize.location), {
      method: 'POST',
      body: new URLSearchParams({ state, email: 'nope' }),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unable to validate email address: invalid format');
  });

  it('an unknown or used state is refused with an error redirect to the site URL', async () => {
    const { authorize } = await startGoogleSignIn();
    const used = authorize.location.searchParams.get('state')!;
    await chooseAccount(authorize.location, { email: uniqueEmail('once') });
    const again = await redirectTarget(`${supabase.url}/auth/v1/callback`, { method: 'POST', body: new URLSearchParams({ state: used, email: uniqueEmail('again') }) });
    expect(fragmentParams(again.location).get('error_code')).toBe('bad_oauth_state');
    expect((await fetch(authorize.location)).status).toBe(400);
  });

  it('a provider other than google is 400 validation_failed', async () => {
    const response = await fetch(`${supabase.url}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});
