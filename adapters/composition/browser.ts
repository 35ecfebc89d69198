// inversify 8 loads 'reflect-metadata/lite' itself; we use no decorators, so the full polyfill is not needed.
import 'reflect-metadata/lite';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Container } from 'inversify';
import type { z } from 'zod';
import { createSupabaseClients } from '../supabase/supabase-config.js';
import { SupabaseAuthenticator } from '../supabase/supabase-authenticator.js';
import { SupabaseProfileStore } from '../supabase/supabase-profile-store.js';
import { SupabaseProfilingStore } from '../supabase/supabase-profiling-store.js';
import { SupabasePromptCatalog } from '../supabase/supabase-prompt-catalog.js';
import { ApiBillingGateway } from '../app-api/api-billing-gateway.js';
import { ApiAttachmentClient } from '../app-api/api-attachment-client.js';
import { ApiChatClient } from '../app-api/api-chat-client.js';
import { publicConfigAnswer } from '../api-contract/api-contract.js';
import type { ApiClientOptions } from '../app-api/api-client.js';
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
import { TOKENS, type Logger } from '../../core/shared/index.js';
import { buildBrowserUseCases } from './build-use-cases.js';
import { DEPENDENCY_TOKENS, resolveDependencies } from './dependencies.js';
import type { BrowserUseCases } from './use-case-registry.js';

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

const SUPABASE = Symbol.for('ensemble.composition.SupabaseClient');
const API = Symbol.for('ensemble.composition.ApiClientOptions');

/**
 * The browser's composition root: supabase-js (anon key, the user's session under row-level
 * security) for auth, profile, profiling and prompts; the app server's /api for billing, the model
 * catalogue, chat runs, conversations, attachments and credits, each call with the session's access
 * token; the data layer, the page's scripts, local storage and timers. React receives the answer
 * through its one provider (web/client/app/use-cases-provider.tsx).
 */
export function createBrowserUseCases(config: PublicConfig, origin: string = window.location.origin): BrowserUseCases {
  if (config.supabaseUrl === null || config.supabaseAnonKey === null) {
    throw new Error('The app server has no Supabase project configured (SUPABASE_URL, SUPABASE_ANON_KEY)');
  }
  // Implicit flow: a magic link opened in another browser (or a mail app's viewer) still signs in.
  const { browser: supabase } = createSupabaseClients({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey }, { flowType: 'implicit' });
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<SupabaseClient>(SUPABASE).toConstantValue(supabase);
  container.bind<ApiClientOptions>(API).toResolvedValue(
    (client: SupabaseClient) => ({ accessToken: async () => (await client.auth.getSession()).data.session?.access_token ?? null }),
    [SUPABASE],
  );
  const onSupabase = <T>(token: symbol, make: (client: SupabaseClient) => T) => container.bind<T>(token).toResolvedValue(make, [SUPABASE]);
  onSupabase(TOKENS.Authenticator, (client) => withRecoveredSessionsFiltered(new SupabaseAuthenticator(client)));
  onSupabase(TOKENS.ProfileStore, (client) => new SupabaseProfileStore(client));
  onSupabase(TOKENS.ProfilingStore, (client) => new SupabaseProfilingStore(client));
  onSupabase(TOKENS.PromptCatalog, (client) => new SupabasePromptCatalog(client));
  const onApi = <T>(token: symbol, make: (options: ApiClientOptions) => T) => container.bind<T>(token).toResolvedValue(make, [API]);
  onApi(TOKENS.BillingGateway, (options) => new ApiBillingGateway(options));
  onApi(TOKENS.AttachmentClient, (options) => new ApiAttachmentClient(options));
  onApi(TOKENS.ChatClient, (options) => new ApiChatClient(options));
  onApi(TOKENS.ConversationLibrary, (options) => new ApiConversationLibrary(options));
  onApi(TOKENS.ConversationSearch, (options) => new ApiConversationSearch(options));
  onApi(TOKENS.InstructionPresets, (options) => new ApiInstructionPresets(options));
  onApi(TOKENS.ConversationSharing, (options) => new ApiConversationSharing(options));
  onApi(TOKENS.CreditBalance, (options) => new ApiCreditBalance(options));
  onApi(TOKENS.ModelDirectory, (options) => new ApiModelDirectory(options));
  // A shared conversation is read signed out: no token.
  container.bind(TOKENS.SharedConversations).toResolvedValue(() => new ApiSharedConversations());
  container.bind<Logger>(TOKENS.Logger).toResolvedValue(() => new ConsoleLogger());
  container.bind(TOKENS.AnalyticsTracker).toResolvedValue((logger: Logger) => new DataLayerAnalyticsTracker(logger), [TOKENS.Logger]);
  container.bind(TOKENS.KeyValueStore).toResolvedValue(() => new LocalStorageKeyValueStore());
  container.bind(TOKENS.Clock).toResolvedValue(() => new SystemClock());
  container.bind(TOKENS.Scheduler).toResolvedValue(() => new BrowserScheduler());
  container.bind(TOKENS.ScriptLoader).toResolvedValue(() => new DomScriptLoader());
  container.bind(DEPENDENCY_TOKENS.origin).toConstantValue(origin);
  return buildBrowserUseCases(resolveDependencies(container));
}
