// Password sign-up and sign-in and the service role's user management, driven through supabase-js's own
// auth.signUp, auth.signInWithPassword and auth.admin.* against the Auth stand-in, checked against GoTrue's
// documented answers (Supabase Auth API: /signup, /token?grant_type=password, /admin/users, /admin/generate_link;
// error codes weak_password, user_already_exists, invalid_credentials, email_exists, not_admin, user_not_found).
import { createClient, isAuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, mailTo, signInWithCode, startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

let supabase: LocalSupabase;
let admin: SupabaseClient;

beforeAll(async () => {
  supabase = await startTestSupabase();
  admin = createClient(supabase.url, supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
}, 240_000);
afterAll(async () => {
  await supabase?.stop();
});

const password = 'correct horse battery';

describe('password sign-up and sign-in (auth.signUp, auth.signInWithPassword)', () => {
  it('signs up with a session at once (autoconfirm), and the password signs in again', async () => {
    const email = uniqueEmail();
    const client = browserLikeClient(supabase);
    const signUp = await client.auth.signUp({ email, password, options: { data: { display_name: 'Ada' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { display_name: 'Ada', email, email_verified: true } });
    expect(signUp.data.user?.email_confirmed_at).toBeTruthy();
    expect(signUp.data.user?.identities?.[0]).toMatchObject({ provider: 'email', email });
    const signIn = await browserLikeClient(supabase).auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(signUp.data.user?.id);
    const me = await client.auth.getUser(signIn.data.session?.access_token);
    expect(me.data.user?.id).toBe(signUp.data.user?.id);
    expect(me.data.user?.last_sign_in_at).toBeTruthy();
  });

  it('an address already registered is 422 user_already_exists', async () => {
    const email = uniqueEmail();
    await browserLikeClient(supabase).auth.signUp({ email, password });
    const again = await browserLikeClient(supabase).auth.signUp({ email, password: 'another password' });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('a password under six characters is 422 weak_password with its reasons (AuthWeakPasswordError)', async () => {
    const { error } = await browserLikeClient(supabase).auth.signUp({ email: uniqueEmail(), password: 'abc' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.', reasons: ['length'] });
  });

  it('a wrong password, an unknown address and a user without a password all get 400 invalid_credentials', async () => {
    const email = uniqueEmail();
    await browserLikeClient(supabase).auth.signUp({ email, password });
    const invalid = { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' };
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password: 'not the password' })).error).toMatchObject(invalid);
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email: uniqueEmail(), password })).error).toMatchObject(invalid);
    const byCode = uniqueEmail();
    await signInWithCode(supabase, byCode);
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email: byCode, password })).error).toMatchObject(invalid);
  });

  it('phone sign-ups and sign-ins are refused as a project without a phone provider refuses them', async () => {
    const signUp = await browserLikeClient(supabase).auth.signUp({ phone: '+15550000001', password });
    expect(signUp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const signIn = await browserLikeClient(supabase).auth.signInWithPassword({ phone: '+15550000001', password });
    expect(signIn.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});

describe('user management with the service role (auth.admin)', () => {
  it('createUser makes a user; confirmed ones sign in with their password, others get email_not_confirmed', async () => {
    const email = uniqueEmail();
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { plan: 'team' }, app_metadata: { tier: 2 } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, user_metadata: { plan: 'team' }, app_metadata: { provider: 'email', providers: ['email'], tier: 2 } });
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password })).error).toBeNull();
    const unconfirmed = uniqueEmail();
    await admin.auth.admin.createUser({ email: unconfirmed, password });
    const refused = await browserLikeClient(supabase).auth.signInWithPassword({ email: unconfirmed, password });
    expect(refused.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
    const twice = await admin.auth.admin.createUser({ email, password });
    expect(twice.error).toMatchObject({ status: 422, code: 'email_exists' });
    const weak = await admin.auth.admin.createUser({ email: uniqueEmail(), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('listUsers pages newest first with the total and the next and last pages', async () => {
    const all = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    const total = all.data.users.length;
    expect(total).toBeGreaterThanOrEqual(4);
    const first = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });
    expect(first.data.users.map((user) => user.id)).toEqual(all.data.users.slice(0, 2).map((user) => user.id));
    const second = await admin.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((user) => user.id)).toEqual(all.data.users.slice(2, 4).map((user) => user.id));
    const dates = all.data.users.map((user) => user.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('getUserById, updateUserById and deleteUser; an unknown id is 404 user_not_found', async () => {
    const email = uniqueEmail();
    const { data } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { a: 1 } });
    const id = data.user!.id;
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.auth.admin.updateUserById(id, { user_metadata: { b: 2 }, password: 'a new password' });
    expect(updated.data.user?.user_metadata).toMatchObject({ a: 1, b: 2 });
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password: 'a new password' })).error).toBeNull();
    const deleted = await admin.auth.admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password: 'a new password' })).error?.code).toBe('invalid_credentials');
    expect((await admin.auth.admin.deleteUser(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('the anon key and a signed-in user are not admins: 403 not_admin', async () => {
    const anon = createClient(supabase.url, supabase.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await anon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const { session } = await signInWithCode(supabase, uniqueEmail());
    const asUser = createClient(supabase.url, supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false }, global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    });
    expect((await asUser.auth.admin.createUser({ email: uniqueEmail(), password })).error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('generateLink (auth.admin.generateLink)', () => {
  it('a magic link for a known address answers the link, the code and the hash, sends no e-mail, and the hash signs in', async () => {
    const email = uniqueEmail();
    await admin.auth.admin.createUser({ email, email_confirm: true });
    const { data, error } = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', email_otp: expect.stringMatching(/^\d{6}$/) as unknown });
    expect(data.properties?.action_link).toContain(`/auth/v1/verify?token=${data.properties?.hashed_token}&type=magiclink`);
    expect(await mailTo(supabase, email)).toEqual([]);
    const verified = await browserLikeClient(supabase).auth.verifyOtp({ type: 'magiclink', token_hash: data.properties!.hashed_token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(data.user?.id);
  });

  it('a sign-up link creates an unconfirmed user whose code confirms it; an invite creates one without a password', async () => {
    const email = uniqueEmail();
    const signup = await admin.auth.admin.generateLink({ type: 'signup', email, password, options: { data: { from: 'link' } } });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email_confirmed_at).toBeUndefined();
    expect(signup.data.user?.user_metadata).toMatchObject({ from: 'link' });
    const verified = await browserLikeClient(supabase).auth.verifyOtp({ type: 'signup', email, token: signup.data.properties!.email_otp });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password })).error).toBeNull();
    const again = await admin.auth.admin.generateLink({ type: 'invite', email });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const invited = await admin.auth.admin.generateLink({ type: 'invite', email: uniqueEmail() });
    expect(invited.data.properties?.verification_type).toBe('invite');
    expect(invited.data.user?.invited_at).toBeTruthy();
  });

  it('a recovery link signs the user in, who then sets a new password', async () => {
    const email = uniqueEmail();
    await admin.auth.admin.createUser({ email, password, email_confirm: true });
    const { data } = await admin.auth.admin.generateLink({ type: 'recovery', email });
    const client = browserLikeClient(supabase);
    const verified = await client.auth.verifyOtp({ type: 'recovery', token_hash: data.properties!.hashed_token });
    expect(verified.error).toBeNull();
    const changed = await client.auth.updateUser({ password: 'recovered password' });
    expect(changed.error).toBeNull();
    expect((await browserLikeClient(supabase).auth.signInWithPassword({ email, password: 'recovered password' })).error).toBeNull();
  });

  it('a magic link or recovery for an unknown address is 404 user_not_found; an unknown type is 400 validation_failed', async () => {
    const missing = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail() });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const badType = await fetch(`${supabase.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: { apikey: supabase.serviceRoleKey, Authorization: `Bearer ${supabase.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'teleport', email: uniqueEmail() }),
    });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});
