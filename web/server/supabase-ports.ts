import { z } from 'zod';
import type { ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import { SupabaseChatRunLog } from '../../adapters/supabase/supabase-chat-run-log.js';
import { SupabaseRateLimiter } from '../../adapters/supabase/supabase-rate-limiter.js';
import { SupabaseAttachmentStore } from '../../adapters/supabase/supabase-attachment-store.js';
import { SupabaseConversationSearch } from '../../adapters/supabase/supabase-conversation-search.js';
import { SupabaseConversationShares } from '../../adapters/supabase/supabase-conversation-shares.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { serviceRoleClient } from '../../adapters/supabase/supabase-config.js';
import { SupabaseConversationTurns } from '../../adapters/supabase/supabase-conversation-turns.js';
import { SupabaseInstructionPresets } from '../../adapters/supabase/supabase-instruction-presets.js';
import { SupabaseProfileStore } from '../../adapters/supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../../adapters/supabase/supabase-profile-writer.js';
import { SupabaseServerInstance } from '../../adapters/supabase/supabase-server-instance.js';
import { SupabaseUsageLedger } from '../../adapters/supabase/supabase-usage-ledger.js';
import { SupabaseWebhookInbox } from '../../adapters/supabase/supabase-webhook-inbox.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { noAnalytics, type ServerDataPorts } from './server-ports.js';

const modelRow = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']),
  input_credits_per_1k: z.coerce.number(),
  output_credits_per_1k: z.coerce.number(),
  plan: z.enum(['free', 'paid']),
  supports_temperature: z.boolean().optional(),
  max_output_tokens: z.number().int().positive().optional(),
  supports_images: z.boolean().optional(),
});

/**
 * The server's data ports on Supabase with the service-role key: the server acts for the verified
 * caller by user id (every adapter filters by it), and writes what users may not (subscription
 * state, credits). The model catalogue is the `models` table, re-read at most every 30 s. With
 * `instance`, credit holds are tied to this server's instance (see SupabaseServerInstance).
 */
export function supabaseDataPorts(options: {
  url: string;
  serviceRoleKey: string;
  /** This server's instance: its credit holds last while the instance's lease is renewed. */
  instance?: { leaseSeconds: number };
}): ServerDataPorts & { readonly instance: SupabaseServerInstance | null; readonly rateLimiter: SupabaseRateLimiter } {
  const service = serviceRoleClient(options.url, options.serviceRoleKey);
  let cached: { at: number; rows: readonly ModelCatalogueEntry[] } | null = null;
  const catalogue = async (): Promise<Result<readonly ModelCatalogueEntry[]>> => {
    if (cached && Date.now() - cached.at < 30_000) return ok(cached.rows);
    const { data, error } = await service.from('models').select('id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, supports_temperature, max_output_tokens, supports_images').order('sort_order');
    if (error) return fail(domainError('network', 'Could not load the model catalogue', { code: error.code }));
    const rows = z.array(modelRow).safeParse(data);
    if (!rows.success) return fail(domainError('unexpected', 'The model catalogue has an unexpected shape'));
    const entries = rows.data.map((r) => ({
      id: r.id, label: r.label, provider: r.provider, inputCreditsPer1k: r.input_credits_per_1k, outputCreditsPer1k: r.output_credits_per_1k, plan: r.plan,
      ...(r.supports_temperature === undefined ? {} : { supportsTemperature: r.supports_temperature }),
      ...(r.max_output_tokens === undefined ? {} : { maxOutputTokens: r.max_output_tokens }),
      ...(r.supports_images === undefined ? {} : { supportsImages: r.supports_images }),
    }));
    cached = { at: Date.now(), rows: entries };
    return ok(entries);
  };
  const instance = options.instance ? new SupabaseServerInstance(service, options.instance) : null;
  return {
    instance,
    profileStore: new SupabaseProfileStore(service),
    profileWriter: new SupabaseProfileWriter(service),
    conversationStore: new SupabaseConversationStore(service),
    conversationShares: new SupabaseConversationShares(service),
    conversationTurns: new SupabaseConversationTurns(service, instance ? { instanceId: () => instance.holdOwner() } : {}),
    conversationSearch: new SupabaseConversationSearch(service),
    instructionPresets: new SupabaseInstructionPresets(service),
    attachmentStore: new SupabaseAttachmentStore(service),
    usageLedger: new SupabaseUsageLedger(service, instance ? { instanceId: () => instance.holdOwner() } : {}),
    webhookInbox: new SupabaseWebhookInbox(service),
    catalogue,
    analytics: noAnalytics,
    chatRunLog: new SupabaseChatRunLog(service),
    rateLimiter: new SupabaseRateLimiter(service),
  };
}
