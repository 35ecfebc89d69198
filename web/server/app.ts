import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Logger } from '../../core/ports/logger.js';
import { requireUser } from './auth/require-user.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { apiError } from './http/api-error.js';
import type { AppEnv, ServerUseCaseSource } from './http/app-env.js';
import { userRateLimit, type RateLimitOptions } from './http/rate-limit.js';
import { securityHeaders } from './http/security-headers.js';
import { serveClient } from './http/static-client.js';
import { accountRoutes } from './routes/account-routes.js';
import { billingRoutes } from './routes/billing-routes.js';
import { chatRoutes } from './routes/chat-routes.js';
import { conversationRoutes } from './routes/conversation-routes.js';
import { publicRoutes, type PublicConfig } from './routes/public-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';

/** Routes that act for a signed-in user; of those, the POSTs that cost money or provider calls are rate limited. */
const USER_PREFIXES = ['/chat', '/conversations', '/credits', '/account', '/billing/state', '/billing/checkout', '/billing/portal', '/billing/subscription'];
const LIMITED_PREFIXES = ['/chat', '/billing/checkout', '/billing/portal', '/billing/subscription'];

export interface CreateAppOptions {
  readonly useCases: ServerUseCaseSource;
  readonly verifyToken: TokenVerifier;
  readonly logger: Logger;
  readonly publicConfig: Omit<PublicConfig, 'billingAvailable'>;
  readonly billingAvailable: () => boolean;
  readonly webhookSecret: string | null;
  readonly rateLimit: RateLimitOptions;
  /** The app's public address for hosted-page return URLs; null: the request's own origin. */
  readonly publicUrl: string | null;
  /** The built client (web/client/dist); null serves no client (API-only, tests). */
  readonly clientDist: string | null;
}

/**
 * The app server: /api (public config, models, plan; then the caller's chat, conversations, credits
 * and billing, all behind the Supabase access token), the billing webhook, and the built client.
 * Same-origin only: the browser loads the client from here and calls /api on the same origin, and
 * the webhook is server to server, so no route sends CORS headers.
 */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { logger } = options;

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 100) || randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger);
    await next();
    c.header('X-Request-Id', requestId);
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    });
  });
  app.use('*', securityHeaders({ supabaseUrl: options.publicConfig.supabaseUrl, tagManager: options.publicConfig.tagManagerId !== null, supportWidgetSrc: options.publicConfig.supportWidgetSrc }));

  const appUrl = (requestUrl: string) => options.publicUrl ?? new URL(requestUrl).origin;
  const authed = requireUser(options.verifyToken, options.useCases);
  const limited = userRateLimit(options.rateLimit);

  const api = new Hono<AppEnv>();
  api.route('/', publicRoutes({ useCases: options.useCases, publicConfig: () => options.publicConfig, billingAvailable: options.billingAvailable }));
  api.route('/webhooks', webhookRoutes({ useCases: options.useCases, secret: () => options.webhookSecret }));
  // One check per request, by path prefix (a route pattern like /chat/* would also match /chat and run twice).
  api.use('*', async (c, next) => {
    const path = c.req.path.slice('/api'.length);
    if (!USER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return next();
    const refused = await authed(c);
    if (refused) return refused;
    if (c.req.method === 'POST' && LIMITED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) {
      const tooMany = limited(c);
      if (tooMany) return tooMany;
    }
    await next();
  });
  api.route('/chat', chatRoutes());
  api.route('/conversations', conversationRoutes());
  api.route('/billing', billingRoutes({ appUrl }));
  api.route('/', accountRoutes());
  api.all('*', (c) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}`));
  app.route('/api', api);

  if (options.clientDist !== null) serveClient(app, options.clientDist);

  app.notFound((c) => apiError(c, 404, 'not_found', `Nothing at ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    logger.error('unhandled error', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error });
    return apiError(c, 500, 'internal', 'Something went wrong on our side; it has been logged');
  });
  return app;
}
