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
import { ApiCompareVotes } from '../app-api/api-compare-votes.js';
import { ApiConversationSharing, ApiSharedConversations } from '../app-api/api-conversation-sharing.js';
import { ApiCreditBalance } from '../app-api/api-credit-balance.js';
import { ApiSpendingCaps } from '../app-api/api-spending-caps.js';
import { ApiModelDirectory } from '../app-api/api-model-directory.js';
import { DataLayerAnalyticsTracker } from '../analytics/data-layer-analytics-tracker.js';
import { DomScriptLoader } from '../analytics/dom-script-loader.js';
import { BrowserScheduler } from '../browser/browser-scheduler.js';
import { ConsoleLogger } from '../browser/console-logger.js';
import { LocalStorageKeyValueStore } from '../browser/local-storage-key-value-store.js';
import { withRecoveredSessionsFiltered } from '../browser/recovered-session-filter.js';
import { SystemClock } from '../browser/system-clock.js';
import { buildBrowserUseCases } from './build-use-cases.js';
import { resolveDependencies, TOKENS, type Token } from './ports.js';
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

const SUPABASE: Token<SupabaseClient> = Symbol.for('ensemble.composition.SupabaseClient');
const API: Token<ApiClientOptions> = Symbol.for('ensemble.composition.ApiClientOptions');

/**
 * The browser's composition root: supabase-js (anon key, the user's session under row-level
 * security) for auth, profile, profiling and prompts; the app server's /api for billing, the model
 * catalogue, chat runs, conversations, attachments and credits, each call with the session's access
 * token; the data layer, the page's scripts, local storage and timers. React receives the answer
 * through its one provider (web/client/use-cases/use-cases-provider.tsx).
 */
export function createBrowserUseCases(config: PublicConfig, origin: string = window.location.origin): BrowserUseCases {
  if (config.supabaseUrl === null || config.supabaseAnonKey === null) {
    throw new Error('The app server has no Supabase project configured (SUPABASE_URL, SUPABASE_ANON_KEY)');
  }
  // Implicit flow: a magic link opened in another browser (or a mail app's viewer) still signs in.
  const { browser: supabase } = createSupabaseClients({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey }, { flowType: 'implicit' });
  const container = new Container({ defaultScope: 'Singleton' });
  // Each adapter is made on first resolve, from what its token's type asks for (the compiler checks it against the port).
  const bind = <T>(token: Token<T>, make: () => T) => container.bind<T>(token).toResolvedValue(make);
  const bindOver = <T, D>(token: Token<T>, over: Token<D>, make: (dependency: D) => T) => container.bind<T>(token).toResolvedValue(make, [over]);
  container.bind<SupabaseClient>(SUPABASE).toConstantValue(supabase);
  bindOver(API, SUPABASE, (client) => ({ accessToken: async () => (await client.auth.getSession()).data.session?.access_token ?? null }));
  bindOver(TOKENS.authenticator, SUPABASE, (client) => withRecoveredSessionsFiltered(new SupabaseAuthenticator(client)));
  bindOver(TOKENS.profileStore, SUPABASE, (client) => new SupabaseProfileStore(client));
  bindOver(TOKENS.profilingStore, SUPABASE, (client) => new SupabaseProfilingStore(client));
  bindOver(TOKENS.promptCatalog, SUPABASE, (client) => new SupabasePromptCatalog(client));
  bindOver(TOKENS.billingGateway, API, (options) => new ApiBillingGateway(options));
  bindOver(TOKENS.attachmentClient, API, (options) => new ApiAttachmentClient(options));
  bindOver(TOKENS.chatClient, API, (options) => new ApiChatClient(options));
  bindOver(TOKENS.conversationLibrary, API, (options) => new ApiConversationLibrary(options));
  bindOver(TOKENS.conversationSearch, API, (options) => new ApiConversationSearch(options));
  bindOver(TOKENS.instructionPresets, API, (options) => new ApiInstructionPresets(options));
  bindOver(TOKENS.compareVotes, API, (options) => new ApiCompareVotes(options));
  bindOver(TOKENS.conversationSharing, API, (options) => new ApiConversationSharing(options));
  bindOver(TOKENS.creditBalance, API, (options) => new ApiCreditBalance(options));
  bindOver(TOKENS.spendingCaps, API, (options) => new ApiSpendingCaps(options));
  bindOver(TOKENS.modelDirectory, API, (options) => new ApiModelDirectory(options));
  // A shared conversation is read signed out: no token.
  bind(TOKENS.sharedConversations, () => new ApiSharedConversations());
  bind(TOKENS.logger, () => new ConsoleLogger());
  bindOver(TOKENS.analytics, TOKENS.logger, (logger) => new DataLayerAnalyticsTracker(logger));
  bind(TOKENS.keyValueStore, () => new LocalStorageKeyValueStore());
  bind(TOKENS.clock, () => new SystemClock());
  bind(TOKENS.scheduler, () => new BrowserScheduler());
  bind(TOKENS.scriptLoader, () => new DomScriptLoader());
  container.bind<string>(TOKENS.origin).toConstantValue(origin);
  container.bind<number>(TOKENS.creditsPerPeriod).toConstantValue(config.creditsPerPeriod);
  return buildBrowserUseCases(resolveDependencies(container));
}
