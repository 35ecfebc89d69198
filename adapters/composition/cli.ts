import type { BillingClient } from '@ensemble/billing-client';
import type { Result } from '../../core/shared/index.js';
import type { BoundDependencies } from './ports.js';
import type { CliUseCases } from './use-case-registry.js';

export type { CliUseCases } from './use-case-registry.js';

/** Where the support program reaches Supabase: the project's URL and its service-role key. */
export interface CliSettings extends Readonly<Pick<BoundDependencies, 'logger'>> {
  readonly supabase: { readonly url: string; readonly serviceRoleKey: string };
}

/**
 * The support program's composition root: its use cases over Supabase with the service role (the
 * user directory, profiles, profiling, the ledger, the support journal), each built from the
 * registry. Every module is imported on first use, so a billing command never loads supabase-js,
 * and `--help` loads none of this (cli/services.ts).
 */
export async function createCliUseCases(settings: CliSettings): Promise<Result<CliUseCases>> {
  const [config, directory, profiles, profiling, ledger, journal, build, registry] = await Promise.all([
    import('../supabase/supabase-config.js'),
    import('../supabase/supabase-user-directory.js'),
    import('../supabase/supabase-profile-store.js'),
    import('../supabase/supabase-profiling-store.js'),
    import('../supabase/supabase-usage-ledger.js'),
    import('../supabase/supabase-support-journal.js'),
    import('./build-use-cases.js'),
    import('./use-case-registry.js'),
  ]);
  // The service-role key doubles as the "anon" key: the program never signs anybody in.
  const input = { url: settings.supabase.url, anonKey: settings.supabase.serviceRoleKey, serviceRoleKey: settings.supabase.serviceRoleKey };
  const valid = config.parseSupabaseConfig(input);
  if (!valid.success) return valid;
  const clients = config.createSupabaseClients(input, { persistSession: false, autoRefreshToken: false });
  const service = clients.service ?? clients.browser;
  const adapters = {
    userDirectory: new directory.SupabaseUserDirectory(service),
    profileStore: new profiles.SupabaseProfileStore(service),
    profilingStore: new profiling.SupabaseProfilingStore(service),
    usageLedger: new ledger.SupabaseUsageLedger(service),
    supportJournal: new journal.SupabaseSupportJournal(service),
    logger: settings.logger,
  };
  return { success: true, data: build.buildUseCases(registry.CLI_USE_CASES, adapters, 'CLI') };
}

/** The billing API client of the support program (its own user agent, a patient timeout). */
export async function createCliBillingClient(target: { readonly server: string; readonly accessToken: string }): Promise<BillingClient> {
  const { createBillingClient } = await import('@ensemble/billing-client');
  return createBillingClient({ server: target.server, accessToken: target.accessToken, timeoutMs: 30_000, userAgent: 'ensemble-cli' });
}
