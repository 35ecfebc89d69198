import { SupabaseChatRunLog } from '../../adapters/supabase/supabase-chat-run-log.js';
import { SupabaseRateLimiter } from '../../adapters/supabase/supabase-rate-limiter.js';
import { SupabaseAttachmentStore } from '../../adapters/supabase/supabase-attachment-store.js';
import { SupabaseConversationSearch } from '../../adapters/supabase/supabase-conversation-search.js';
import { SupabaseConversationShares } from '../../adapters/supabase/supabase-conversation-shares.js';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { serviceRoleClient } from '../../adapters/supabase/supabase-config.js';
import { SupabaseConversationTurns } from '../../adapters/supabase/supabase-conversation-turns.js';
import { SupabaseModelCatalogue } from '../../adapters/supabase/supabase-model-catalogue.js';
import { SupabaseInstructionPresets } from '../../adapters/supabase/supabase-instruction-presets.js';
import { SupabaseProfileStore } from '../../adapters/supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../../adapters/supabase/supabase-profile-writer.js';
import { SupabaseServerInstance } from '../../adapters/supabase/supabase-server-instance.js';
import { SupabaseUsageLedger } from '../../adapters/supabase/supabase-usage-ledger.js';
import { SupabaseWebhookInbox } from '../../adapters/supabase/supabase-webhook-inbox.js';
import { noAnalytics, type ServerDataPorts } from './server-ports.js';

/**
 * The server's data ports on Supabase with the service-role key: the server acts for the verified
 * caller by user id (every adapter filters by it), and writes what users may not (subscription
 * state, credits). The model catalogue is the `models` table (SupabaseModelCatalogue). With
 * `instance`, credit holds are tied to this server's instance (see SupabaseServerInstance).
 */
export function supabaseDataPorts(options: {
  url: string;
  serviceRoleKey: string;
  /** This server's instance: its credit holds last while the instance's lease is renewed. */
  instance?: { leaseSeconds: number };
}): ServerDataPorts & { readonly instance: SupabaseServerInstance | null; readonly rateLimiter: SupabaseRateLimiter } {
  const service = serviceRoleClient(options.url, options.serviceRoleKey);
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
    catalogue: new SupabaseModelCatalogue(service),
    analytics: noAnalytics,
    chatRunLog: new SupabaseChatRunLog(service),
    rateLimiter: new SupabaseRateLimiter(service),
  };
}
