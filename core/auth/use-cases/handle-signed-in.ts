import type { AuthSession } from '../domain/auth.js';
import { signInMethodOf, type SignInMethod } from '../domain/sign-in.js';
import {
  MARKETING_CONSENT_DELAY_MS,
  SIGNUP_TRACKED_DELAY_MS,
  TEMP_MARKETING_CONSENT_KEY,
  parseStoredConsent,
} from '../domain/signed-in.js';
import type { AnalyticsTracker, KeyValueStore } from '../../interface/index.js';
import type { Authenticator } from '../ports/authenticator.js';
import { type Logger, type Scheduler, ok, type Result } from '../../shared/index.js';
import type { ConsentRecorder } from '../ports/consent-recorder.js';

export interface HandleSignedInDeps {
  readonly authenticator: Authenticator;
  readonly analytics: AnalyticsTracker;
  readonly keyValueStore: KeyValueStore;
  /** The profile store, of which only the consent's write is used. */
  readonly profileStore: ConsentRecorder;
  readonly scheduler: Scheduler;
  readonly logger: Logger;
}

/**
 * app spec §4 "On a SIGNED_IN event". Answers once the event is pushed and the deferred writes
 * are scheduled; the writes themselves log their failures (nobody is waiting for them).
 */
export const makeHandleSignedIn =
  (deps: HandleSignedInDeps) =>
  async (session: AuthSession, reportedMethod?: SignInMethod): Promise<Result<void>> => {
    const { user } = session;
    const method = signInMethodOf(reportedMethod, user.appMetadata.provider);

    if (user.userMetadata.signup_tracked === true) {
      deps.analytics.track({ event: 'signin_succeeded', user_id: user.id, method });
    } else {
      deps.analytics.track({ event: 'signup_succeeded', user_id: user.id, method });
      deps.scheduler.after(SIGNUP_TRACKED_DELAY_MS, async () => {
        const updated = await deps.authenticator.updateUserMetadata({ signup_tracked: true });
        if (!updated.success) deps.logger.warn('Could not record signup_tracked', { userId: user.id, error: updated.error });
      });
    }

    const stored = deps.keyValueStore.get(TEMP_MARKETING_CONSENT_KEY);
    if (stored !== null) {
      const consent = parseStoredConsent(stored);
      if (consent === null) {
        deps.logger.warn('Ignoring an unreadable stored marketing consent', { value: stored });
        deps.keyValueStore.remove(TEMP_MARKETING_CONSENT_KEY);
      } else {
        deps.scheduler.after(MARKETING_CONSENT_DELAY_MS, async () => {
          const saved = await deps.profileStore.updateMarketingConsent(user.id, consent);
          // Kept on failure so the next sign-in tries again.
          if (saved.success) deps.keyValueStore.remove(TEMP_MARKETING_CONSENT_KEY);
          else deps.logger.warn('Could not save the marketing consent', { userId: user.id, error: saved.error });
        });
      }
    }
    return ok(undefined);
  };
