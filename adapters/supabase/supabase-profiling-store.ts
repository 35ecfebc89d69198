import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Profiling, ProfilingStore } from '../../core/account/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, isAnonymousRefusal, parseRow } from './supabase-errors.js';

const PROFILING_COLUMNS =
  'role, role_other, company_size, work_outputs, work_output_other, ensemble_use, ensemble_use_other, completed, current_step';

// Stored names (app spec §3) to client-side names; a null column reads as the spec's default.
const profilingRow = z
  .object({
    role: z.string().nullable(),
    role_other: z.string().nullable(),
    company_size: z.string().nullable(),
    work_outputs: z.array(z.string()).nullable(),
    work_output_other: z.string().nullable(),
    ensemble_use: z.string().nullable(),
    ensemble_use_other: z.string().nullable(),
    completed: z.boolean().nullable(),
    current_step: z.number().int().nullable(),
  })
  .transform(
    (row): Profiling => ({
      role: row.role ?? '',
      roleOther: row.role_other ?? '',
      companySize: row.company_size ?? '',
      workOutputs: row.work_outputs ?? [],
      workOutputOther: row.work_output_other ?? '',
      ensembleUse: row.ensemble_use ?? '',
      ensembleUseOther: row.ensemble_use_other ?? '',
      completed: row.completed ?? false,
      currentStep: row.current_step ?? 0,
    }),
  );
const completedRow = z.object({ completed: z.boolean().nullable() });

/**
 * user_profiling through the browser client: reads see the caller's own row only (row-level
 * security); writes go through upsert_user_profiling, which refuses any p_user_id but auth.uid().
 */
export class SupabaseProfilingStore implements ProfilingStore {
  constructor(private readonly client: SupabaseClient) {}

  async getProfiling(userId: string): Promise<Result<Profiling | null>> {
    // A new user has no row yet: that is the spec's defaults, not an error, so a maybe-single read
    // (no 406 in the browser's console for every new user).
    const { data, error, status } = await this.client.from('user_profiling').select(PROFILING_COLUMNS).eq('user_id', userId).maybeSingle();
    if (isAnonymousRefusal(error, status)) return ok(null);
    if (error) return fail(fromRest('Could not read the profiling answers', error, status));
    if (data === null) return ok(null);
    return parseRow('Could not read the profiling answers', profilingRow, data);
  }

  async getCompleted(userId: string): Promise<Result<boolean | null>> {
    const { data, error, status } = await this.client.from('user_profiling').select('completed').eq('user_id', userId).maybeSingle();
    if (isAnonymousRefusal(error, status)) return ok(null);
    if (error) return fail(fromRest('Could not read the profiling state', error, status));
    if (data === null) return ok(null);
    const row = parseRow('Could not read the profiling state', completedRow, data);
    return row.success ? ok(row.data.completed ?? false) : row;
  }

  async upsertProfiling(userId: string, profiling: Profiling): Promise<Result<void>> {
    const { error, status } = await this.client.rpc('upsert_user_profiling', {
      p_user_id: userId,
      p_role: profiling.role,
      p_role_other: profiling.roleOther,
      p_company_size: profiling.companySize,
      p_work_outputs: [...profiling.workOutputs],
      p_work_output_other: profiling.workOutputOther,
      p_ensemble_use: profiling.ensembleUse,
      p_ensemble_use_other: profiling.ensembleUseOther,
      p_completed: profiling.completed,
      p_current_step: profiling.currentStep,
    });
    if (!error) return ok(undefined);
    if (error.code === '42501' && status !== 401) {
      return fail(domainError('forbidden', `Cannot save another user's profiling answers: ${error.message}`, { code: error.code, status }));
    }
    return fail(fromRest('Could not save the profiling answers', error, status));
  }
}
