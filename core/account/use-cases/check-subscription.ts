import { isSubscribed } from '../domain/account.js';
import type { ProfileStore } from '../ports/profile-store.js';
import { ok, type Result } from '../../shared/result.js';
import { requireUser, type CurrentUser } from '../../auth/use-cases/current-user.js';

/** app spec §4, §8: subscribed only when subscription_status is 'active'; no row = not subscribed. */
export const makeCheckSubscription =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore }) =>
  async (): Promise<Result<boolean>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) return profile;
    return ok(isSubscribed(profile.data?.subscriptionStatus));
  };
