import type { z } from 'zod';
import { createSupabaseClients } from '../supabase/supabase-config.js';
import { SupabaseAuthenticator } from '../supabase/supabase-authenticator.js';
import { SupabaseProfileStore } from '../supabase/supabase-profile-store.js';
import { SupabaseProfilingStore } from '../supabase/supabase-profiling-store.js';
import { SupabasePromptCatalog } from '../supabase/supabase-prompt-catalog.js';
import { ApiBillingGateway } from '../app-api/api-billing-gateway.js';
import { ApiAttachmentClient } from '../app-api/api-attachment-client.js';
import { ApiChatClient } from '../app-api/api-chat-client.js';
import { publicConfigAnswer } from '../app-api/api-contract.js';
import type { AccessTokenSource, ApiClientOptions } from '../app-api/api-client.js';
import { ApiConversationLibrary } from '../app-api/api-conversation-library.js';
import { ApiConversationSearch } from '../app-api/api-conversation-search.js';
import { ApiInstructionPresets } from '../app-api/api-instruction-presets.js';
import { ApiConversationSharing, ApiSharedConversations } from '../app-api/api-conversation-sharing.js';
import { ApiCreditBalance } from '../app-api/api-credit-balance.js';
import { ApiModelDirectory } from '../app-api/api-model-directory.js';
import { DataLayerAnalyticsTracker } from '../analytics/data-layer-analytics-tracker.js';
import { DomScriptLoader } from '../analytics/dom-script-loader.js';
import { BrowserScheduler } from '../browser/browser-scheduler.js';
import { ConsoleLogger } from '../browser/console-logger.js';
import { LocalStorageKeyValueStore } from '../browser/local-storage-key-value-store.js';
import { withRecoveredSessionsFiltered } from '../browser/recovered-session-filter.js';
import { SystemClock } from '../browser/system-clock.js';
import type { Dependencies } from './dependencies.js';

/** GET /api/config: what the browser may know (nothing secret); its schema is the /api contract's. */
export const publicConfigSchema = publicConfigAnswer;
export type PublicConfig = z.output<typeof publicConfigSchema>;

/** Reads /api/config; a missing or malformed answer is a start-up error (nothing works without it). */
export async function fetchPublicConfig(doFetch: typeof fetch = (i, init) => fetch(i, init)): Promise<PublicConfig> {
  const response = await doFetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The app server's /api/config answered ${response.status}`);
  const parsed = publicConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`The app server's /api/config is malformed: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/**
 * The ports the app server serves the browser over /api: chat runs, conversations, credits and the
 * model catalogue. Tests build exactly this against a server on loopback.
 */
export function createApiPorts(
  apiOptions: ApiClientOptions,
): Pick<
  Dependencies,
  'chatClient' | 'conversationLibrary' | 'conversationSharing' | 'sharedConversations' | 'creditBalance' | 'modelDirectory' | 'conversationSearch' | 'instructionPresets'
  | 'attachmentClient'
> {
  return {
    attachmentClient: new ApiAttachmentClient(apiOptions),
    chatClient: new ApiChatClient(apiOptions),
    conversationLibrary: new ApiConversationLibrary(apiOptions),
    conversationSearch: new ApiConversationSearch(apiOptions),
    instructionPresets: new ApiInstructionPresets(apiOptions),
    conversationSharing: new ApiConversationSharing(apiOptions),
    sharedConversations: new ApiSharedConversations(apiOptions.baseUrl === undefined ? {} : { baseUrl: apiOptions.baseUrl }),
    creditBalance: new ApiCreditBalance(apiOptions),
    modelDirectory: new ApiModelDirectory(apiOptions),
  };
}

/**
 * Every browser dependency: supabase-js (anon key, the user's session under row-level security)
 * for auth, profile, profiling and prompts; the app server's /api for billing, the model catalogue,
 * chat runs, conversations and credits, each call with the session's access token; the data layer, the page's
 * scripts, local storage and timers.
 */
/** What only the server (or the CLI) holds: the browser never gets these ports. */
export type ServerOnlyDependency =
  | 'currentUser' | 'profileWriter' | 'userDirectory' | 'webhookInbox' | 'creditsPerPeriod' | 'modelGateway' | 'conversationStore' | 'usageLedger'
  | 'conversationShares' | 'conversationTurns' | 'planProductId' | 'attachmentStore' | 'documentText';

export function createBrowserDependencies(config: PublicConfig, origin: string = window.location.origin): Omit<Dependencies, ServerOnlyDependency> {
  if (config.supabaseUrl === null || config.supabaseAnonKey === null) {
    throw new Error('The app server has no Supabase project configured (SUPABASE_URL, SUPABASE_ANON_KEY)');
  }
  // Implicit flow: a magic link opened in another browser (or a mail app's viewer) still signs in.
  const { browser: supabase } = createSupabaseClients({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey }, { flowType: 'implicit' });
  const logger = new ConsoleLogger();
  const accessToken: AccessTokenSource = async () => (await supabase.auth.getSession()).data.session?.access_token ?? null;
  const apiOptions = { accessToken };
  return {
    authenticator: withRecoveredSessionsFiltered(new SupabaseAuthenticator(supabase)),
    profileStore: new SupabaseProfileStore(supabase),
    profilingStore: new SupabaseProfilingStore(supabase),
    promptCatalog: new SupabasePromptCatalog(supabase),
    billingGateway: new ApiBillingGateway(apiOptions),
    ...createApiPorts(apiOptions),
    analytics: new DataLayerAnalyticsTracker(logger),
    keyValueStore: new LocalStorageKeyValueStore(),
    clock: new SystemClock(),
    scheduler: new BrowserScheduler(),
    logger,
    scriptLoader: new DomScriptLoader(),
    origin,
  };
}
