import { InMemoryAnalyticsTracker } from '../in-memory/in-memory-analytics-tracker.js';
import { InMemoryAuthenticator } from '../in-memory/in-memory-authenticator.js';
import { InMemoryBillingGateway } from '../in-memory/in-memory-billing-gateway.js';
import { InMemoryChatClient } from '../in-memory/in-memory-chat-client.js';
import { InMemoryClock } from '../in-memory/in-memory-clock.js';
import { InMemoryConversationSearch } from '../in-memory/in-memory-conversation-search.js';
import { InMemoryConversationShares } from '../in-memory/in-memory-conversation-shares.js';
import { InMemoryConversationStore } from '../in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../in-memory/in-memory-conversation-turns.js';
import { InMemorySharedConversations } from '../in-memory/in-memory-shared-conversations.js';
import { InMemoryDatabase, SERVICE_ROLE } from '../in-memory/in-memory-database.js';
import { InMemoryInstructionPresets } from '../in-memory/in-memory-instruction-presets.js';
import { InMemoryAttachmentStore } from '../in-memory/in-memory-attachment-store.js';
import { InMemoryAttachmentClient } from '../in-memory/in-memory-attachment-client.js';
import { PdfjsDocumentText } from '../documents/pdfjs-document-text.js';
import { InMemoryKeyValueStore } from '../in-memory/in-memory-key-value-store.js';
import { InMemoryLogger } from '../in-memory/in-memory-logger.js';
import { InMemoryModelGateway } from '../in-memory/in-memory-model-gateway.js';
import { InMemoryProfileStore } from '../in-memory/in-memory-profile-store.js';
import { InMemoryProfileWriter } from '../in-memory/in-memory-profile-writer.js';
import { InMemoryProfilingStore } from '../in-memory/in-memory-profiling-store.js';
import { InMemoryPromptCatalog } from '../in-memory/in-memory-prompt-catalog.js';
import { InMemoryScheduler } from '../in-memory/in-memory-scheduler.js';
import { InMemoryScriptLoader } from '../in-memory/in-memory-script-loader.js';
import { InMemoryUsageLedger } from '../in-memory/in-memory-usage-ledger.js';
import { InMemoryUserDirectory } from '../in-memory/in-memory-user-directory.js';
import { InMemoryWebhookInbox } from '../in-memory/in-memory-webhook-inbox.js';
import { DEFAULT_CREDITS_PER_PERIOD } from '../../core/billing/index.js';
import { makeGetCurrentUser } from '../../core/auth/index.js';
import { withReadingRoles, type Dependencies } from './dependencies.js';

type ReadingRole = 'conversationLibrary' | 'creditBalance' | 'modelDirectory' | 'conversationSharing';

/**
 * Every port as an in-memory adapter over one shared database: the way to run every use case with
 * no service at all (tests, demos, the composition check). The browser side acts as the signed-in
 * user of `authenticator`; the server side (writer, ledger, directory) acts as the service role.
 */
export function createInMemoryDependencies(options: { origin?: string } = {}) {
  const clock = new InMemoryClock();
  const db = new InMemoryDatabase(clock);
  const authenticator = new InMemoryAuthenticator(db, { siteUrl: options.origin ?? 'http://localhost:3000' });
  const modelGateway = new InMemoryModelGateway();
  const conversationStore = new InMemoryConversationStore({ clock });
  const conversationShares = new InMemoryConversationShares(conversationStore, { clock });
  const usageLedger = new InMemoryUsageLedger({ clock, balances: db.profileBalances() });
  const conversationTurns = new InMemoryConversationTurns(conversationStore, { clock, ledger: usageLedger });
  const profileStore = new InMemoryProfileStore(db, authenticator);
  const logger = new InMemoryLogger();
  const attachmentStore = new InMemoryAttachmentStore();
  const documentText = new PdfjsDocumentText();
  const profileWriter = new InMemoryProfileWriter(db);
  const dependencies = {
    authenticator,
    profileStore,
    profileWriter,
    profilingStore: new InMemoryProfilingStore(db, authenticator),
    billingGateway: new InMemoryBillingGateway(),
    analytics: new InMemoryAnalyticsTracker(),
    modelGateway,
    conversationStore,
    conversationShares,
    conversationTurns,
    conversationSearch: new InMemoryConversationSearch(conversationStore),
    instructionPresets: new InMemoryInstructionPresets({ clock }),
    sharedConversations: new InMemorySharedConversations({ conversationShares, conversationLibrary: conversationStore }),
    // The browser's chat runs the server's use cases in this process, for the signed-in user.
    chatClient: new InMemoryChatClient({
      currentUser: makeGetCurrentUser({ authenticator }),
      modelGateway,
      conversationStore,
      conversationTurns,
      usageLedger,
      profileStore: new InMemoryProfileStore(db, SERVICE_ROLE),
      logger,
      attachmentStore,
      clock,
    }),
    attachmentStore,
    documentText,
    attachmentClient: new InMemoryAttachmentClient({ currentUser: makeGetCurrentUser({ authenticator }), attachmentStore, documentText }),
    promptCatalog: new InMemoryPromptCatalog(),
    usageLedger,
    userDirectory: new InMemoryUserDirectory(db),
    keyValueStore: new InMemoryKeyValueStore(),
    clock,
    scheduler: new InMemoryScheduler(clock),
    logger,
    scriptLoader: new InMemoryScriptLoader(),
    origin: options.origin ?? 'http://localhost:3000',
    webhookInbox: new InMemoryWebhookInbox({ profileWriter, usageLedger }),
    creditsPerPeriod: DEFAULT_CREDITS_PER_PERIOD,
    planProductId: null,
  } satisfies Omit<Dependencies, 'currentUser' | ReadingRole>;
  return { db, serviceRole: SERVICE_ROLE, ...(withReadingRoles(dependencies) as typeof dependencies & Pick<Dependencies, ReadingRole>) };
}
