import type { Logger } from '../core/shared/index.js';
import type { BillingClient } from '@ensemble/billing-client';
import type { CliUseCases } from '../adapters/composition/cli.js';
import type { BillingTarget, SupabaseTarget } from './config.js';
import { usageError } from './errors.js';

export type SupportUseCases = CliUseCases;

/**
 * How the program reaches the outside: the composition root (adapters/composition/cli.ts), imported
 * on first use only, so `--help` and usage errors never load undici, supabase-js or the use cases.
 */
export interface CliDeps {
  billingClient(target: BillingTarget): Promise<BillingClient>;
  supportUseCases(target: SupabaseTarget, logger: Logger): Promise<SupportUseCases>;
}

export const defaultDeps: CliDeps = {
  async billingClient(target) {
    const { createCliBillingClient } = await import('../adapters/composition/cli.js');
    return createCliBillingClient(target);
  },
  async supportUseCases(target, logger) {
    const { createCliUseCases } = await import('../adapters/composition/cli.js');
    const created = await createCliUseCases({ supabase: target, logger });
    if (!created.success) throw usageError(created.error.message);
    return created.data;
  },
};
