import type { AuthChange, AuthSession, AuthUser, SignInMethod } from '../domain/auth.js';
import type { Authenticator } from '../ports/authenticator.js';
import type { Logger, DomainError } from '../../shared/index.js';

/** app spec §3 "User session": what the app holds about who is signed in. */
export interface SessionState {
  readonly session: AuthSession | null;
  readonly user: AuthUser | null;
  /** True until the first session fetch settles, whether it succeeds or fails. */
  readonly loading: boolean;
  /** The last authentication error; cleared on each auth change. */
  readonly error: DomainError | null;
}

export interface SessionController {
  getState(): SessionState;
  /** Called with the new state after each change; answers the unsubscribe function. */
  subscribe(listener: (state: SessionState) => void): () => void;
  /** Resolves once the first session fetch has settled. */
  loaded(): Promise<void>;
  /** app spec §8: errors of auth actions (sign-in requests...) are stored in the error state too. */
  reportError(error: DomainError): void;
  /** Stops listening to the authenticator; later results are ignored. */
  dispose(): void;
}

export interface SessionControllerDeps {
  readonly authenticator: Authenticator;
  readonly logger: Logger;
  /** Runs on each SIGNED_IN event with a session (the SIGNED_IN rule, `makeHandleSignedIn`). */
  readonly onSignedIn?: (session: AuthSession, method?: SignInMethod) => unknown;
}

/** app spec §4 session load, sign-out and error rules, as a small observable store. */
export const makeSessionController = (deps: SessionControllerDeps): SessionController => {
  const { authenticator, logger } = deps;
  let state: SessionState = { session: null, user: null, loading: true, error: null };
  const listeners = new Set<(state: SessionState) => void>();
  let disposed = false;
  // Counts auth changes so that a change arriving while the first fetch is in flight wins over it.
  let changes = 0;

  const update = (patch: Partial<SessionState>): void => {
    if (disposed) return;
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  };

  const onChange = (change: AuthChange): void => {
    changes += 1;
    const session = change.event === 'SIGNED_OUT' ? null : change.session;
    update({ session, user: session?.user ?? null, error: null });
    if (change.event === 'SIGNED_IN' && session && !disposed) void deps.onSignedIn?.(session, change.method);
  };
  const unsubscribeAuth = authenticator.onAuthChange(onChange);

  const load = async (): Promise<void> => {
    const changesBefore = changes;
    const fetched = await authenticator.getSession();
    if (!fetched.success) {
      logger.error('Could not load the session', { error: fetched.error });
      update(changes === changesBefore ? { loading: false, error: fetched.error } : { loading: false });
      return;
    }
    const session = fetched.data;
    let user = session?.user ?? null;
    if (session) {
      const refreshed = await authenticator.getUser();
      if (refreshed.success) user = refreshed.data;
      else logger.warn("Could not refetch the user; using the session's own user", { error: refreshed.error });
    }
    update(changes === changesBefore ? { session, user, loading: false } : { loading: false });
  };
  const firstLoad = load();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    loaded: () => firstLoad,
    reportError(error) {
      update({ error });
    },
    dispose() {
      disposed = true;
      listeners.clear();
      unsubscribeAuth();
    },
  };
};
