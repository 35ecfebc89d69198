import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { createServerUseCases, type ServerDataPorts } from '../../adapters/composition/server.js';
import type { BillingGateway } from '../../core/billing/index.js';
import type { Logger } from '../../core/shared/index.js';
import type { ModelGateway } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { ChatRunRelay } from '../../core/chat/index.js';
import { createApp } from './app.js';
import { authServerSessionState, sessionCheckedVerifier } from './auth/session-check.js';
import { jwtSecretVerifier, authServerVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { crashingWebhookInbox } from './billing/crash-seam.js';
import { GuardedBillingGateway } from './billing/guarded-billing-gateway.js';
import type { ServerConfig } from './config.js';
import type { AppEnv, ServerUseCaseSource } from './http/app-env.js';

export interface ComposeServerInput {
  readonly config: ServerConfig;
  readonly logger: Logger;
  /** Supabase's (adapters/composition/server.ts) or memory's (adapters/composition/in-memory.ts). */
  readonly data: ServerDataPorts;
  /** The billing provider (the Polar adapter, the in-memory one in tests), or null when not configured. */
  readonly billing: BillingGateway | null;
  readonly modelGateway: ModelGateway;
  /** Overrides how access tokens are verified (default: the JWT secret, else Supabase Auth). */
  readonly verifyToken?: TokenVerifier;
}

export interface ComposedServer {
  readonly app: Hono<AppEnv>;
  /** The chat runs of this instance (a graceful stop lets them end: `relay.close`). */
  readonly relay: ChatRunRelay;
  readonly billing: GuardedBillingGateway;
  readonly useCases: ServerUseCaseSource;
}

/**
 * The server over its adapters: billing behind the availability guard, the use cases from the
 * composition root (adapters/composition/server.ts), the chat run relay, the token verifier, and
 * the Hono app built from them.
 */
export function composeServer(input: ComposeServerInput): Result<ComposedServer> {
  const { config, logger, data } = input;
  const verifyToken = input.verifyToken ?? defaultVerifier(config);
  if (verifyToken === null) {
    return fail(domainError('validation', 'Set SUPABASE_JWT_SECRET, or SUPABASE_URL and SUPABASE_ANON_KEY, so the server can check access tokens'));
  }
  const billing = new GuardedBillingGateway(input.billing, {
    logger,
    breakerFailures: config.billingCalls.breakerFailures,
    breakerCooldownMs: config.billingCalls.breakerCooldownMs,
  });
  const useCases = createServerUseCases({
    ...data,
    webhookInbox: config.faults.webhookCrash === null ? data.webhookInbox : crashingWebhookInbox(data.webhookInbox, config.faults.webhookCrash),
    modelGateway: input.modelGateway,
    billingGateway: billing,
    logger,
    creditsPerPeriod: config.creditsPerPeriod,
    planProductId: config.billing?.productId ?? null,
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
    options: config.chatRuns,
  });
  const app = createApp({
    useCases,
    relay,
    rateLimiters: { shared: data.rateLimiter, local: data.localRateLimiter },
    verifyToken,
    logger,
    publicConfig: {
      supabaseUrl: config.supabase?.url ?? null,
      supabaseAnonKey: config.supabase?.anonKey ?? null,
      tagManagerId: config.tagManagerId,
      supportWidgetSrc: config.supportWidgetSrc,
    },
    billingAvailable: () => billing.available,
    webhookSecret: config.billingWebhookSecret,
    rateLimit: config.rateLimit,
    readRateLimit: config.readRateLimit,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    clientDist: config.clientDist,
  });
  return ok({ app, billing, useCases, relay });
}

/**
 * Tokens are verified locally with the JWT secret when there is one, and their session is checked
 * with Supabase Auth every `sessionCheckMs` (so sign-out ends them within that time); without the
 * secret Supabase Auth verifies each token (cached as long).
 */
function defaultVerifier(config: ServerConfig): TokenVerifier | null {
  const supabase = config.supabase;
  if (supabase === null) return null;
  if (supabase.jwtSecret === null) return authServerVerifier({ supabaseUrl: supabase.url, anonKey: supabase.anonKey, cacheMs: config.sessionCheckMs });
  const local = jwtSecretVerifier(supabase.jwtSecret);
  if (config.sessionCheckMs === 0) return local;
  return sessionCheckedVerifier(local, authServerSessionState({ supabaseUrl: supabase.url, anonKey: supabase.anonKey }), { cacheMs: config.sessionCheckMs });
}
