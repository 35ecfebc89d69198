import { hostname } from 'node:os';
import { openServerAdapters } from '../../adapters/composition/server.js';
import type { Logger } from '../../core/shared/index.js';
import { composeServer } from './compose-server.js';
import { parseServerConfig, type ServerConfig } from './config.js';
import { createJsonLogger } from './json-logger.js';
import { STREAMED_BODY_PATHS } from './http/body-limit.js';
import { listen, type ListeningServer, type UploadTimeouts } from './listen.js';
import { instanceLease, leaseSecondsFor } from './instance-lease.js';
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
  const adapters = await openServerAdapters(
    {
      env,
      supabase: config.supabase,
      redisUrl: config.redisUrl,
      billing: config.billing,
      billingTimeoutMs: config.billingCalls.timeoutMs,
      leaseSeconds: leaseSecondsFor(config.instance.heartbeatMs),
    },
    logger,
  );
  const { data, dataMode, sharedState } = adapters;
  const lease = adapters.instance ? instanceLease(adapters.instance, { heartbeatMs: config.instance.heartbeatMs, logger }) : null;
  const composed = composeServer({ config, logger, data, billing: adapters.billing, modelGateway: adapters.modelGateway });
  if (!composed.success) {
    await adapters.close();
    throw new Error(composed.error.message);
  }
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
    await adapters.close();
    throw error;
  }
  // Once this server owns its port (so its name): a previous incarnation's holds (a crash) are
  // released now, and the holds this server takes from here on are tied to its instance.
  const registered = await lease?.start(config.instance.name ?? `${hostname()}:${server.port}`);
  if (registered && !registered.success) {
    await server.close();
    await adapters.close();
    throw new Error(`the server instance could not be registered: ${registered.error.message}`);
  }
  // Now and then: idle rate-limit buckets and old chat runs are deleted (each instance does it; it is idempotent).
  const upkeep = startUpkeep({ rateLimiter: data.rateLimiter, chatRunLog: data.chatRunLog, logger });
  const { relay } = composed.data;
  logger.info('app server listening', { url: server.url, data: config.supabase ? 'supabase' : 'memory', sharedState, billing: config.billing ? config.billing.server : 'unavailable' });
  return {
    ...server,
    config,
    dataMode,
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
      await adapters.close();
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
