/** app spec §3, §4, §9: what happens around a SIGNED_IN event. */

/** Local-storage key carrying the consent ticked on the sign-up page across the e-mail round trip. */
export const TEMP_MARKETING_CONSENT_KEY = 'temp_marketing_consent';

/** The signup_tracked flag is written on the next turn, after the event is pushed. */
export const SIGNUP_TRACKED_DELAY_MS = 0;

/** The consent is saved a little later so the profile row created at sign-up is there. */
export const MARKETING_CONSENT_DELAY_MS = 100;

/** 'true' / 'false' as stored; anything else is not a choice the app made. */
export const parseStoredConsent = (value: string | null): boolean | null => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
};

export const serializeConsent = (consent: boolean): string => (consent ? 'true' : 'false');
