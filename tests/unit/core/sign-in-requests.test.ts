import { describe, expect, it } from 'vitest';
import { domainError } from '../../../core/shared/index.js';
import { makeCompleteRedirectSignIn, makeRequestEmailCode, makeRequestMagicLink, makeResendEmailCode, makeSessionController, makeSignInWithGoogle, makeVerifyEmailCode } from '../../../core/auth/index.js';
import { InMemoryAuthenticator } from '../../../adapters/in-memory/in-memory-authenticator.js';
import { ORIGIN, inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

const CALLBACK = `${ORIGIN}/auth/callback`;

const setup = () => {
  const w = inMemoryAuthWorld();
  const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
  const deps = { ...w, authErrors: controller };
  return {
    w,
    controller,
    requestMagicLink: makeRequestMagicLink(deps),
    requestEmailCode: makeRequestEmailCode(deps),
    verifyEmailCode: makeVerifyEmailCode(deps),
    signInWithGoogle: makeSignInWithGoogle(deps),
    completeRedirect: makeCompleteRedirectSignIn(deps),
  };
};

describe('asking again too soon (one e-mail per address a minute)', () => {
  it('a request refused as too soon is not a failed sign-up: the e-mail sent a moment ago still works', async () => {
    const w = inMemoryAuthWorld();
    const deps = { ...w, authenticator: new InMemoryAuthenticator(w.db, { emailMinIntervalSeconds: 60 }) };
    const request = makeRequestEmailCode(deps);
    expect((await request({ email: 'ada@example.com' })).success).toBe(true);
    await w.clock.advance(15_000);
    const again = await request({ email: 'ada@example.com' });
    expect(again).toMatchObject({ success: false, error: { code: 'rate_limited', details: { retryAfterSeconds: 45 } } });
    expect(w.analytics.events).toEqual([
      { event: 'signup_initiated', method: 'email_code' },
      { event: 'signup_initiated', method: 'email_code' },
    ]);
  });

  it('resend on the code step pushes nothing, says how long to wait, and the first code still signs in', async () => {
    const w = inMemoryAuthWorld();
    const authenticator = new InMemoryAuthenticator(w.db, { emailMinIntervalSeconds: 60 });
    const deps = { ...w, authenticator };
    await makeRequestEmailCode(deps)({ email: 'ada@example.com' });
    const first = authenticator.latestMail('ada@example.com')?.code ?? '';
    const resend = makeResendEmailCode(deps);
    expect(await resend({ email: 'ada@example.com' })).toMatchObject({ success: false, error: { code: 'rate_limited', details: { retryAfterSeconds: 60 } } });
    expect(await resend({ email: 'not an address' })).toMatchObject({ success: false, error: { code: 'validation' } });
    expect(w.analytics.names()).toEqual(['signup_initiated']);
    expect((await makeVerifyEmailCode(deps)({ email: 'ada@example.com', code: first })).success).toBe(true);
  });

  it('once the minute is over, resend sends a new code and only the new one works', async () => {
    const w = inMemoryAuthWorld();
    const authenticator = new InMemoryAuthenticator(w.db, { emailMinIntervalSeconds: 60 });
    const deps = { ...w, authenticator };
    await makeRequestEmailCode(deps)({ email: 'ada@example.com' });
    await w.clock.advance(60_000);
    expect(await makeResendEmailCode(deps)({ email: 'ada@example.com' })).toEqual({ success: true, data: undefined });
    expect(w.db.mailbox.filter((m) => m.to === 'ada@example.com')).toHaveLength(2);
  });
});

describe('magic link (app §7 signInWithOtp, §2 /auth/callback)', () => {
  it('app §7: sends the link with emailRedirectTo = origin + /auth/callback and pushes signup_initiated', async () => {
    const { w, requestMagicLink } = setup();
    expect(await requestMagicLink({ email: ' ada@example.com ' })).toEqual({ success: true, data: undefined });
    const link = new URL(w.authenticator.latestMail('ada@example.com')?.link ?? '');
    expect(link.searchParams.get('redirect_to')).toBe(CALLBACK);
    expect(w.analytics.events).toEqual([{ event: 'signup_initiated', method: 'magic_link' }]);
  });

  it('app §2: an origin given with a trailing slash still yields a single /auth/callback', async () => {
    const w = inMemoryAuthWorld();
    await makeRequestMagicLink({ ...w, origin: `${ORIGIN}/` })({ email: 'ada@example.com' });
    expect(new URL(w.authenticator.latestMail('ada@example.com')?.link ?? '').searchParams.get('redirect_to')).toBe(CALLBACK);
  });

  it('app §5: an invalid address fails with "Invalid email" before anything is sent or pushed', async () => {
    const { w, requestMagicLink } = setup();
    for (const email of ['not-an-address', '', 'a@', 42 as unknown as string]) {
      const result = await requestMagicLink({ email });
      expect(result).toMatchObject({ success: false, error: { code: 'validation', message: 'Invalid email' } });
    }
    expect(w.db.mailbox).toEqual([]);
    expect(w.analytics.events).toEqual([]);
  });

  it('app §7, §8: a failed request pushes signup_failed without a user id, logs, and keeps the auth error', async () => {
    const { w, controller, requestMagicLink } = setup();
    await controller.loaded();
    const failure = domainError('network', 'The auth server cannot be reached');
    w.authenticator.failures.failNext('sendMagicLink', failure);
    expect(await requestMagicLink({ email: 'ada@example.com' })).toEqual({ success: false, error: failure });
    expect(w.analytics.events).toEqual([
      { event: 'signup_initiated', method: 'magic_link' },
      { event: 'signup_failed', method: 'magic_link' },
    ]);
    expect(w.logger.at('error')).toHaveLength(1);
    expect(controller.getState().error).toEqual(failure);
  });

  it('app §2: the link lands on /auth/callback, where completing the redirect signs the user in', async () => {
    const { w, controller, requestMagicLink, completeRedirect } = setup();
    await controller.loaded();
    await requestMagicLink({ email: 'ada@example.com' });
    const landing = w.authenticator.openLink(w.authenticator.latestMail('ada@example.com')?.link ?? '');
    const completed = await completeRedirect({ callbackUrl: landing });
    expect(completed.success && completed.data.user.email).toBe('ada@example.com');
    expect(controller.getState().user?.email).toBe('ada@example.com');
  });

  it('app §8: a callback carrying an error fails, is logged and kept as the auth error', async () => {
    const { w, controller, completeRedirect } = setup();
    await controller.loaded();
    const result = await completeRedirect({
      callbackUrl: `${CALLBACK}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    });
    expect(result).toMatchObject({ success: false, error: { message: 'Email link is invalid or has expired' } });
    expect(controller.getState()).toMatchObject({ session: null, error: { message: 'Email link is invalid or has expired' } });
    expect(w.logger.at('error')).toHaveLength(1);
    expect((await completeRedirect({ callbackUrl: '' })).success).toBe(false);
  });
});

describe('one-time code (app §7 signInWithOtp code, verifyOtp)', () => {
  it('app §7: requesting a code creates the user when new (shouldCreateUser) and pushes signup_initiated', async () => {
    const { w, requestEmailCode } = setup();
    expect(await requestEmailCode({ email: 'new@example.com' })).toEqual({ success: true, data: undefined });
    expect(w.db.findUserByEmail('new@example.com')).toBeDefined();
    expect(w.authenticator.latestMail('new@example.com')?.code).toMatch(/^\d{6}$/);
    expect(w.analytics.events).toEqual([{ event: 'signup_initiated', method: 'email_code' }]);
  });

  it('app §7: verifying the e-mailed code (type email) signs the user in, without a second signup_initiated', async () => {
    const { w, controller, requestEmailCode, verifyEmailCode } = setup();
    await controller.loaded();
    await requestEmailCode({ email: 'ada@example.com' });
    const code = w.authenticator.latestMail('ada@example.com')?.code ?? '';
    const verified = await verifyEmailCode({ email: 'ada@example.com', code });
    expect(verified.success && verified.data.user.email).toBe('ada@example.com');
    expect(controller.getState().session).not.toBe(null);
    expect(w.analytics.names()).toEqual(['signup_initiated']);
  });

  it('app §7, §8: a wrong code fails and pushes signup_failed for email_code', async () => {
    const { w, controller, requestEmailCode, verifyEmailCode } = setup();
    await controller.loaded();
    await requestEmailCode({ email: 'ada@example.com' });
    const code = w.authenticator.latestMail('ada@example.com')?.code ?? '';
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const result = await verifyEmailCode({ email: 'ada@example.com', code: wrong });
    expect(result).toMatchObject({ success: false, error: { code: 'validation' } });
    expect(w.analytics.events.at(-1)).toEqual({ event: 'signup_failed', method: 'email_code' });
    expect(controller.getState()).toMatchObject({ session: null, error: { code: 'validation' } });
  });

  it('app §5: a malformed code or address is refused before calling the auth server', async () => {
    const { w, verifyEmailCode } = setup();
    expect(await verifyEmailCode({ email: 'ada@example.com', code: '12ab56' })).toMatchObject({
      success: false,
      error: { code: 'validation', message: 'The code must be 6 to 10 digits' },
    });
    expect(await verifyEmailCode({ email: 'nope', code: '123456' })).toMatchObject({
      success: false,
      error: { message: 'Invalid email' },
    });
    expect(w.analytics.events).toEqual([]);
  });
});

describe('Google (app §7 signInWithOAuth)', () => {
  it('app §7: redirects to origin + /auth/callback with access_type=offline and prompt=select_account', async () => {
    const { w, signInWithGoogle } = setup();
    const result = await signInWithGoogle();
    if (!result.success) throw new Error(result.error.message);
    const url = new URL(result.data.url);
    expect(url.searchParams.get('provider')).toBe('google');
    expect(url.searchParams.get('redirect_to')).toBe(CALLBACK);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('select_account');
    expect(w.analytics.events).toEqual([{ event: 'signup_initiated', method: 'google' }]);
  });

  it('app §7, §8: a failure pushes signup_failed for google', async () => {
    const { w, signInWithGoogle } = setup();
    w.authenticator.failures.failNext('signInWithOAuth');
    expect((await signInWithGoogle()).success).toBe(false);
    expect(w.analytics.events.at(-1)).toEqual({ event: 'signup_failed', method: 'google' });
  });
});
