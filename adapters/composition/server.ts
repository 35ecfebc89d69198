// inversify 8 loads 'reflect-metadata/lite' itself; we use no decorators, so the full polyfill is not needed.
import 'reflect-metadata/lite';
import { randomUUID } from 'node:crypto';
import { Container } from 'inversify';
import { Agent } from 'undici';
import { authServerSessionState, sessionCheckedVerifier } from '../auth/session-check.js';
import { authServerVerifier, jwtSecretVerifier, type TokenVerifier } from '../auth/token-verifier.js';
import { GuardedBillingGateway } from '../billing-guard/guarded-billing-gateway.js';
import { PolarWebhookReader } from '../billing/polar-webhook-reader.js';
import { crashingWebhookInbox, type WebhookCrashPoint } from '../faults/crash-seam.js';
import { createBillingClient } from '@ensemble/billing-client';
import { PolarBillingGateway } from '../billing/polar-billing-gateway.js';
import { DEFAULT_PDF_READING_LIMITS, PdfjsDocumentText } from '../documents/pdfjs-document-text.js';
import { InMemoryRateLimiter } from '../in-memory/in-memory-rate-limiter.js';
import { createModelGateway } from '../models/create-model-gateway.js';
import type { EnvSource } from '../models/model-gateway-config.js';
import { RedisChatRunLog } from '../redis/redis-chat-run-log.js';
import { connectRedis, type RedisConnection } from '../redis/redis-connection.js';
import { RedisRateLimiter } from '../redis/redis-rate-limiter.js';
import { SupabaseAttachmentStore } from '../supabase/supabase-attachment-store.js';
import { SupabaseChatRunLog } from '../supabase/supabase-chat-run-log.js';
import { serviceRoleClient } from '../supabase/supabase-config.js';
import { SupabaseConversationSearch } from '../supabase/supabase-conversation-search.js';
import { SupabaseConversationShares } from '../supabase/supabase-conversation-shares.js';
import { SupabaseConversationStore } from '../supabase/supabase-conversation-store.js';
import { SupabaseConversationTurns } from '../supabase/supabase-conversation-turns.js';
import { SupabaseInstructionPresets } from '../supabase/supabase-instruction-presets.js';
import { SupabaseCompareVotes } from '../supabase/supabase-compare-votes.js';
import { SupabaseModelCatalogue } from '../supabase/supabase-model-catalogue.js';
import { SupabaseProfileStore } from '../supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../supabase/supabase-profile-writer.js';
import { SupabaseRateLimiter } from '../supabase/supabase-rate-limiter.js';
import { SupabaseServerInstance } from '../supabase/supabase-server-instance.js';
import { SupabaseUsageLedger } from '../supabase/supabase-usage-ledger.js';
import { SupabaseWebhookInbox } from '../supabase/supabase-webhook-inbox.js';
import type { BillingGateway, BillingWebhookReader } from '../../core/billing/index.js';
import { ChatRunRelay, type DocumentText } from '../../core/chat/index.js';
import { domainError, fail, ok, type Clock, type Logger, type Result } from '../../core/shared/index.js';
import { buildServerUseCases, type ServerUseCaseSource } from './build-use-cases.js';
import { forEachBinding, READING_ROLES, resolveDependencies, TOKENS, type BoundDependencies } from './ports.js';
import { inMemoryServerPorts, NO_ANALYTICS, type ServerDataPorts } from './server-data-ports.js';

export type { ServerUseCaseSource };

export type { ServerDataPorts };

/** What the server's use cases are built from: its data ports, the billing provider, the models, its settings (the clock defaults to the system's). */
export type ServerAdapters = Omit<ServerDataPorts, 'catalogue' | 'chatRunLog' | 'rateLimiter' | 'localRateLimiter'>
  & Readonly<Pick<BoundDependencies, 'billingGateway' | 'modelGateway' | 'logger' | 'creditsPerPeriod' | 'planProductId'> & Partial<Pick<BoundDependencies, 'clock'>>>;

const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/**
 * The app server's composition root: its adapters bound by token (each reading role is the full
 * port's adapter), resolved once into the shared dependencies, and the use cases over them:
 * `shared` for the public routes and the webhook, `forCaller(currentUser)` for a verified caller.
 */
export function createServerUseCases(adapters: ServerAdapters): ServerUseCaseSource {
  const container = new Container({ defaultScope: 'Singleton' });
  forEachBinding(adapters, (token, value) => container.bind(token).toConstantValue(value));
  // The server holds the full ports; each reading role is the same adapter (see withReadingRoles).
  for (const { role, fullPort } of READING_ROLES) container.bind(TOKENS[role]).toResolvedValue((full: unknown) => full, [TOKENS[fullPort]]);
  if (!container.isBound(TOKENS.documentText)) container.bind<DocumentText>(TOKENS.documentText).toResolvedValue(() => new PdfjsDocumentText());
  if (!container.isBound(TOKENS.clock)) container.bind<Clock>(TOKENS.clock).toConstantValue(SYSTEM_CLOCK);
  return buildServerUseCases(resolveDependencies(container));
}

/** The settings the server's wiring reads (web/server/config.ts's ServerConfig has them all). */
export interface ServerWiringSettings extends Readonly<Pick<BoundDependencies, 'creditsPerPeriod'>> {
  readonly supabase: { readonly url: string; readonly anonKey: string; readonly jwtSecret: string | null } | null;
  /** How often a token's session is checked with Supabase Auth (0: never, the token alone). */
  readonly sessionCheckMs: number;
  readonly billing: { readonly productId: string } | null;
  /** The billing webhook endpoint's secret; null: deliveries are refused as unconfigured. */
  readonly billingWebhookSecret: string | null;
  /** The billing guard's circuit breaker: outage failures in a row that open it, and how long it stays open. */
  readonly billingCalls: { readonly breakerFailures: number; readonly breakerCooldownMs: number };
  readonly chatRuns: { readonly flushMs: number };
  /** Fault tests only (config refuses them in production): where the process dies while it applies a webhook. */
  readonly faults: { readonly webhookCrash: WebhookCrashPoint | null };
}

export interface ServerCompositionInput extends Readonly<Pick<BoundDependencies, 'logger' | 'modelGateway'>> {
  readonly settings: ServerWiringSettings;
  /** Supabase's (supabaseServerPorts) or memory's (inMemoryServerPorts, server-data-ports.ts). */
  readonly data: ServerDataPorts;
  /** The billing provider (the Polar adapter, the in-memory one in tests), or null when not configured. */
  readonly billing: BillingGateway | null;
  /** Overrides how access tokens are verified (default: the JWT secret, else Supabase Auth). */
  readonly verifyToken?: TokenVerifier;
}

/** What the server's HTTP layer (web/server) is built over. */
export interface ServerComposition {
  readonly useCases: ServerUseCaseSource;
  /** The chat runs of this instance (a graceful stop lets them end: `relay.close`). */
  readonly relay: ChatRunRelay;
  /** The billing provider behind the availability guard: `available` is the one source of "billing is available". */
  readonly billing: GuardedBillingGateway;
  readonly verifyToken: TokenVerifier;
  /** The billing provider's webhook deliveries, verified with the endpoint's secret and read into the core's events. */
  readonly webhookReader: BillingWebhookReader;
}

/**
 * The app server's whole wiring over its opened adapters: billing behind the availability guard
 * (a rejected token, the circuit breaker), the webhook inbox behind the crash seam when a fault test
 * asks for it, the use cases (createServerUseCases), the chat run relay over the shared run log, and
 * the access-token verifier. Refused when nothing can verify tokens.
 */
export function createServerComposition(input: ServerCompositionInput): Result<ServerComposition> {
  const { settings, logger, data } = input;
  const verifyToken = input.verifyToken ?? defaultVerifier(settings);
  if (verifyToken === null) {
    return fail(domainError('validation', 'Set SUPABASE_JWT_SECRET, or SUPABASE_URL and SUPABASE_ANON_KEY, so the server can check access tokens'));
  }
  const billing = new GuardedBillingGateway(input.billing, {
    logger,
    breakerFailures: settings.billingCalls.breakerFailures,
    breakerCooldownMs: settings.billingCalls.breakerCooldownMs,
  });
  const useCases = createServerUseCases({
    ...data,
    webhookInbox: settings.faults.webhookCrash === null ? data.webhookInbox : crashingWebhookInbox(data.webhookInbox, settings.faults.webhookCrash),
    modelGateway: input.modelGateway,
    billingGateway: billing,
    logger,
    creditsPerPeriod: settings.creditsPerPeriod,
    planProductId: settings.billing?.productId ?? null,
  });
  const relay = new ChatRunRelay({
    chatRunLog: data.chatRunLog,
    logger,
    newRunId: randomUUID,
    timers: {
      after: (ms, task) => {
        const timer = setTimeout(task, ms);
        timer.unref();
        return () => clearTimeout(timer);
      },
      now: Date.now,
    },
    options: settings.chatRuns,
  });
  return ok({ useCases, relay, billing, verifyToken, webhookReader: new PolarWebhookReader(settings.billingWebhookSecret) });
}

/**
 * Tokens are verified locally with the JWT secret when there is one, and their session is checked
 * with Supabase Auth every `sessionCheckMs` (so sign-out ends them within that time); without the
 * secret Supabase Auth verifies each token (cached as long).
 */
function defaultVerifier(settings: ServerWiringSettings): TokenVerifier | null {
  const supabase = settings.supabase;
  if (supabase === null) return null;
  if (supabase.jwtSecret === null) return authServerVerifier({ supabaseUrl: supabase.url, anonKey: supabase.anonKey, cacheMs: settings.sessionCheckMs });
  const local = jwtSecretVerifier(supabase.jwtSecret);
  if (settings.sessionCheckMs === 0) return local;
  return sessionCheckedVerifier(local, authServerSessionState({ supabaseUrl: supabase.url, anonKey: supabase.anonKey }), { cacheMs: settings.sessionCheckMs });
}

/** The server's data ports on Supabase (the service role) and this server's instance there. */
export function supabaseServerPorts(options: {
  url: string;
  serviceRoleKey: string;
  /** This server's instance: its credit holds last while the instance's lease is renewed. */
  instance?: { leaseSeconds: number };
}): ServerDataPorts & { readonly instance: SupabaseServerInstance | null; readonly catalogue: SupabaseModelCatalogue } {
  const service = serviceRoleClient(options.url, options.serviceRoleKey);
  const instance = options.instance ? new SupabaseServerInstance(service, options.instance) : null;
  const holds = instance ? { instanceId: () => instance.holdOwner() } : {};
  return {
    instance,
    profileStore: new SupabaseProfileStore(service),
    profileWriter: new SupabaseProfileWriter(service),
    conversationStore: new SupabaseConversationStore(service),
    conversationShares: new SupabaseConversationShares(service),
    conversationTurns: new SupabaseConversationTurns(service, holds),
    conversationSearch: new SupabaseConversationSearch(service),
    instructionPresets: new SupabaseInstructionPresets(service),
    compareVotes: new SupabaseCompareVotes(service, new SupabaseConversationStore(service)),
    attachmentStore: new SupabaseAttachmentStore(service),
    usageLedger: new SupabaseUsageLedger(service, holds),
    webhookInbox: new SupabaseWebhookInbox(service),
    catalogue: new SupabaseModelCatalogue(service),
    analytics: NO_ANALYTICS,
    chatRunLog: new SupabaseChatRunLog(service),
    rateLimiter: new SupabaseRateLimiter(service),
    localRateLimiter: new InMemoryRateLimiter(),
  };
}

/** What the server is configured with (web/server/config.ts reads it from the environment). */
export interface ServerSettings {
  /** The model providers' keys and options, as the environment names them. */
  readonly env: EnvSource;
  readonly supabase: { readonly url: string; readonly serviceRoleKey: string | null } | null;
  readonly redisUrl: string | null;
  readonly billing: { readonly server: string; readonly accessToken: string; readonly productId: string; readonly discountId: string | null } | null;
  /** Every billing call of the server is made while a user waits: its timeout. */
  readonly billingTimeoutMs: number;
  /** How long this instance's lease on its credit holds lasts without a heartbeat. */
  readonly leaseSeconds: number;
}

export interface OpenedServerAdapters extends Readonly<Pick<BoundDependencies, 'modelGateway'>> {
  readonly data: ServerDataPorts;
  /** The billing provider, or null when it is not configured (billing unavailable). */
  readonly billing: BillingGateway | null;
  /** This server's instance in the database (Supabase only): its lease keeps its credit holds. */
  readonly instance: SupabaseServerInstance | null;
  /** Which data ports run: Supabase (hosted or the local stand-in) or memory (nothing kept). */
  readonly dataMode: 'supabase' | 'memory';
  /** Where rate limits and chat runs are shared: Redis (REDIS_URL), Postgres (Supabase), or this process. */
  readonly sharedState: 'redis' | 'postgres' | 'memory';
  /** Closes what was opened (the billing connections, Redis). */
  close(): Promise<void>;
}

/**
 * The server's adapters as configured: Supabase with the service-role key (else memory, lost on
 * restart), Redis for the shared state when REDIS_URL is set, the Polar client when billing is,
 * and the model gateway over the catalogue. A configuration problem throws, naming it.
 */
export async function openServerAdapters(settings: ServerSettings, logger: Logger): Promise<OpenedServerAdapters> {
  const supabase = settings.supabase?.serviceRoleKey ? { url: settings.supabase.url, serviceRoleKey: settings.supabase.serviceRoleKey } : null;
  let data: ServerDataPorts;
  let instance: SupabaseServerInstance | null = null;
  if (supabase) {
    const ports = supabaseServerPorts({ ...supabase, instance: { leaseSeconds: settings.leaseSeconds } });
    data = ports;
    instance = ports.instance;
  } else {
    data = inMemoryServerPorts();
    logger.warn('No SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY: conversations and credits live in memory and are lost on restart');
  }
  const modelGateway = createModelGateway({ env: settings.env, catalogue: data.catalogue, logger });
  if (!modelGateway.success) throw new Error(modelGateway.error.message);
  // A reader waits from the start, so the first PDF uploaded does not wait for PDF.js to load.
  const documentText = new PdfjsDocumentText({ ...DEFAULT_PDF_READING_LIMITS, keepOneWarm: true }, () => logger.info('pdf reader ready'));
  data = { ...data, documentText };

  let redis: RedisConnection | null = null;
  let runLog: RedisChatRunLog | null = null;
  if (settings.redisUrl) {
    try {
      redis = await connectRedis(settings.redisUrl, (error) => logger.warn('The Redis connection failed; it is being re-opened', { error: error.message }));
    } catch (error) {
      throw new Error(`REDIS_URL is set but Redis could not be reached: ${(error as Error).message}`, { cause: error });
    }
    runLog = new RedisChatRunLog(redis);
    data = { ...data, rateLimiter: new RedisRateLimiter(redis), chatRunLog: runLog };
  }

  let dispatcher: Agent | null = null;
  let billing: BillingGateway | null = null;
  if (settings.billing) {
    dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
    // Every billing call of the server is made while a user waits: a short timeout (and the server's
    // circuit breaker stops asking a provider that keeps timing out).
    const client = createBillingClient({ server: settings.billing.server, accessToken: settings.billing.accessToken, dispatcher, timeoutMs: settings.billingTimeoutMs });
    billing = new PolarBillingGateway({ client, planProductId: settings.billing.productId, discountId: settings.billing.discountId, logger });
  } else {
    logger.warn('No BILLING_ACCESS_TOKEN + BILLING_PRODUCT_ID: billing is unavailable');
  }

  return {
    data,
    modelGateway: modelGateway.data,
    billing,
    instance,
    dataMode: supabase ? 'supabase' : 'memory',
    sharedState: redis ? 'redis' : supabase ? 'postgres' : 'memory',
    close: async () => {
      documentText.close();
      await dispatcher?.close();
      await runLog?.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
