import { accountStatusOf, type AccountStatus } from '../domain/account.js';
import type { ProfileStore } from '../ports/profile-store.js';
import { ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/**
 * app spec §7 "profiles select (single row)": subscription, feature flag and credits in one read;
 * a missing row reads as not subscribed, flag off, 0 credits (§8).
 */
export const makeGetAccountStatus =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore }) =>
  async (): Promise<Result<AccountStatus>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) return profile;
    return ok(accountStatusOf(profile.data));
  };
