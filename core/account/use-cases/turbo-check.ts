import { TURBO_ALLOWED, TURBO_REDIRECT, type TurboCheck } from '../domain/account.js';
import { type Logger, ok, type Result } from '../../shared/index.js';
import type { ProfileStore } from '../ports/profile-store.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/**
 * app spec §6, §8: passes only when the user's own profile row can be read. Any failure, being
 * signed out or a missing row (a single-row read fails then) sends the browser to /.
 */
export const makeTurboCheck =
  (deps: { currentUser: CurrentUser; profileStore: ProfileStore; logger: Logger }) =>
  async (): Promise<Result<TurboCheck>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return ok(TURBO_REDIRECT);
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) {
      deps.logger.warn('Turbo check failed', { userId: user.data.id, error: profile.error });
      return ok(TURBO_REDIRECT);
    }
    return ok(profile.data === null ? TURBO_REDIRECT : TURBO_ALLOWED);
  };
