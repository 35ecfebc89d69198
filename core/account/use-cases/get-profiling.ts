import type { Profiling } from '../domain/profiling.js';
import { DEFAULT_PROFILING } from '../domain/profiling-rules.js';
import type { ProfilingStore } from '../ports/profiling-store.js';
import { ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/** app spec §3, §8: the questionnaire answers so far; defaults when the user has no row. */
export const makeGetProfiling =
  (deps: { currentUser: CurrentUser; profilingStore: ProfilingStore }) =>
  async (): Promise<Result<Profiling>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const profiling = await deps.profilingStore.getProfiling(user.data.id);
    if (!profiling.success) return profiling;
    return ok(profiling.data ?? DEFAULT_PROFILING);
  };
