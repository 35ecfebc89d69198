import type { Hono } from 'hono';
import { createServerComposition, type ServerComposition, type ServerCompositionInput } from '../../adapters/composition/server.js';
import { ok, type Result } from '../../core/shared/index.js';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { AppEnv } from './http/app-env.js';

export interface ComposeServerInput extends Omit<ServerCompositionInput, 'settings'> {
  readonly config: ServerConfig;
}

export interface ComposedServer extends ServerComposition {
  readonly app: Hono<AppEnv>;
}

/**
 * The server over its adapters: everything wired by the composition root
 * (adapters/composition/server.ts: the billing guard, the use cases, the chat run relay, the token
 * verifier), and the Hono app, its routes and middleware, built over them.
 */
export function composeServer(input: ComposeServerInput): Result<ComposedServer> {
  const { config, ...adapters } = input;
  const composed = createServerComposition({ ...adapters, settings: config });
  if (!composed.success) return composed;
  const { useCases, relay, billing, verifyToken, webhookReader } = composed.data;
  const app = createApp({
    useCases,
    relay,
    rateLimiters: { shared: input.data.rateLimiter, local: input.data.localRateLimiter },
    verifyToken,
    logger: input.logger,
    publicConfig: {
      supabaseUrl: config.supabase?.url ?? null,
      supabaseAnonKey: config.supabase?.anonKey ?? null,
      tagManagerId: config.tagManagerId,
      supportWidgetSrc: config.supportWidgetSrc,
      creditsPerPeriod: config.creditsPerPeriod,
    },
    billingAvailable: () => billing.available,
    webhookReader,
    rateLimit: config.rateLimit,
    readRateLimit: config.readRateLimit,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    clientDist: config.clientDist,
  });
  return ok({ ...composed.data, app });
}
