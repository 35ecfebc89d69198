import { hostname } from 'node:os';
import { Agent } from 'undici';
import { createBillingClient } from '../../adapters/billing/client.js';
import { PolarBillingGateway } from '../../adapters/billing/polar-billing-gateway.js';
import { RedisChatRunLog } from '../../adapters/redis/redis-chat-run-log.js';
import { connectRedis, type RedisConnection } from '../../adapters/redis/redis-connection.js';
import { RedisRateLimiter } from '../../adapters/redis/redis-rate-limiter.js';
import type { BillingGateway } from '../../core/billing/index.js';
import type { Logger } from '../../core/shared/index.js';
import { composeServer } from './compose-server.js';
import { parseServerConfig, type ServerConfig } from './config.js';
import { createJsonLogger } from './json-logger.js';
import { STREAMED_BODY_PATHS } from './http/body-limit.js';
import { listen, type ListeningServer, type UploadTimeouts } from './listen.js';
import { instanceLease, leaseSecondsFor, type InstanceLease } from './instance-lease.js';
import { inMemoryDataPorts, type ServerDataPorts } from './server-ports.js';
import { supabaseDataPorts } from './supabase-ports.js';
import { startUpkeep } from './upkeep.js';

export interface RunningAppServer extends ListeningServer {
  readonly config: ServerConfig;
  /** Which data ports run: Supabase (hosted or the local stand-in) or memory (nothing kept). */
  readonly dataMode: 'supabase' | 'memory';
  /** Where rate limits and chat runs are shared: Redis (REDIS_URL), Postgres (Supabase), or this process. */
  readonly sharedState: 'redis' | 'postgres' | 'memory';
}

/**
 * Reads the environment and starts the app server. A configuration problem throws with the
 * message that names every bad variable (start-up must fail loudly, app spec §5).
 */
export async function startAppServer(env: Readonly<Record<string, string | undefined>>, options: { logger?: Logger } = {}): Promise<RunningAppServer> {
  const parsed = parseServerConfig(env);
  if (!parsed.success) throw new Error(parsed.error.message);
  const config = parsed.data;
  const logger = options.logger ?? createJsonLogger({ level: config.logLevel });
  const serviceRoleKey = config.supabase?.serviceRoleKey ?? null;
  let data: ServerDataPorts = inMemoryDataPorts();
  let lease: InstanceLease | null = null;
  if (config.supabase && serviceRoleKey) {
    const ports = supabaseDataPorts({
      url: config.supabase.url,
      serviceRoleKey,
      instance: { leaseSeconds: leaseSecondsFor(config.instance.heartbeatMs) },
    });
    data = ports;
    if (ports.instance) lease = instanceLease(ports.instance, { heartbeatMs: config.instance.heartbeatMs, logger });
  } else {
    logger.warn('No SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY: conversations and credits live in memory and are lost on restart');
  }

  let redis: RedisConnection | null = null;
  let runLog: RedisChatRunLog | null = null;
  if (config.redisUrl) {
    try {
      redis = await connectRedis(config.redisUrl, (error) => logger.warn('The Redis connection failed; it is being re-opened', { error: error.message }));
    } catch (error) {
      throw new Error(`REDIS_URL is set but Redis could not be reached: ${(error as Error).message}`, { cause: error });
    }
    runLog = new RedisChatRunLog(redis);
    data = { ...data, rateLimiter: new RedisRateLimiter(redis), chatRunLog: runLog };
  }
  const sharedState = redis ? 'redis' : config.supabase && serviceRoleKey ? 'postgres' : 'memory';

  let dispatcher: Agent | null = null;
  let billing: BillingGateway | null = null;
  if (config.billing) {
    dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 64 });
    // Every billing call of the server is made while a user waits: a short timeout, and the circuit
    // breaker (GuardedBillingGateway) stops asking a provider that keeps timing out.
    const client = createBillingClient({ server: config.billing.server, accessToken: config.billing.accessToken, dispatcher, timeoutMs: config.billingCalls.timeoutMs });
    billing = new PolarBillingGateway({ client, planProductId: config.billing.productId, discountId: config.billing.discountId, logger });
  } else {
    logger.warn('No BILLING_ACCESS_TOKEN + BILLING_PRODUCT_ID: billing is unavailable');
  }

  const composed = composeServer({ config, env, logger, data, billing });
  if (!composed.success) throw new Error(composed.error.message);
  const quitRedis = async () => {
    await runLog?.close();
    await redis?.quit().catch(() => undefined);
  };
  // From the start of a graceful stop, the health check says the instance drains (see `close`).
  let draining = false;
  const { app } = composed.data;
  const fetch = (request: Request, env?: object) => (draining && isHealthCheck(request) ? drainingHealth() : app.fetch(request, env));
  let server: ListeningServer;
  try {
    server = await listen(fetch, {
      port: config.port,
      host: config.host,
      headersTimeoutMs: config.timeouts.headersMs,
      requestTimeoutMs: config.timeouts.requestMs,
      uploads: uploadTimeouts(config),
    });
  } catch (error) {
    await dispatcher?.close();
    await quitRedis();
    throw error;
  }
  // Once this server owns its port (so its name): a previous incarnation's holds (a crash) are
  // released now, and the holds this server takes from here on are tied to its instance.
  const registered = await lease?.start(config.instance.name ?? `${hostname()}:${server.port}`);
  if (registered && !registered.success) {
    await server.close();
    await dispatcher?.close();
    await quitRedis();
    throw new Error(`the server instance could not be registered: ${registered.error.message}`);
  }
  // Now and then: idle rate-limit buckets and old chat runs are deleted (each instance does it; it is idempotent).
  const upkeep = startUpkeep({ rateLimiter: data.rateLimiter, chatRunLog: data.chatRunLog, logger });
  const { relay } = composed.data;
  logger.info('app server listening', { url: server.url, data: config.supabase ? 'supabase' : 'memory', sharedState, billing: config.billing ? config.billing.server : 'unavailable' });
  return {
    ...server,
    config,
    dataMode: config.supabase && serviceRoleKey ? 'supabase' : 'memory',
    sharedState,
    close: async () => {
      // The health check answers 503 from now on; for the drain, everything else is served as
      // usual, so what a load balancer sends before it notices is not refused. Then no new
      // connections; running answers may end within the grace, the rest are stopped (saved,
      // charged, and their end written to the shared log for clients that resume elsewhere).
      draining = true;
      if (config.shutdownDrainMs > 0) {
        logger.info('stopping: draining', { drainMs: config.shutdownDrainMs, running: relay.running });
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      server.stopAccepting();
      const running = relay.running;
      if (running > 0) logger.info('stopping: letting running answers end', { running, graceMs: config.shutdownGraceMs });
      const ended = await relay.close(config.shutdownGraceMs);
      if (running > 0) logger.info('stopping: running answers ended', ended);
      upkeep.stop();
      await server.close();
      await lease?.stop();
      await dispatcher?.close();
      await quitRedis();
    },
  };
}

/** Uploads (the streamed-body routes, POST) go on while bytes keep coming, within their own limits. */
export const uploadTimeouts = (config: ServerConfig): UploadTimeouts => ({
  matches: (method, path) => method === 'POST' && STREAMED_BODY_PATHS.has(path),
  idleMs: config.timeouts.uploadIdleMs,
  maxMs: config.timeouts.uploadMs,
});

const isHealthCheck = (request: Request) => (request.method === 'GET' || request.method === 'HEAD') && new URL(request.url).pathname === '/api/health';

/** GET /api/health while the instance drains: 503, so a load balancer takes it out of rotation. */
const drainingHealth = () =>
  new Response(JSON.stringify({ status: 'draining' }), { status: 503, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
