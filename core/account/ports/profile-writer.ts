import type { Profile, SubscriptionState } from '../domain/profile.js';
import type { Result } from '../../shared/index.js';

/** Server-side writes to profiles that users may not make themselves (service role). */
export interface ProfileWriter {
  setSubscriptionState(userId: string, state: SubscriptionState): Promise<Result<Profile>>;
  setFeatureFlag(userId: string, enabled: boolean): Promise<Result<Profile>>;
}
