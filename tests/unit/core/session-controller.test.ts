import { describe, expect, it } from 'vitest';
import type { AuthSession, Authenticator } from '../../../core/auth/index.js';
import { domainError } from '../../../core/shared/index.js';
import { makeSessionController, type SessionState, makeSignOut } from '../../../core/auth/index.js';
import { deferred, inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

/**
 * The real in-memory authenticator, with chosen reads held until the test lets them through;
 * `reached` tells when the controller has made the held call.
 */
const holding = (auth: Authenticator, gates: { getSession?: Promise<void>; getUser?: Promise<void> }) => {
  const reached = { getSession: deferred<void>(), getUser: deferred<void>() };
  const held: Authenticator = {
    getSession: async () => {
      reached.getSession.resolve();
      await gates.getSession;
      return auth.getSession();
    },
    getUser: async () => {
      reached.getUser.resolve();
      await gates.getUser;
      return auth.getUser();
    },
    sendMagicLink: (input) => auth.sendMagicLink(input),
    sendEmailCode: (input) => auth.sendEmailCode(input),
    verifyEmailCode: (input) => auth.verifyEmailCode(input),
    signInWithOAuth: (input) => auth.signInWithOAuth(input),
    completeRedirect: (url) => auth.completeRedirect(url),
    updateUserMetadata: (data) => auth.updateUserMetadata(data),
    signOut: () => auth.signOut(),
    onAuthChange: (listener) => auth.onAuthChange(listener),
  };
  return { held, reached };
};

describe('session controller (app §3 "User session", §4 session load)', () => {
  it('app §4: loading stays true until the first session fetch settles, then false (no session)', async () => {
    const w = inMemoryAuthWorld();
    const gate = deferred<void>();
    const controller = makeSessionController({ authenticator: holding(w.authenticator, { getSession: gate.promise }).held, logger: w.logger });
    expect(controller.getState()).toEqual({ session: null, user: null, loading: true, error: null });
    gate.resolve();
    await controller.loaded();
    expect(controller.getState()).toEqual({ session: null, user: null, loading: false, error: null });
  });

  it('app §4: loading becomes false when the first session fetch fails, and the error is kept and logged', async () => {
    const w = inMemoryAuthWorld();
    const failure = domainError('network', 'auth server unreachable');
    w.authenticator.failures.failNext('getSession', failure);
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    expect(controller.getState()).toEqual({ session: null, user: null, loading: false, error: failure });
    expect(w.logger.at('error')).toHaveLength(1);
  });

  it('app §4: with a session, the user record is fetched again and loading waits for it', async () => {
    const w = inMemoryAuthWorld();
    const signedIn = w.signedInUser();
    const userGate = deferred<void>();
    const { held, reached } = holding(w.authenticator, { getUser: userGate.promise });
    const controller = makeSessionController({ authenticator: held, logger: w.logger });
    await reached.getUser.promise;
    // Changed on the server after the session was read: only a refetch can see it.
    const record = w.db.users.get(signedIn.user.id);
    if (record) record.userMetadata = { ...record.userMetadata, plan: 'fresh' };
    expect(controller.getState().loading).toBe(true);
    userGate.resolve();
    await controller.loaded();
    const state = controller.getState();
    expect(state.loading).toBe(false);
    expect(state.session?.accessToken).toBe(signedIn.accessToken);
    expect(state.session?.user.userMetadata.plan).toBeUndefined();
    expect(state.user?.userMetadata.plan).toBe('fresh');
  });

  it("app §4: when the user refetch fails, the session's own user is used and no error is set", async () => {
    const w = inMemoryAuthWorld();
    const signedIn = w.signedInUser();
    w.authenticator.failures.failNext('getUser');
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    expect(controller.getState()).toMatchObject({ loading: false, error: null, user: signedIn.user });
    expect(controller.getState().session?.user).toEqual(signedIn.user);
    expect(w.logger.at('warn')).toHaveLength(1);
  });

  it('app §4: the error is cleared on the next auth change', async () => {
    const w = inMemoryAuthWorld();
    w.authenticator.failures.failNext('getSession');
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    expect(controller.getState().error).not.toBe(null);
    const session = w.signedInUser();
    expect(controller.getState()).toMatchObject({ error: null, session, user: session.user });
  });

  it('app §8: an error reported by an auth action is kept until the next auth change', async () => {
    const w = inMemoryAuthWorld();
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    const failure = domainError('validation', 'Token has expired or is invalid');
    controller.reportError(failure);
    expect(controller.getState().error).toEqual(failure);
    await w.authenticator.signOut();
    expect(controller.getState().error).toBe(null);
  });

  it('app §4: sign-out clears session and user', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    expect(controller.getState().user).not.toBe(null);
    const signOut = makeSignOut({ authenticator: w.authenticator, logger: w.logger, authErrors: controller });
    expect(await signOut()).toEqual({ success: true, data: undefined });
    expect(controller.getState()).toEqual({ session: null, user: null, loading: false, error: null });
  });

  it('app §4: a failed sign-out keeps the session and stores the error', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    await controller.loaded();
    w.authenticator.failures.failNext('signOut');
    const result = await makeSignOut({ authenticator: w.authenticator, logger: w.logger, authErrors: controller })();
    expect(result.success).toBe(false);
    expect(controller.getState().session).not.toBe(null);
    expect(controller.getState().error?.code).toBe('network');
  });

  it('app §4: an auth change that arrives during the first fetch wins over the fetch result', async () => {
    const w = inMemoryAuthWorld();
    const gate = deferred<void>();
    const controller = makeSessionController({ authenticator: holding(w.authenticator, { getSession: gate.promise }).held, logger: w.logger });
    const session = w.signedInUser();
    w.authenticator.failures.failNext('getSession');
    gate.resolve();
    await controller.loaded();
    expect(controller.getState()).toEqual({ session, user: session.user, loading: false, error: null });
  });

  it('app §4: a sign-out during the first fetch is not undone by the session that fetch read', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    const gate = deferred<void>();
    const { held, reached } = holding(w.authenticator, { getUser: gate.promise });
    const controller = makeSessionController({ authenticator: held, logger: w.logger });
    await reached.getUser.promise;
    await w.authenticator.signOut();
    gate.resolve();
    await controller.loaded();
    expect(controller.getState()).toEqual({ session: null, user: null, loading: false, error: null });
  });

  it('app §4: SIGNED_IN runs the signed-in rule with the new session', async () => {
    const w = inMemoryAuthWorld();
    const seen: AuthSession[] = [];
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger, onSignedIn: (s) => seen.push(s) });
    await controller.loaded();
    const session = w.signedInUser();
    await w.authenticator.updateUserMetadata({ signup_tracked: true });
    expect(seen).toEqual([session]);
  });

  it('subscribers hear each change until they unsubscribe; dispose stops everything', async () => {
    const w = inMemoryAuthWorld();
    const controller = makeSessionController({ authenticator: w.authenticator, logger: w.logger });
    const heard: SessionState[] = [];
    const stop = controller.subscribe((state) => heard.push(state));
    await controller.loaded();
    expect(heard.map((s) => s.loading)).toEqual([false]);
    w.signedInUser();
    expect(heard).toHaveLength(2);
    stop();
    await w.authenticator.signOut();
    expect(heard).toHaveLength(2);

    const late: SessionState[] = [];
    controller.subscribe((state) => late.push(state));
    controller.dispose();
    w.signedInUser();
    expect(late).toEqual([]);
    expect(controller.getState().user).toBe(null);
  });
});
