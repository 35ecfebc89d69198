import type { ProfilingStore } from '../ports/profiling-store.js';
import { ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/** app spec §7, §8: only the completed column; no row = not completed. */
export const makeGetProfilingCompleted =
  (deps: { currentUser: CurrentUser; profilingStore: ProfilingStore }) =>
  async (): Promise<Result<boolean>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const completed = await deps.profilingStore.getCompleted(user.data.id);
    if (!completed.success) return completed;
    return ok(completed.data === true);
  };
