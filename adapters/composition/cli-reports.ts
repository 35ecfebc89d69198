import type { Result } from '../../core/shared/index.js';
import type { SupabaseSupportReports } from '../supabase/supabase-support-reports.js';
import type { CliSettings } from './cli.js';

export type { ReportUser, UsageTotal } from '../supabase/supabase-support-reports.js';
export type CliReports = SupabaseSupportReports;

/**
 * The support program's read-only reports (usage by model or user, the users export) over Supabase
 * with the service role; imported on first use, like createCliUseCases.
 */
export async function createCliReports(settings: Pick<CliSettings, 'supabase'>): Promise<Result<CliReports>> {
  const [config, reports] = await Promise.all([import('../supabase/supabase-config.js'), import('../supabase/supabase-support-reports.js')]);
  const input = { url: settings.supabase.url, anonKey: settings.supabase.serviceRoleKey, serviceRoleKey: settings.supabase.serviceRoleKey };
  const valid = config.parseSupabaseConfig(input);
  if (!valid.success) return valid;
  const clients = config.createSupabaseClients(input, { persistSession: false, autoRefreshToken: false });
  return { success: true, data: new reports.SupabaseSupportReports(clients.service ?? clients.browser) };
}
