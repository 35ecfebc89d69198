import type { ProfileStore } from '../ports/profile-store.js';
import { ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/**
 * app spec §7 "profiles select (single row)": the caller's stored marketing_consent, so the account
 * page shows what was chosen; a missing row reads as not consented (§8).
 */
export const makeGetMarketingConsent =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore }) =>
  async (): Promise<Result<boolean>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) return profile;
    return ok(profile.data?.marketingConsent === true);
  };
