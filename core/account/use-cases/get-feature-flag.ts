import type { ProfileStore } from '../ports/profile-store.js';
import { ok, type Result } from '../../shared/result.js';
import { requireUser, type CurrentUser } from '../../auth/use-cases/current-user.js';

/** app spec §6, §8: the per-user feature_flag; no row = false. */
export const makeGetFeatureFlag =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore }) =>
  async (): Promise<Result<boolean>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) return profile;
    return ok(profile.data?.featureFlag === true);
  };
