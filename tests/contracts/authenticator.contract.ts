/**
 * Authenticator contract: every adapter (in-memory, supabase-js against the local stand-in or a
 * real project) must pass it.
 *
 * Harness the factory provides (keep it this small):
 * - `auth`: a fresh, signed-out client;
 * - `readMailbox(email)`: the latest message the auth server sent to that address, with the
 *   one-time code and the link it carries (either may be null if the message has none), or null;
 * - `openLink(url)`: follows an e-mailed link like a browser (redirects included) and answers the
 *   URL it finally lands on (the callback page with the sign-in in its fragment or query);
 * - `advanceClock(seconds)`: moves the auth server's time forward, to expire codes.
 * Addresses are unique per test, so one auth server can serve the whole suite. The auth server must
 * accept http://localhost:3000/auth/callback as a redirect and must not rate-limit a second code
 * for the same address (GoTrue's `max_frequency` at 0), since tests request codes back to back.
 */
import { describe, expect, it } from 'vitest';
import type { AuthChange, Authenticator } from '../../core/auth/index.js';
import { uniqueEmail } from '../support/unique-email.js';

export interface AuthenticatorHarness {
  readonly auth: Authenticator;
  readMailbox(email: string): Promise<{ code: string | null; link: string | null } | null>;
  openLink(url: string): Promise<string>;
  advanceClock(seconds: number): Promise<void>;
}

const CALLBACK = 'http://localhost:3000/auth/callback';

const otherCode = (code: string): string =>
  code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

export function authenticatorContract(name: string, makeHarness: () => Promise<AuthenticatorHarness>): void {
  describe(`Authenticator contract: ${name}`, () => {
    const signUpWithCode = async (h: AuthenticatorHarness, email = uniqueEmail()) => {
      expect(await h.auth.sendEmailCode({ email, shouldCreateUser: true })).toEqual({ success: true, data: undefined });
      const mail = await h.readMailbox(email);
      if (!mail?.code) throw new Error(`no code was e-mailed to ${email}`);
      const verified = await h.auth.verifyEmailCode({ email, token: mail.code, type: 'email' });
      if (!verified.success) throw new Error(`verification failed: ${verified.error.message}`);
      return { email, session: verified.data, code: mail.code };
    };

    const recordChanges = (auth: Authenticator) => {
      const changes: AuthChange[] = [];
      const stop = auth.onAuthChange((change) => changes.push(change));
      // An adapter may replay the current state on subscribe; the contract ignores it.
      const events = () => changes.map((c) => c.event).filter((e) => e !== 'INITIAL_SESSION');
      return { changes, events, stop };
    };

    it('starts signed out: no session, and getUser says not authenticated', async () => {
      const h = await makeHarness();
      expect(await h.auth.getSession()).toEqual({ success: true, data: null });
      const user = await h.auth.getUser();
      expect(user.success).toBe(false);
      if (!user.success) expect(user.error.code).toBe('not_authenticated');
    });

    it('signs a new user up with an e-mailed code and holds the session', async () => {
      const h = await makeHarness();
      const { changes, events } = recordChanges(h.auth);
      const { email, session } = await signUpWithCode(h);
      expect(session.user.email).toBe(email);
      expect(session.user.appMetadata.provider).toBe('email');
      expect(session.accessToken).not.toBe('');
      expect(session.refreshToken).not.toBe('');
      expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(events()).toContain('SIGNED_IN');
      expect(changes.find((c) => c.event === 'SIGNED_IN')?.session?.user.id).toBe(session.user.id);
      // app §7: the page that finished the sign-in learns how, for signup_succeeded's method.
      expect(changes.find((c) => c.event === 'SIGNED_IN')?.method).toBe('email_code');
      const held = await h.auth.getSession();
      expect(held.success && held.data?.user.id).toBe(session.user.id);
      const fresh = await h.auth.getUser();
      expect(fresh.success && fresh.data.email).toBe(email);
    });

    it('signing in again with a new code keeps the same user', async () => {
      const h = await makeHarness();
      const first = await signUpWithCode(h);
      await h.auth.signOut();
      const second = await signUpWithCode(h, first.email);
      expect(second.session.user.id).toBe(first.session.user.id);
    });

    it('rejects a wrong code', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      await h.auth.sendEmailCode({ email, shouldCreateUser: true });
      const mail = await h.readMailbox(email);
      const result = await h.auth.verifyEmailCode({ email, token: otherCode(mail?.code ?? '000000'), type: 'email' });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.code).toBe('validation');
      expect(await h.auth.getSession()).toEqual({ success: true, data: null });
    });

    it('rejects a code used twice', async () => {
      const h = await makeHarness();
      const { email, code } = await signUpWithCode(h);
      await h.auth.signOut();
      const again = await h.auth.verifyEmailCode({ email, token: code, type: 'email' });
      expect(again.success).toBe(false);
      if (!again.success) expect(again.error.code).toBe('validation');
    });

    it('only the latest code works', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      await h.auth.sendEmailCode({ email, shouldCreateUser: true });
      const older = (await h.readMailbox(email))?.code;
      await h.auth.sendEmailCode({ email, shouldCreateUser: true });
      const newer = (await h.readMailbox(email))?.code;
      if (!older || !newer) throw new Error('codes were not e-mailed');
      if (older !== newer) {
        const stale = await h.auth.verifyEmailCode({ email, token: older, type: 'email' });
        expect(stale.success).toBe(false);
      }
      const fresh = await h.auth.verifyEmailCode({ email, token: newer, type: 'email' });
      expect(fresh.success).toBe(true);
    });

    it('rejects an expired code', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      await h.auth.sendEmailCode({ email, shouldCreateUser: true });
      const code = (await h.readMailbox(email))?.code ?? '';
      await h.advanceClock(2 * 3600);
      const result = await h.auth.verifyEmailCode({ email, token: code, type: 'email' });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.code).toBe('validation');
    });

    it('a magic link lands on emailRedirectTo and completes the sign-in there, once', async () => {
      const h = await makeHarness();
      const email = uniqueEmail();
      const { events, changes } = recordChanges(h.auth);
      expect(await h.auth.sendMagicLink({ email, emailRedirectTo: CALLBACK })).toEqual({ success: true, data: undefined });
      const link = (await h.readMailbox(email))?.link;
      if (!link) throw new Error('no link was e-mailed');
      const landing = await h.openLink(link);
      expect(landing.startsWith(CALLBACK)).toBe(true);
      const completed = await h.auth.completeRedirect(landing);
      expect(completed.success && completed.data.user.email).toBe(email);
      expect(events()).toContain('SIGNED_IN');
      expect(changes.find((c) => c.event === 'SIGNED_IN')?.method).toBe('magic_link');
      const held = await h.auth.getSession();
      expect(held.success && held.data?.user.email).toBe(email);

      const reopened = await h.openLink(link);
      await h.auth.signOut();
      const replay = await h.auth.completeRedirect(reopened);
      expect(replay.success).toBe(false);
    });

    it('a callback URL without a sign-in fails without touching the session', async () => {
      const h = await makeHarness();
      const result = await h.auth.completeRedirect(`${CALLBACK}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`);
      expect(result.success).toBe(false);
      expect(await h.auth.getSession()).toEqual({ success: true, data: null });
    });

    it('Google sign-in answers the authorize URL carrying redirect and query parameters', async () => {
      const h = await makeHarness();
      const result = await h.auth.signInWithOAuth({
        provider: 'google',
        redirectTo: CALLBACK,
        queryParams: { access_type: 'offline', prompt: 'select_account' },
      });
      if (!result.success) throw new Error(result.error.message);
      const url = new URL(result.data.url);
      expect(url.searchParams.get('provider')).toBe('google');
      expect(url.searchParams.get('redirect_to')).toBe(CALLBACK);
      expect(url.searchParams.get('access_type')).toBe('offline');
      expect(url.searchParams.get('prompt')).toBe('select_account');
    });

    it('updateUserMetadata merges into user metadata and getUser sees it', async () => {
      const h = await makeHarness();
      await signUpWithCode(h);
      const { events } = recordChanges(h.auth);
      const updated = await h.auth.updateUserMetadata({ signup_tracked: true });
      expect(updated.success && updated.data.userMetadata.signup_tracked).toBe(true);
      const fresh = await h.auth.getUser();
      expect(fresh.success && fresh.data.userMetadata.signup_tracked).toBe(true);
      expect(events()).toContain('USER_UPDATED');
    });

    it('updateUserMetadata when signed out says not authenticated', async () => {
      const h = await makeHarness();
      const result = await h.auth.updateUserMetadata({ signup_tracked: true });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.code).toBe('not_authenticated');
    });

    it('signOut ends the session and emits SIGNED_OUT', async () => {
      const h = await makeHarness();
      await signUpWithCode(h);
      const { events } = recordChanges(h.auth);
      expect(await h.auth.signOut()).toEqual({ success: true, data: undefined });
      expect(await h.auth.getSession()).toEqual({ success: true, data: null });
      expect(events()).toContain('SIGNED_OUT');
      expect((await h.auth.getUser()).success).toBe(false);
    });

    it('an unsubscribed listener hears nothing more', async () => {
      const h = await makeHarness();
      const { events, stop } = recordChanges(h.auth);
      stop();
      await signUpWithCode(h);
      expect(events()).toEqual([]);
    });
  });
}
