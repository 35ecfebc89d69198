import { DEFAULT_CREDITS } from '../../account/domain/account.js';
import type { Logger } from '../../shared/logger.js';
import type { ProfileStore } from '../../account/ports/profile-store.js';
import { ok, type Result } from '../../shared/result.js';
import { requireUser, type CurrentUser } from '../../auth/use-cases/current-user.js';

/**
 * app spec §8, §9: the credit balance, 0 when there is no row or the read fails (the failure is
 * logged). Being signed out is still "No authenticated user", as for every user-bound call.
 */
export const makeGetCredits =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore; logger: Logger }) =>
  async (): Promise<Result<number>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) {
      deps.logger.warn('Could not read credits; showing 0', { userId: user.data.id, error: profile.error });
      return ok(DEFAULT_CREDITS);
    }
    return ok(profile.data?.credits ?? DEFAULT_CREDITS);
  };
