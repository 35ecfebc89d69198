import { serializeConsent, TEMP_MARKETING_CONSENT_KEY } from '../../auth/index.js';
import type { KeyValueStore } from '../../interface/index.js';
import type { Logger } from '../../shared/index.js';

/**
 * app spec §3, §4: the consent chosen on the sign-up page waits under temp_marketing_consent until
 * the SIGNED_IN rule saves it to the profile. Storage that refuses the write is logged, not fatal:
 * the choice can still be changed on the account page.
 */
export const makeRememberMarketingConsent =
  (deps: { keyValueStore: KeyValueStore; logger: Logger }) =>
  (consent: boolean): void => {
    try {
      deps.keyValueStore.set(TEMP_MARKETING_CONSENT_KEY, serializeConsent(consent));
    } catch (error) {
      deps.logger.warn('Could not keep the marketing consent for after sign-up', { error: String(error) });
    }
  };
