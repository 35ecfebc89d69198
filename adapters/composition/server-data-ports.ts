import { InMemoryAttachmentStore } from '../in-memory/in-memory-attachment-store.js';
import { InMemoryChatRunLog } from '../in-memory/in-memory-chat-run-log.js';
import { InMemoryCompareVotes } from '../in-memory/in-memory-compare-votes.js';
import { InMemoryConversationSearch } from '../in-memory/in-memory-conversation-search.js';
import { InMemoryConversationShares } from '../in-memory/in-memory-conversation-shares.js';
import { InMemoryConversationStore } from '../in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../in-memory/in-memory-conversation-turns.js';
import { InMemoryDatabase, SERVICE_ROLE } from '../in-memory/in-memory-database.js';
import { InMemoryInstructionPresets } from '../in-memory/in-memory-instruction-presets.js';
import { InMemoryModelCatalogue } from '../in-memory/in-memory-model-catalogue.js';
import { InMemoryProfileStore } from '../in-memory/in-memory-profile-store.js';
import { InMemoryProfileWriter } from '../in-memory/in-memory-profile-writer.js';
import { InMemoryRateLimiter } from '../in-memory/in-memory-rate-limiter.js';
import { InMemoryUsageLedger } from '../in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../in-memory/in-memory-webhook-inbox.js';
import { DEFAULT_CATALOGUE } from '../in-memory/default-model-catalogue.js';
import type { ModelCatalogue, ModelCatalogueEntry } from '../models/model-catalogue.js';
import type { ChatRunLog } from '../../core/chat/index.js';
import type { AnalyticsTracker } from '../../core/interface/index.js';
import type { RateLimiter } from '../../core/shared/index.js';
import type { BoundDependencies } from './ports.js';

// What the composition roots of the app server (server.ts) and of the in-memory world (in-memory.ts)
// share: the server's data ports, and those ports in memory. Neither root imports the other.

/**
 * The data ports the server needs besides billing and models (Supabase in production, memory
 * without it and in tests), with the server's own infrastructure: the model table, the chat runs'
 * shared log and the rate-limit buckets. `documentText` defaults to PDF.js in a process of its own.
 */
export type ServerDataPorts = Readonly<
  Pick<BoundDependencies, 'profileStore' | 'profileWriter' | 'conversationStore' | 'conversationShares' | 'conversationTurns' | 'conversationSearch' | 'instructionPresets' | 'compareVotes' | 'attachmentStore' | 'usageLedger' | 'webhookInbox' | 'analytics'>
    & Partial<Pick<BoundDependencies, 'documentText'>>
    & {
      /** The model table (prices and plans); availability is computed by the model gateway. */
      catalogue: ModelCatalogue;
      /** The events of running answers, shared by every instance (resume and stop from any of them). */
      chatRunLog: ChatRunLog;
      /** The rate-limit buckets, shared by every instance. */
      rateLimiter: RateLimiter;
      /** This instance's own buckets: every request is counted there too, and they decide when the shared store does not answer. */
      localRateLimiter: RateLimiter;
    }
>;

/** The server has no data layer in the browser's sense: events go nowhere (a no-op tracker). */
export const NO_ANALYTICS: AnalyticsTracker = { track: () => undefined };

/**
 * The server's data ports in memory over one database, acting as the service role (the server
 * decides whose rows it touches): the server without Supabase, and the server of the tests. `db`
 * lets tests create users and read profiles.
 */
export function inMemoryServerPorts(options: { catalogue?: readonly ModelCatalogueEntry[] } = {}) {
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
    compareVotes: new InMemoryCompareVotes(conversationStore, { clock }),
    attachmentStore: new InMemoryAttachmentStore(),
    usageLedger,
    webhookInbox: new InMemoryWebhookInbox({ profileWriter, usageLedger }),
    catalogue: new InMemoryModelCatalogue(catalogue),
    analytics: NO_ANALYTICS,
    chatRunLog: new InMemoryChatRunLog(),
    rateLimiter: new InMemoryRateLimiter(),
    localRateLimiter: new InMemoryRateLimiter(),
  } satisfies ServerDataPorts;
  return { db, ...ports };
}
