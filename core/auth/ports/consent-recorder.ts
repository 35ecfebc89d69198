import type { Result } from '../../shared/index.js';

/**
 * Where the marketing consent chosen at sign-up ends up once the user is signed in (the profile row,
 * which the account keeps: its ProfileStore is one). Auth asks no more of it than this.
 */
export interface ConsentRecorder {
  updateMarketingConsent(userId: string, consent: boolean): Promise<Result<void>>;
}
