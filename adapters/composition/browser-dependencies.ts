import { z } from 'zod';
import { createSupabaseClients } from '../supabase/supabase-config.js';
import { SupabaseAuthenticator } from '../supabase/supabase-authenticator.js';
import { SupabaseProfileStore } from '../supabase/supabase-profile-store.js';
import { SupabaseProfilingStore } from '../supabase/supabase-profiling-store.js';
import { SupabasePromptCatalog } from '../supabase/supabase-prompt-catalog.js';
import { ApiBillingGateway } from '../app-api/api-billing-gateway.js';
import type { AccessTokenSource, ApiClientOptions } from '../app-api/api-client.js';
import { ApiModelGateway } from '../app-api/api-model-gateway.js';
import { DataLayerAnalyticsTracker } from '../analytics/data-layer-analytics-tracker.js';
import { DomScriptLoader } from '../analytics/dom-script-loader.js';
import { ApiConversationStore } from '../browser/api-conversation-store.js';
import { ApiUsageLedger } from '../browser/api-usage-ledger.js';
import { BrowserScheduler } from '../browser/browser-scheduler.js';
import { streamChatEndpoint } from '../browser/chat-endpoint-stream.js';
import { ConsoleLogger } from '../browser/console-logger.js';
import { HttpTranslationLoader } from '../browser/http-translation-loader.js';
import { LocalStorageKeyValueStore } from '../browser/local-storage-key-value-store.js';
import { withRecoveredSessionsFiltered } from '../browser/recovered-session-filter.js';
import { ServerChatGateway } from '../browser/server-chat-gateway.js';
import { ServerKeptChat } from '../browser/server-kept-chat.js';
import { SystemClock } from '../browser/system-clock.js';
import type { Dependencies } from './dependencies.js';

/** GET /api/config: what the browser may know (nothing secret). */
export const publicConfigSchema = z.object({
  supabaseUrl: z.string().nullable(),
  supabaseAnonKey: z.string().nullable(),
  tagManagerId: z.string().nullable(),
  supportWidgetSrc: z.string().nullable(),
  billingAvailable: z.boolean(),
});
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
 * The ports the app server keeps for the browser: chat, conversations and credits over /api, sharing
 * one ServerKeptChat (what the use cases would write becomes the next chat request; the charge the
 * server reports answers the ledger). Tests build exactly this against a server on loopback.
 */
export function createServerKeptChatPorts(apiOptions: ApiClientOptions): Pick<Dependencies, 'modelGateway' | 'conversationStore' | 'usageLedger'> {
  const chat = new ServerKeptChat();
  const models = new ApiModelGateway(apiOptions);
  return {
    modelGateway: new ServerChatGateway(models, chat, (intent, request) => streamChatEndpoint(models, intent, request)),
    conversationStore: new ApiConversationStore(apiOptions, chat),
    usageLedger: new ApiUsageLedger(apiOptions, chat),
  };
}

/**
 * Every browser dependency: supabase-js (anon key, the user's session under row-level security)
 * for auth, profile, profiling and prompts; the app server's /api for billing, models, chat,
 * conversations and credits, each call with the session's access token; the data layer, the page's
 * scripts, local storage and timers.
 */
export function createBrowserDependencies(config: PublicConfig, origin: string = window.location.origin): Omit<Dependencies, 'currentUser' | 'profileWriter' | 'userDirectory' | 'webhookInbox' | 'creditsPerPeriod'> {
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
    ...createServerKeptChatPorts(apiOptions),
    analytics: new DataLayerAnalyticsTracker(logger),
    keyValueStore: new LocalStorageKeyValueStore(),
    clock: new SystemClock(),
    scheduler: new BrowserScheduler(),
    logger,
    scriptLoader: new DomScriptLoader(),
    translationLoader: new HttpTranslationLoader(),
    origin,
  };
}
