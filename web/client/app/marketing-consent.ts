import { TEMP_MARKETING_CONSENT_KEY } from '../../../core/domain/signed-in.js';

/**
 * app spec §3, §4: the consent chosen on the sign-up page waits in local storage under
 * temp_marketing_consent until the SIGNED_IN rule (core handle-signed-in) saves it to the profile.
 * No use case writes it before sign-up, so this is the one place the client does.
 */
export function rememberMarketingConsent(consent: boolean): void {
  try {
    window.localStorage.setItem(TEMP_MARKETING_CONSENT_KEY, consent ? 'true' : 'false');
  } catch {
    // Without storage the choice can still be changed on the account page.
  }
}
