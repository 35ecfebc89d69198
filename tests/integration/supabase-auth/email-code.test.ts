import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, latestMailTo, mailTo, signInWithCode, startTestSupabase, testClock } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

const clock = testClock();
let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now });
});
afterAll(async () => {
  await supabase?.stop();
});

const signIn = (email: string) => signInWithCode(supabase, email);

describe('local Auth stand-in: e-mail code (supabase-wire §1)', () => {
  it('one e-mail carries a six-digit code and a magic link to /auth/v1/verify', async () => {
    const email = uniqueEmail('mail');
    await browserLikeClient(supabase).auth.signInWithOtp({ email });
    const [message, ...others] = await mailTo(supabase, email);
    expect(others).toHaveLength(0);
    expect(message?.code).toMatch(/^\d{6}$/);
    const link = new URL(message!.magicLink);
    expect(`${link.origin}${link.pathname}`).toBe(`${supabase.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('magiclink');
    expect(message?.text).toContain(message!.code);
  });

  it('verifyOtp with the mailed code answers a session whose JWT carries GoTrue claims', async () => {
    const email = uniqueEmail('claims');
    const { session } = await signIn(email);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${supabase.url}/auth/v1`,
      sub: session.user.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
  });

  it('signing up through a code creates the profile row (the schema trigger on auth.users)', async () => {
    const { session } = await signIn(uniqueEmail('profile'));
    const { rows } = await supabase.db.sql.query('select id from public.profiles where id = $1', [session.user.id]);
    expect(rows).toHaveLength(1);
  });

  it('updateUser merges data into user_metadata and getUser reads it back (app §3 signup_tracked)', async () => {
    const { client, session } = await signIn(uniqueEmail('meta'));
    const updated = await client.auth.updateUser({ data: { signup_tracked: true } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ signup_tracked: true, email_verified: true });
    const fetched = await client.auth.getUser();
    expect(fetched.data.user?.id).toBe(session.user.id);
    expect(fetched.data.user?.user_metadata.signup_tracked).toBe(true);
    const removed = await client.auth.updateUser({ data: { signup_tracked: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty('signup_tracked');
  });

  it('refresh rotates the refresh token (reuse and theft: refresh-reuse.test.ts)', async () => {
    const { client, session } = await signIn(uniqueEmail('refresh'));
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.session?.user.id).toBe(session.user.id);
    const again = await client.auth.refreshSession();
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).not.toBe(refreshed.data.session?.refresh_token);
  });

  it('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await browserLikeClient(supabase).auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('signOut ends the session: its access token no longer reads the user, its refresh token is dead', async () => {
    const { client, session } = await signIn(uniqueEmail('logout'));
    expect((await client.auth.signOut()).error).toBeNull();
    const other = browserLikeClient(supabase);
    const user = await other.auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const refreshed = await other.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('signOut with scope local keeps the other sessions of the user', async () => {
    const email = uniqueEmail('scope');
    const first = await signIn(email);
    const second = await signIn(email);
    expect((await second.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('a code works once: reusing it is 403 otp_expired', async () => {
    const email = uniqueEmail('reuse');
    const { code } = await signIn(email);
    const again = await browserLikeClient(supabase).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.message).toBe('Token has expired or is invalid');
  });

  it('a code expires after an hour (otp_expiry 3600)', async () => {
    const email = uniqueEmail('expired');
    const client = browserLikeClient(supabase);
    await client.auth.signInWithOtp({ email });
    const { code } = await latestMailTo(supabase, email);
    clock.advance(3601_000);
    try {
      const late = await client.auth.verifyOtp({ email, token: code, type: 'email' });
      expect(late.error?.code).toBe('otp_expired');
    } finally {
      clock.reset();
    }
  });

  it('a new e-mail replaces the previous code', async () => {
    const email = uniqueEmail('replace');
    const client = browserLikeClient(supabase);
    await client.auth.signInWithOtp({ email });
    const first = await latestMailTo(supabase, email);
    await client.auth.signInWithOtp({ email });
    const old = await client.auth.verifyOtp({ email, token: first.code, type: 'email' });
    expect(old.error?.code).toBe('otp_expired');
  });

  it('a wrong code for a real address is otp_expired too (no hint which part was wrong)', async () => {
    const email = uniqueEmail('wrong');
    const client = browserLikeClient(supabase);
    await client.auth.signInWithOtp({ email });
    const { code } = await latestMailTo(supabase, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client.auth.verifyOtp({ email, token: wrong, type: 'email' })).error?.code).toBe('otp_expired');
  });

  it('shouldCreateUser false for an unknown address is 422 otp_disabled and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await browserLikeClient(supabase).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
    expect(error?.message).toBe('Signups not allowed for otp');
    expect(await mailTo(supabase, email)).toHaveLength(0);
  });

  it('a malformed address is 400 validation_failed', async () => {
    const { error } = await browserLikeClient(supabase).auth.signInWithOtp({ email: 'not-an-address' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('addresses are case-insensitive: the code sent to Mixed@Case works for mixed@case', async () => {
    const email = uniqueEmail('Case').replace('case', 'CASE');
    const client = browserLikeClient(supabase);
    await client.auth.signInWithOtp({ email });
    const { code, to } = await latestMailTo(supabase, email);
    expect(to).toBe(email.toLowerCase());
    const verified = await client.auth.verifyOtp({ email: email.toLowerCase(), token: code, type: 'email' });
    expect(verified.data.user?.email).toBe(email.toLowerCase());
  });
});
