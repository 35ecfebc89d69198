import { InMemoryAnalyticsTracker } from '../in-memory/in-memory-analytics-tracker.js';
import { InMemoryAttachmentClient } from '../in-memory/in-memory-attachment-client.js';
import { InMemoryAttachmentStore } from '../in-memory/in-memory-attachment-store.js';
import { InMemoryAuthenticator } from '../in-memory/in-memory-authenticator.js';
import { InMemoryBillingGateway } from '../in-memory/in-memory-billing-gateway.js';
import { InMemoryChatClient } from '../in-memory/in-memory-chat-client.js';
import { InMemoryClock } from '../in-memory/in-memory-clock.js';
import { InMemoryConversationSearch } from '../in-memory/in-memory-conversation-search.js';
import { InMemoryConversationShares } from '../in-memory/in-memory-conversation-shares.js';
import { InMemoryConversationStore } from '../in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../in-memory/in-memory-conversation-turns.js';
import { InMemoryDatabase, SERVICE_ROLE } from '../in-memory/in-memory-database.js';
import { InMemoryInstructionPresets } from '../in-memory/in-memory-instruction-presets.js';
import { InMemoryCompareVotes } from '../in-memory/in-memory-compare-votes.js';
import { InMemoryKeyValueStore } from '../in-memory/in-memory-key-value-store.js';
import { InMemoryLogger } from '../in-memory/in-memory-logger.js';
import { InMemoryModelGateway } from '../in-memory/in-memory-model-gateway.js';
import { InMemoryProfileStore } from '../in-memory/in-memory-profile-store.js';
import { InMemoryProfileWriter } from '../in-memory/in-memory-profile-writer.js';
import { InMemoryProfilingStore } from '../in-memory/in-memory-profiling-store.js';
import { InMemoryPromptCatalog } from '../in-memory/in-memory-prompt-catalog.js';
import { InMemoryScheduler } from '../in-memory/in-memory-scheduler.js';
import { InMemoryScriptLoader } from '../in-memory/in-memory-script-loader.js';
import { InMemorySharedConversations } from '../in-memory/in-memory-shared-conversations.js';
import { InMemorySupportJournal } from '../in-memory/in-memory-support-journal.js';
import { InMemoryUsageLedger } from '../in-memory/in-memory-usage-ledger.js';
import { InMemoryUserDirectory } from '../in-memory/in-memory-user-directory.js';
import { InMemoryWebhookInbox } from '../in-memory/in-memory-webhook-inbox.js';
import { PdfjsDocumentText } from '../documents/pdfjs-document-text.js';
import { DEFAULT_CREDITS_PER_PERIOD } from '../../core/billing/index.js';
import { makeGetCurrentUser } from '../../core/auth/index.js';
import { buildBrowserUseCases, buildServerUseCases, buildUseCases, type ServerUseCaseSource } from './build-use-cases.js';
import { withReadingRoles, type BoundDependencies, type ReadingRole } from './ports.js';
import { CLI_USE_CASES, type BrowserUseCases, type CliUseCases } from './use-case-registry.js';

/**
 * Every port as an in-memory adapter over one shared database: the way to run every use case with
 * no service at all (tests, demos, the composition check). The browser's ports act as the signed-in
 * user of `authenticator`; the writer, ledger, support journal and directory act as the service role.
 */
export function createInMemoryAdapters(options: Partial<Pick<BoundDependencies, 'origin'>> = {}) {
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
  const compareVotes = new InMemoryCompareVotes(conversationStore, { clock });
  const adapters = {
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
    compareVotes,
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
      compareVotes,
    }),
    attachmentStore,
    documentText,
    attachmentClient: new InMemoryAttachmentClient({ currentUser: makeGetCurrentUser({ authenticator }), attachmentStore, documentText }),
    promptCatalog: new InMemoryPromptCatalog(),
    usageLedger,
    // The support program's grants and debits are lines of the same ledger.
    supportJournal: new InMemorySupportJournal({ ledger: usageLedger, clock }),
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
  } satisfies Omit<BoundDependencies, ReadingRole>;
  return { db, serviceRole: SERVICE_ROLE, ...(withReadingRoles(adapters) as typeof adapters & Pick<BoundDependencies, ReadingRole>) };
}

export type InMemoryAdapters = ReturnType<typeof createInMemoryAdapters>;

export interface InMemoryUseCases {
  /** As the browser has them: for whoever `adapters.authenticator` has signed in. */
  readonly browser: BrowserUseCases;
  /** As the server has them, acting as the service role for each verified caller. */
  readonly server: ServerUseCaseSource;
  /** As the support program has them. */
  readonly cli: CliUseCases;
}

/**
 * Every entry point's use cases over one in-memory world: what the browser, the server and the
 * support program would do, with no service at all. The server and the support program read
 * profiles and profiling as the service role, as they do on Supabase.
 */
export function createInMemoryUseCases(adapters: InMemoryAdapters = createInMemoryAdapters()): InMemoryUseCases {
  const { db, serviceRole: _scope, ...ports } = adapters;
  const asServiceRole = { ...ports, profileStore: new InMemoryProfileStore(db, SERVICE_ROLE), profilingStore: new InMemoryProfilingStore(db, SERVICE_ROLE) };
  return {
    browser: buildBrowserUseCases(ports, 'in-memory browser'),
    server: buildServerUseCases(asServiceRole),
    cli: buildUseCases(CLI_USE_CASES, asServiceRole, 'in-memory CLI'),
  };
}
