import type { AnalyticsTracker, KeyValueStore, ScriptLoader } from '../../core/interface/index.js';
import type { AuthErrorSink, AuthSession, Authenticator, CurrentUser, SignInMethod } from '../../core/auth/index.js';
import type { AttachmentClient, AttachmentStore, CompareVotes, DocumentText, ChatClient, ConversationShares, ConversationSharing, SharedConversations, ConversationSearch, ConversationLibrary, ConversationStore, ConversationTurns, InstructionPresets, ModelDirectory, ModelGateway } from '../../core/chat/index.js';
import type { BillingGateway, WebhookInbox } from '../../core/billing/index.js';
import type { Clock, Logger, Scheduler } from '../../core/shared/index.js';
import type { ProfileStore, ProfileWriter, ProfilingStore, SupportJournal, UserDirectory } from '../../core/account/index.js';
import type { PromptCatalog } from '../../core/prompts/index.js';
import type { CreditBalance, SpendingCaps, UsageLedger } from '../../core/credits/index.js';

/** How an entry of the table below is had: bound by an entry point (a port or a setting), or provided by a use case. */
type Kind = 'port' | 'setting' | 'provided';

/** One entry: its kind, the type it carries (for the compiler only), and for a reading role the full port that plays it. */
interface Entry<T, K extends Kind, Full extends string = never> {
  readonly kind: K;
  /** Where a side has the full port, this reading role is the same adapter (see withReadingRoles). */
  readonly readFrom?: Full;
  /** Never set: the type of what is bound, carried for the compiler. */
  readonly type?: T;
}

/** A port of the core, bound by an entry point. */
const port = <T>(): Entry<T, 'port'> => ({ kind: 'port' });
/** A reading role: a port whose adapter, where a side holds `readFrom` (the full port), is that port's. */
const readingRole =
  <T>() =>
  <Full extends string>(readFrom: Full): Entry<T, 'port', Full> => ({ kind: 'port', readFrom });
/** A value of the entry point's configuration, bound like a port. */
const setting = <T>(): Entry<T, 'setting'> => ({ kind: 'setting' });
/** What some use cases provide to others (never bound: build-use-cases.ts passes it). */
const provided = <T>(): Entry<T, 'provided'> => ({ kind: 'provided' });

/**
 * Everything a use case factory may ask for, each named once, by the name the factories use: the
 * core's ports and the entry points' settings (bound in a container, each under its token, TOKENS
 * below), and what use cases provide to others. The types Dependencies and BoundDependencies, the
 * tokens and the reading roles are computed from this table; use-case-registry.ts names, for each
 * use case, the entries it needs.
 */
export const DEPENDENCIES = {
  authenticator: port<Authenticator>(),
  profileStore: port<ProfileStore>(),
  profileWriter: port<ProfileWriter>(),
  profilingStore: port<ProfilingStore>(),
  billingGateway: port<BillingGateway>(),
  analytics: port<AnalyticsTracker>(),
  /** Server: the models themselves. */
  modelGateway: port<ModelGateway>(),
  /** The catalogue (the browser's port; on the server the model gateway). */
  modelDirectory: readingRole<ModelDirectory>()('modelGateway'),
  /** Browser: chat runs on the app server. */
  chatClient: port<ChatClient>(),
  /** Server: conversations and the chat use cases' message writes. */
  conversationStore: port<ConversationStore>(),
  /** Listing, reading, naming and deleting conversations (the browser's port; on the server the store). */
  conversationLibrary: readingRole<ConversationLibrary>()('conversationStore'),
  /** Server: one turn at a time per conversation. */
  conversationTurns: port<ConversationTurns>(),
  /** Server: share links, with the look-up by token. */
  conversationShares: port<ConversationShares>(),
  /** A user's own share links (the browser's port; on the server the shares). */
  conversationSharing: readingRole<ConversationSharing>()('conversationShares'),
  /** Browser: a shared conversation read by its link, signed out. */
  sharedConversations: port<SharedConversations>(),
  /** Full-text search of a user's conversations (browser: over /api; server: Postgres). */
  conversationSearch: port<ConversationSearch>(),
  /** A user's saved system instructions (browser: over /api; server: Postgres). */
  instructionPresets: port<InstructionPresets>(),
  /** A user's votes on side-by-side turns and their leaderboard (browser: over /api; server: Postgres). */
  compareVotes: port<CompareVotes>(),
  /** Server: each user's attached files (Supabase Storage, or memory). */
  attachmentStore: port<AttachmentStore>(),
  /** Server: the text of PDFs. */
  documentText: port<DocumentText>(),
  /** Browser: uploads files to the app server and shows them. */
  attachmentClient: port<AttachmentClient>(),
  promptCatalog: port<PromptCatalog>(),
  /** Server: charges, grants and holds. */
  usageLedger: port<UsageLedger>(),
  /** CLI: support's record of who did what (credit grants and debits with their ledger line, billing actions). */
  supportJournal: port<SupportJournal>(),
  /** Balance and ledger lines (the browser's port; on the server the ledger). */
  creditBalance: readingRole<CreditBalance>()('usageLedger'),
  /** Each user's monthly spending cap (the browser's port, over /api; on the server the ledger, whose holds keep to it). */
  spendingCaps: readingRole<SpendingCaps>()('usageLedger'),
  userDirectory: port<UserDirectory>(),
  keyValueStore: port<KeyValueStore>(),
  clock: port<Clock>(),
  scheduler: port<Scheduler>(),
  logger: port<Logger>(),
  scriptLoader: port<ScriptLoader>(),
  /** Server: processed billing webhook ids. */
  webhookInbox: port<WebhookInbox>(),
  /** The page origin, for auth redirect addresses (origin + /auth/callback). */
  origin: setting<string>(),
  /** Server: credits granted for each paid subscription period. */
  creditsPerPeriod: setting<number>(),
  /** Server: the plan's product; billing events of other products are ignored (null: any). */
  planProductId: setting<string | null>(),
  /** Who is asking: the browser's signed-in user (get-current-user), or the server's verified caller. */
  currentUser: provided<CurrentUser>(),
  /** Browser: where the sign-in use cases report failures (the session controller). */
  authErrors: provided<AuthErrorSink>(),
  /** Browser: what runs when a session starts (handle-signed-in). */
  onSignedIn: provided<(session: AuthSession, method?: SignInMethod) => unknown>(),
};

type Table = typeof DEPENDENCIES;
type TypeOf<E> = E extends Entry<infer T, Kind, string> ? T : never;

/** Everything a use case factory may ask for: the bound ports and settings, and what use cases provide. */
export type Dependencies = { [K in keyof Table]: TypeOf<Table[K]> };
export type DependencyName = keyof Dependencies;
/** The ports and settings an entry point binds, each under its token. */
export type BoundDependencyName = { [K in DependencyName]: Table[K]['kind'] extends 'provided' ? never : K }[DependencyName];
export type BoundDependencies = Pick<Dependencies, BoundDependencyName>;

/** The reading roles, and the full port that plays each where a side holds it. */
export type ReadingRole = { [K in DependencyName]: Table[K] extends Entry<unknown, Kind, infer Full> ? ([Full] extends [never] ? never : K) : never }[DependencyName];
type FullPortOf<K extends ReadingRole> = Table[K] extends Entry<unknown, Kind, infer Full extends BoundDependencyName> ? Full : never;
// Each reading role names a bound port whose type does all the role asks.
type RoleFits<K extends ReadingRole> = [FullPortOf<K>] extends [never] ? false : Dependencies[FullPortOf<K>] extends Dependencies[K] ? true : false;
const readingRolesFit: { [K in ReadingRole]: RoleFits<K> }[ReadingRole] extends true ? true : never = true;
void readingRolesFit;

/** An injection token: a plain symbol that carries, for the compiler, the type bound under it. */
declare const carries: unique symbol;
export type Token<T> = symbol & { readonly [carries]?: T };

const entries = Object.entries(DEPENDENCIES) as [DependencyName, Table[DependencyName]][];
const boundNames = entries.filter(([, entry]) => entry.kind !== 'provided').map(([name]) => name as BoundDependencyName);

/** The injection token of each bound port and setting: `Symbol.for('ensemble.<name>')`. */
export const TOKENS = Object.fromEntries(boundNames.map((name) => [name, Symbol.for(`ensemble.${name}`)])) as {
  readonly [K in BoundDependencyName]: Token<BoundDependencies[K]>;
};

/** Each reading role with the full port that plays it (the server holds the full ports). */
export const READING_ROLES = entries.flatMap(([name, entry]) => (entry.readFrom === undefined ? [] : [{ role: name as ReadingRole, fullPort: entry.readFrom as BoundDependencyName }]));

/**
 * Where a side has the full port, its reading role is the same adapter: the server's conversation
 * store is its conversation library, its ledger its credit balance, its model gateway its directory.
 */
export function withReadingRoles<T extends Partial<BoundDependencies>>(adapters: T): T & Partial<BoundDependencies> {
  const roles: Partial<Record<ReadingRole, unknown>> = {};
  for (const { role, fullPort } of READING_ROLES) {
    if (adapters[role] === undefined && adapters[fullPort]) roles[role] = adapters[fullPort];
  }
  return { ...adapters, ...roles };
}

/** Calls `bind` with the token and value of every bound port and setting in `adapters`. */
export function forEachBinding(adapters: Partial<BoundDependencies>, bind: (token: symbol, value: unknown) => void): void {
  for (const [name, value] of Object.entries(adapters)) {
    // Other members of the object given (a test database, the server's own infrastructure) are not dependencies.
    const token = (TOKENS as Partial<Record<string, symbol>>)[name];
    if (token !== undefined && value !== undefined) bind(token, value);
  }
}

/** What a container answers for a token (inversify's Container is one; only the composition roots import it). */
export interface TokenResolver {
  isBound(token: symbol): boolean;
  get<T>(token: symbol): T;
}

/** The ports and settings a container binds, resolved once into one plain object: what the use cases are built from. */
export function resolveDependencies(container: TokenResolver): Partial<BoundDependencies> {
  const resolved: Partial<Record<BoundDependencyName, unknown>> = {};
  for (const name of boundNames) {
    if (container.isBound(TOKENS[name])) resolved[name] = container.get(TOKENS[name]);
  }
  return resolved as Partial<BoundDependencies>;
}
