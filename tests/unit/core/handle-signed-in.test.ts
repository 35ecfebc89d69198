import { describe, expect, it } from 'vitest';
import { domainError } from '../../../core/shared/index.js';
import { makeHandleSignedIn, makeSessionController, makeVerifyEmailCode } from '../../../core/auth/index.js';
import { inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

const KEY = 'temp_marketing_consent';

const setup = () => {
  const w = inMemoryAuthWorld();
  return { w, handleSignedIn: makeHandleSignedIn(w) };
};

const storedUser = (w: ReturnType<typeof inMemoryAuthWorld>, id: string) => w.db.users.get(id);

describe('SIGNED_IN rule (app §4, §9)', () => {
  it('app §4: a first sign-in pushes signup_succeeded and sets signup_tracked on the next turn', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    expect(await handleSignedIn(session, 'email_code')).toEqual({ success: true, data: undefined });
    expect(w.analytics.events).toEqual([{ event: 'signup_succeeded', user_id: session.user.id, method: 'email_code' }]);
    expect(storedUser(w, session.user.id)?.userMetadata.signup_tracked).toBeUndefined();
    await w.scheduler.advance(0);
    expect(storedUser(w, session.user.id)?.userMetadata.signup_tracked).toBe(true);
  });

  it('app §4: when signup_tracked is already set, only signin_succeeded is pushed', async () => {
    const { w, handleSignedIn } = setup();
    w.signedInUser();
    await w.authenticator.updateUserMetadata({ signup_tracked: true });
    const session = w.signedInUser();
    await handleSignedIn(session, 'magic_link');
    expect(w.analytics.events).toEqual([{ event: 'signin_succeeded', user_id: session.user.id, method: 'magic_link' }]);
    expect(w.scheduler.pendingCount()).toBe(0);
  });

  it('app §7: the method has the vocabulary of signup_initiated; unreported, Google is told by the provider', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser('grace@example.com', 'google');
    await handleSignedIn(session);
    const other = w.signedInUser('alan@example.com');
    await handleSignedIn(other);
    expect(w.analytics.events).toEqual([
      { event: 'signup_succeeded', user_id: session.user.id, method: 'google' },
      // An e-mail sign-in this page did not finish can only be a link opened elsewhere.
      { event: 'signup_succeeded', user_id: other.user.id, method: 'magic_link' },
    ]);
  });

  it('app §4, §9: temp_marketing_consent is saved to the profile after 100 ms, then removed', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    w.keyValueStore.set(KEY, 'true');
    await handleSignedIn(session);
    await w.scheduler.advance(99);
    expect(w.db.profiles.get(session.user.id)?.marketingConsent).toBe(false);
    expect(w.keyValueStore.get(KEY)).toBe('true');
    await w.scheduler.advance(1);
    expect(w.db.profiles.get(session.user.id)?.marketingConsent).toBe(true);
    expect(w.keyValueStore.get(KEY)).toBe(null);
  });

  it("app §3: a stored 'false' saves consent false", async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    await w.profileStore.updateMarketingConsent(session.user.id, true);
    w.keyValueStore.set(KEY, 'false');
    await handleSignedIn(session);
    await w.scheduler.advance(100);
    expect(w.db.profiles.get(session.user.id)?.marketingConsent).toBe(false);
    expect(w.keyValueStore.get(KEY)).toBe(null);
  });

  it('app §4: without a stored consent the profile is left alone', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    await w.profileStore.updateMarketingConsent(session.user.id, true);
    await handleSignedIn(session);
    await w.scheduler.advance(1000);
    expect(w.db.profiles.get(session.user.id)?.marketingConsent).toBe(true);
  });

  it('app §3: a stored value other than true/false is dropped with a warning, never saved', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    w.keyValueStore.set(KEY, 'yes');
    await handleSignedIn(session);
    await w.scheduler.advance(1000);
    expect(w.keyValueStore.get(KEY)).toBe(null);
    expect(w.db.profiles.get(session.user.id)?.marketingConsent).toBe(false);
    expect(w.logger.at('warn')).toHaveLength(1);
  });

  it('app §4: when saving the consent fails the key stays for the next sign-in, with a warning', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    w.keyValueStore.set(KEY, 'true');
    w.profileStore.failures.failNext('updateMarketingConsent', domainError('network', 'offline'));
    await handleSignedIn(session);
    await w.scheduler.advance(100);
    expect(w.keyValueStore.get(KEY)).toBe('true');
    expect(w.logger.at('warn').map((e) => e.message)).toEqual(['Could not save the marketing consent']);
  });

  it('app §4: a failed signup_tracked write is logged, not thrown', async () => {
    const { w, handleSignedIn } = setup();
    const session = w.signedInUser();
    w.authenticator.failures.failNext('updateUserMetadata');
    await handleSignedIn(session);
    await w.scheduler.advance(0);
    expect(storedUser(w, session.user.id)?.userMetadata.signup_tracked).toBeUndefined();
    expect(w.logger.at('warn').map((e) => e.message)).toEqual(['Could not record signup_tracked']);
  });

  it('app §4: wired to the session controller, a code sign-up then a later sign-in push the right events', async () => {
    const w = inMemoryAuthWorld();
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger, onSignedIn: makeHandleSignedIn(w) });
    await controller.loaded();
    const verify = makeVerifyEmailCode(w);
    const signIn = async () => {
      await w.authenticator.sendEmailCode({ email: 'ada@example.com', shouldCreateUser: true });
      const code = w.authenticator.latestMail('ada@example.com')?.code ?? '';
      const verified = await verify({ email: 'ada@example.com', code });
      if (!verified.success) throw new Error(verified.error.message);
      await w.scheduler.advance(0);
      return verified.data.user.id;
    };
    const id = await signIn();
    await w.authenticator.signOut();
    await signIn();
    expect(w.analytics.events).toEqual([
      { event: 'signup_succeeded', user_id: id, method: 'email_code' },
      { event: 'signin_succeeded', user_id: id, method: 'email_code' },
    ]);
  });
});
