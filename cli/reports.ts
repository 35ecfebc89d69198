import type { CliReports } from '../adapters/composition/cli-reports.js';
import type { CommandContext } from './context.js';
import { domainFailure } from './failures.js';
import { usageError } from './errors.js';
import type { DomainError, Result } from '../core/shared/index.js';

export type { CliReports, ReportUser, UsageTotal } from '../adapters/composition/cli-reports.js';

/** The reports over the app's database (Supabase, service role), opened on first use like `ctx.support()`. */
export async function openReports(ctx: CommandContext): Promise<{ reports: CliReports; data: <T>(answer: Result<T, DomainError>) => T }> {
  const [{ resolveSupabaseTarget }, { createCliReports }] = await Promise.all([import('./config.js'), import('../adapters/composition/cli-reports.js')]);
  const target = resolveSupabaseTarget(ctx.options, ctx.io);
  ctx.debug(`supabase: ${target.url}`);
  const created = await createCliReports({ supabase: target });
  if (!created.success) throw usageError(created.error.message);
  return {
    reports: created.data,
    data: (answer) => {
      if (answer.success) return answer.data;
      throw domainFailure(answer.error, target.url, target.local);
    },
  };
}
