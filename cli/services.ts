import type { Logger } from '../core/shared/index.js';
import type { BillingClient } from '../adapters/billing/client.js';
import type { UseCases } from '../adapters/composition/use-case-registry.js';
import type { BillingTarget, SupabaseTarget } from './config.js';
import { usageError } from './errors.js';

export type SupportUseCases = Pick<UseCases, 'lookUpUser' | 'findUser' | 'grantCredits'>;

/**
 * How the program reaches the outside. The defaults import the adapters on first use only, so
 * `--help` and usage errors never load undici, supabase-js or inversify.
 */
export interface CliDeps {
  billingClient(target: BillingTarget): Promise<BillingClient>;
  supportUseCases(target: SupabaseTarget, logger: Logger): Promise<SupportUseCases>;
}

export const defaultDeps: CliDeps = {
  async billingClient(target) {
    const { createBillingClient } = await import('../adapters/billing/client.js');
    return createBillingClient({ server: target.server, accessToken: target.accessToken, timeoutMs: 30_000, userAgent: 'ensemble-cli' });
  },
  async supportUseCases(target, logger) {
    const [config, directory, profiles, profiling, ledger, composition] = await Promise.all([
      import('../adapters/supabase/supabase-config.js'),
      import('../adapters/supabase/supabase-user-directory.js'),
      import('../adapters/supabase/supabase-profile-store.js'),
      import('../adapters/supabase/supabase-profiling-store.js'),
      import('../adapters/supabase/supabase-usage-ledger.js'),
      import('../adapters/composition/containers.js'),
    ]);
    // The service-role key doubles as the "anon" key: the CLI never signs anybody in.
    const input = { url: target.url, anonKey: target.serviceRoleKey, serviceRoleKey: target.serviceRoleKey };
    const valid = config.parseSupabaseConfig(input);
    if (!valid.success) throw usageError(valid.error.message);
    const clients = config.createSupabaseClients(input, { persistSession: false, autoRefreshToken: false });
    const service = clients.service ?? clients.browser;
    const container = composition.createCliContainer({
      userDirectory: new directory.SupabaseUserDirectory(service),
      profileStore: new profiles.SupabaseProfileStore(service),
      profilingStore: new profiling.SupabaseProfilingStore(service),
      usageLedger: new ledger.SupabaseUsageLedger(service),
      logger,
    });
    const all = composition.resolveUseCases(container, 'cli');
    return { lookUpUser: all.lookUpUser, findUser: all.findUser, grantCredits: all.grantCredits };
  },
};
