import type { AnalyticsTracker, KeyValueStore, ScriptLoader } from '../../core/interface/index.js';
import type { AuthErrorSink, AuthSession, Authenticator, CurrentUser, SignInMethod } from '../../core/auth/index.js';
import type { AttachmentClient, AttachmentStore, DocumentText, ChatClient, ConversationShares, ConversationSharing, SharedConversations, ConversationSearch, ConversationLibrary, ConversationStore, ConversationTurns, InstructionPresets, ModelDirectory, ModelGateway } from '../../core/chat/index.js';
import type { BillingGateway, WebhookInbox } from '../../core/billing/index.js';
import type { Clock, Logger, Scheduler } from '../../core/shared/index.js';
import type { ProfileStore, ProfileWriter, ProfilingStore, UserDirectory } from '../../core/account/index.js';
import type { PromptCatalog } from '../../core/prompts/index.js';
import { TOKENS } from '../../core/shared/index.js';
import type { CreditBalance, UsageLedger } from '../../core/credits/index.js';

/** The ports and settings an entry point binds, each under its token, by the names the factories use. */
export interface BoundDependencies {
  authenticator: Authenticator;
  profileStore: ProfileStore;
  profileWriter: ProfileWriter;
  profilingStore: ProfilingStore;
  billingGateway: BillingGateway;
  analytics: AnalyticsTracker;
  /** Server: the models themselves. */
  modelGateway: ModelGateway;
  /** The catalogue (the browser's port; on the server the model gateway). */
  modelDirectory: ModelDirectory;
  /** Browser: chat runs on the app server. */
  chatClient: ChatClient;
  /** Server: conversations and the chat use cases' message writes. */
  conversationStore: ConversationStore;
  /** Listing, reading, naming and deleting conversations (the browser's port; on the server the store). */
  conversationLibrary: ConversationLibrary;
  /** Server: one turn at a time per conversation. */
  conversationTurns: ConversationTurns;
  /** Server: share links, with the look-up by token. */
  conversationShares: ConversationShares;
  /** A user's own share links (the browser's port; on the server the shares). */
  conversationSharing: ConversationSharing;
  /** Browser: a shared conversation read by its link, signed out. */
  sharedConversations: SharedConversations;
  /** Full-text search of a user's conversations (browser: over /api; server: Postgres). */
  conversationSearch: ConversationSearch;
  /** A user's saved system instructions (browser: over /api; server: Postgres). */
  instructionPresets: InstructionPresets;
  /** Server: each user's attached files (Supabase Storage, or memory). */
  attachmentStore: AttachmentStore;
  /** Server: the text of PDFs. */
  documentText: DocumentText;
  /** Browser: uploads files to the app server and shows them. */
  attachmentClient: AttachmentClient;
  promptCatalog: PromptCatalog;
  /** Server: charges, grants and holds. */
  usageLedger: UsageLedger;
  /** Balance and ledger lines (the browser's port; on the server the ledger). */
  creditBalance: CreditBalance;
  userDirectory: UserDirectory;
  keyValueStore: KeyValueStore;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  scriptLoader: ScriptLoader;
  /** The page origin, for auth redirect addresses (origin + /auth/callback). */
  origin: string;
  /** Server: processed billing webhook ids. */
  webhookInbox: WebhookInbox;
  /** Server: credits granted for each paid subscription period. */
  creditsPerPeriod: number;
  /** Server: the plan's product; billing events of other products are ignored (null: any). */
  planProductId: string | null;
}

/** Everything a use case factory may ask for: the bound ports and settings, and what use cases provide. */
export interface Dependencies extends BoundDependencies {
  /** Who is asking: the browser's signed-in user (get-current-user), or the server's verified caller. */
  currentUser: CurrentUser;
  /** Browser: where the sign-in use cases report failures (the session controller). */
  authErrors: AuthErrorSink;
  /** Browser: what runs when a session starts (handle-signed-in). */
  onSignedIn: (session: AuthSession, method?: SignInMethod) => unknown;
}

export type DependencyName = keyof Dependencies;
export type BoundDependencyName = keyof BoundDependencies;

/** The injection token of each bound dependency: the port tokens of the core plus the composition's settings. */
export const DEPENDENCY_TOKENS: { readonly [K in BoundDependencyName]: symbol } = {
  authenticator: TOKENS.Authenticator,
  profileStore: TOKENS.ProfileStore,
  profileWriter: TOKENS.ProfileWriter,
  profilingStore: TOKENS.ProfilingStore,
  billingGateway: TOKENS.BillingGateway,
  analytics: TOKENS.AnalyticsTracker,
  modelGateway: TOKENS.ModelGateway,
  modelDirectory: TOKENS.ModelDirectory,
  chatClient: TOKENS.ChatClient,
  conversationStore: TOKENS.ConversationStore,
  conversationLibrary: TOKENS.ConversationLibrary,
  conversationShares: TOKENS.ConversationShares,
  conversationTurns: TOKENS.ConversationTurns,
  conversationSharing: TOKENS.ConversationSharing,
  sharedConversations: TOKENS.SharedConversations,
  conversationSearch: TOKENS.ConversationSearch,
  instructionPresets: TOKENS.InstructionPresets,
  attachmentStore: TOKENS.AttachmentStore,
  documentText: TOKENS.DocumentText,
  attachmentClient: TOKENS.AttachmentClient,
  promptCatalog: TOKENS.PromptCatalog,
  usageLedger: TOKENS.UsageLedger,
  creditBalance: TOKENS.CreditBalance,
  userDirectory: TOKENS.UserDirectory,
  keyValueStore: TOKENS.KeyValueStore,
  clock: TOKENS.Clock,
  scheduler: TOKENS.Scheduler,
  logger: TOKENS.Logger,
  scriptLoader: TOKENS.ScriptLoader,
  origin: Symbol.for('ensemble.Origin'),
  webhookInbox: TOKENS.WebhookInbox,
  creditsPerPeriod: Symbol.for('ensemble.CreditsPerPeriod'),
  planProductId: Symbol.for('ensemble.PlanProductId'),
};

/**
 * Where a side has the full port, its reading role is the same adapter: the server's conversation
 * store is its conversation library, its ledger its credit balance, its model gateway its directory.
 */
export function withReadingRoles<T extends Partial<BoundDependencies>>(adapters: T): T & Partial<BoundDependencies> {
  return {
    ...adapters,
    ...(adapters.conversationLibrary === undefined && adapters.conversationStore ? { conversationLibrary: adapters.conversationStore } : {}),
    ...(adapters.creditBalance === undefined && adapters.usageLedger ? { creditBalance: adapters.usageLedger } : {}),
    ...(adapters.modelDirectory === undefined && adapters.modelGateway ? { modelDirectory: adapters.modelGateway } : {}),
    ...(adapters.conversationSharing === undefined && adapters.conversationShares ? { conversationSharing: adapters.conversationShares } : {}),
  };
}

/** Calls `bind` with the token and value of every dependency in `adapters`. */
export function forEachBinding(adapters: Partial<BoundDependencies>, bind: (token: symbol, value: unknown) => void): void {
  for (const [name, value] of Object.entries(adapters)) {
    // Other members of the object given (a test database, the server's own infrastructure) are not dependencies.
    const token = (DEPENDENCY_TOKENS as Partial<Record<string, symbol>>)[name];
    if (token !== undefined && value !== undefined) bind(token, value);
  }
}

/** What a container answers for a token (inversify's Container is one; only the composition roots import it). */
export interface TokenResolver {
  isBound(token: symbol): boolean;
  get<T>(token: symbol): T;
}

/** The dependencies a container binds, resolved once into one plain object: what the use cases are built from. */
export function resolveDependencies(container: TokenResolver): Partial<BoundDependencies> {
  const resolved: Partial<Record<BoundDependencyName, unknown>> = {};
  for (const [name, token] of Object.entries(DEPENDENCY_TOKENS) as [BoundDependencyName, symbol][]) {
    if (container.isBound(token)) resolved[name] = container.get(token);
  }
  return resolved as Partial<BoundDependencies>;
}
