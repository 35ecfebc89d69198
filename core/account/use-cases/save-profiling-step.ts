import type { Profiling } from '../domain/profiling.js';
import { DEFAULT_PROFILING, applyProfilingStep, profilingStepSchema } from '../domain/profiling-rules.js';
import type { ProfilingStore } from '../ports/profiling-store.js';
import { parseInput, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export type SaveProfilingStepInput = {
  readonly answers: Partial<Omit<Profiling, 'completed' | 'currentStep'>>;
  readonly nextStep: number;
  readonly finished?: boolean;
};

/**
 * app spec §4: saves one questionnaire step. Reads what is stored, merges the step's answers,
 * moves current_step forward only, sets completed on the last step; answers the saved state.
 */
export const makeSaveProfilingStep =
  (deps: { currentUser: CurrentUser; profilingStore: ProfilingStore }) =>
  async (input: SaveProfilingStepInput): Promise<Result<Profiling>> => {
    const step = parseInput(profilingStepSchema, input);
    if (!step.success) return step;
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const stored = await deps.profilingStore.getProfiling(user.data.id);
    if (!stored.success) return stored;
    const next = applyProfilingStep(stored.data ?? DEFAULT_PROFILING, step.data);
    const saved = await deps.profilingStore.upsertProfiling(user.data.id, next);
    return saved.success ? ok(next) : saved;
  };
