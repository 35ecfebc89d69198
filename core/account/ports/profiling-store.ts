import type { Profiling } from '../domain/profiling.js';
import type { Result } from '../../shared/index.js';

export interface ProfilingStore {
  /** `null` when the user has no row yet. */
  getProfiling(userId: string): Promise<Result<Profiling | null>>;
  /** Only the `completed` column; `null` when there is no row. */
  getCompleted(userId: string): Promise<Result<boolean | null>>;
  /** upsert_user_profiling with the `p_*` arguments; acts on the caller's own row only. */
  upsertProfiling(userId: string, profiling: Profiling): Promise<Result<void>>;
}
