import { InMemoryAttachmentStore } from '../../adapters/in-memory/in-memory-attachment-store.js';
import { InMemoryConversationSearch } from '../../adapters/in-memory/in-memory-conversation-search.js';
import { InMemoryConversationShares } from '../../adapters/in-memory/in-memory-conversation-shares.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../../adapters/in-memory/in-memory-conversation-turns.js';
import { InMemoryDatabase, SERVICE_ROLE } from '../../adapters/in-memory/in-memory-database.js';
import { InMemoryInstructionPresets } from '../../adapters/in-memory/in-memory-instruction-presets.js';
import { InMemoryProfileStore } from '../../adapters/in-memory/in-memory-profile-store.js';
import { InMemoryProfileWriter } from '../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../../adapters/in-memory/in-memory-webhook-inbox.js';
import { InMemoryChatRunLog } from '../../adapters/in-memory/in-memory-chat-run-log.js';
import { InMemoryRateLimiter } from '../../adapters/in-memory/in-memory-rate-limiter.js';
import type { ModelCatalogue, ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import { InMemoryModelCatalogue } from '../../adapters/in-memory/in-memory-model-catalogue.js';
import type { ChatRunLog, AttachmentStore, ConversationSearch, ConversationShares, ConversationStore, ConversationTurns, InstructionPresets } from '../../core/chat/index.js';
import type { RateLimiter } from '../../core/shared/index.js';
import type { AnalyticsTracker } from '../../core/interface/index.js';
import type { ProfileStore, ProfileWriter } from '../../core/account/index.js';
import type { UsageLedger } from '../../core/credits/index.js';
import type { WebhookInbox } from '../../core/billing/index.js';
import { DEFAULT_CATALOGUE } from './default-catalogue.js';

/** The data ports the server needs besides billing and models: Supabase in production, memory in tests. */
export interface ServerDataPorts {
  readonly profileStore: ProfileStore;
  readonly profileWriter: ProfileWriter;
  readonly conversationStore: ConversationStore;
  readonly conversationShares: ConversationShares;
  readonly conversationTurns: ConversationTurns;
  readonly conversationSearch: ConversationSearch;
  readonly instructionPresets: InstructionPresets;
  /** Each user's attached files. */
  readonly attachmentStore: AttachmentStore;
  readonly usageLedger: UsageLedger;
  readonly webhookInbox: WebhookInbox;
  /** The model table (prices and plans); availability is computed by the model gateway. */
  readonly catalogue: ModelCatalogue;
  /** The server has no data layer in the browser's sense: events go nowhere (a no-op tracker). */
  readonly analytics: AnalyticsTracker;
  /** The events of running answers, shared by every instance (resume and stop from any of them). */
  readonly chatRunLog: ChatRunLog;
  /** The rate-limit buckets, shared by every instance. */
  readonly rateLimiter: RateLimiter;
}

export const noAnalytics: AnalyticsTracker = { track: () => undefined };

/**
 * Every data port in memory over one database, acting as the service role (the server decides
 * whose rows it touches). `db` lets tests create users and read profiles.
 */
export function inMemoryDataPorts(options: { catalogue?: readonly ModelCatalogueEntry[] } = {}) {
  const clock = { now: () => new Date() };
  const db = new InMemoryDatabase(clock);
  const catalogue = options.catalogue ?? DEFAULT_CATALOGUE;
  const prices = Object.fromEntries(catalogue.map((m) => [m.id, m]));
  const conversationStore = new InMemoryConversationStore({ clock });
  const profileWriter = new InMemoryProfileWriter(db);
  const usageLedger = new InMemoryUsageLedger({ clock, balances: db.profileBalances(), prices });
  const ports = {
    profileStore: new InMemoryProfileStore(db, SERVICE_ROLE),
    profileWriter,
    conversationStore,
    conversationShares: new InMemoryConversationShares(conversationStore, { clock }),
    conversationTurns: new InMemoryConversationTurns(conversationStore, { clock, ledger: usageLedger }),
    conversationSearch: new InMemoryConversationSearch(conversationStore),
    instructionPresets: new InMemoryInstructionPresets({ clock }),
    attachmentStore: new InMemoryAttachmentStore(),
    usageLedger,
    webhookInbox: new InMemoryWebhookInbox({ profileWriter, usageLedger }),
    catalogue: new InMemoryModelCatalogue(catalogue),
    analytics: noAnalytics,
    chatRunLog: new InMemoryChatRunLog(),
    rateLimiter: new InMemoryRateLimiter(),
  } satisfies ServerDataPorts;
  return { db, ...ports };
}
