import type { Profile } from '../domain/profile.js';
import type { Result } from '../../shared/index.js';

/** The signed-in user's own profile row; row-level security limits it to that user. */
export interface ProfileStore {
  /** `null` when the row does not exist (PostgREST PGRST116 is mapped to it at the adapter edge). */
  getProfile(userId: string): Promise<Result<Profile | null>>;
  updateMarketingConsent(userId: string, consent: boolean): Promise<Result<void>>;
}
