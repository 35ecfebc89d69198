import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Logger, RateLimiter } from '../../core/shared/index.js';
import type { ChatRunRelay } from '../../core/chat/index.js';
import { requireUser } from './auth/require-user.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { apiError } from './http/api-error.js';
import type { AppEnv, ServerUseCaseSource } from './http/app-env.js';
import { ATTACHMENT_BODY_LIMIT_BYTES, bodyLimit, isClientGone, JSON_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from './http/body-limit.js';
import { countAfterRoute, rateLimits, type RateLimitOptions } from './http/rate-limit.js';
import { securityHeaders, setAnswerHeaders } from './http/security-headers.js';
import { serveClient } from './http/static-client.js';
import { hasControlCharacters } from './http/validate.js';
import { accountRoutes } from './routes/account-routes.js';
import { attachmentRoutes } from './routes/attachment-routes.js';
import { billingRoutes } from './routes/billing-routes.js';
import { chatRoutes } from './routes/chat-routes.js';
import { conversationRoutes } from './routes/conversation-routes.js';
import { publicRoutes, type PublicConfig } from './routes/public-routes.js';
import { presetRoutes, searchRoutes } from './routes/search-routes.js';
import { sharedRoutes, shareRoutes } from './routes/share-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';

export interface CreateAppOptions {
  readonly useCases: ServerUseCaseSource;
  readonly verifyToken: TokenVerifier;
  readonly logger: Logger;
  readonly publicConfig: Omit<PublicConfig, 'billingAvailable'>;
  readonly billingAvailable: () => boolean;
  readonly webhookSecret: string | null;
  /** Per user, on every write of a user route. */
  readonly rateLimit: RateLimitOptions;
  /** Generous: per user on reads of user routes, per client address on the public routes. */
  readonly readRateLimit?: RateLimitOptions;
  /**
   * Where the buckets live: `shared` by every instance (Postgres, Redis, or this process's memory),
   * and `local`, this instance's own, which bound it when the shared store does not answer.
   */
  readonly rateLimiters: { readonly shared: RateLimiter; readonly local: RateLimiter };
  /** The chat runs: published, resumed and stopped through it (see ChatRunRelay). */
  readonly relay: ChatRunRelay;
  /** Read the client's address from X-Forwarded-For (set only behind a proxy that appends it). */
  readonly trustProxy?: boolean;
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

  const security = securityHeaders({ supabaseUrl: options.publicConfig.supabaseUrl, tagManager: options.publicConfig.tagManagerId !== null, supportWidgetSrc: options.publicConfig.supportWidgetSrc });
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 100) || randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger);
    await next();
    setAnswerHeaders(c, { 'X-Request-Id': requestId, ...security });
    logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    });
  });

  const appUrl = (requestUrl: string) => options.publicUrl ?? new URL(requestUrl).origin;
  const authed = requireUser(options.verifyToken, options.useCases);
  const limits = rateLimits(options.rateLimiters.shared, options.rateLimiters.local, logger);
  const limited = limits.user(options.rateLimit, 'write');
  const reads = options.readRateLimit ?? { perMinute: 600, burst: 120 };
  const readLimited = limits.user(reads, 'read');
  const publicLimited = limits.address(reads, options.trustProxy ?? false);
  // Bodies are bounded while they stream in, before a route reads them (webhooks may be larger).
  app.use('*', bodyLimit((path) => (path === '/api/webhooks/billing' ? WEBHOOK_BODY_LIMIT_BYTES : path === '/api/attachments' ? ATTACHMENT_BODY_LIMIT_BYTES : JSON_BODY_LIMIT_BYTES)));

  const api = new Hono<AppEnv>();
  // Text Postgres refuses never reaches a route: a NUL (or any control character) in the decoded
  // path or query is a 400 here, before authentication, whichever route it names.
  api.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' '));
    } catch {
      return apiError(c, 400, 'validation', 'The address is not valid percent-encoded UTF-8');
    }
    if (hasControlCharacters(decoded)) return apiError(c, 400, 'validation', 'The address contains a control character (such as NUL); remove it');
    await next();
  });
  // Public: the only routes anyone may call, each named here, limited per client address (the
  // webhook is signed and retried by the provider, so it is not limited).
  for (const path of ['/health', '/config', '/models', '/billing/plan', '/shared/*']) {
    api.use(path, async (c, next) => {
      const tooMany = await publicLimited(c);
      if (tooMany) return tooMany;
      try {
        await next();
      } finally {
        countAfterRoute(c);
      }
    });
  }
  api.route('/', publicRoutes({ useCases: options.useCases, publicConfig: () => options.publicConfig, billingAvailable: options.billingAvailable }));
  api.route('/webhooks', webhookRoutes({ useCases: options.useCases, secret: () => options.webhookSecret }));
  api.route('/shared', sharedRoutes(options.useCases));
  // Everything else is private by default: mounted on `user`, behind the token check, then the
  // per-user rate limit on writes (they cost money or provider calls). A route added here cannot
  // forget either, and an unknown path answers 401 before it answers 404.
  const user = new Hono<AppEnv>();
  // The rate limit is taken as soon as the token's signature names the user, while its session is
  // checked with Supabase Auth (both round trips at once); the route runs only once both allow it.
  // A bucket seen roomy is counted once the answer went out instead (see rateLimits).
  user.use('*', async (c, next) => {
    try {
      // A new chat message checks the caller's sign-in session in the same step that writes it.
      const sessionInWrite = c.req.method === 'POST' && c.req.path === '/api/chat';
      const refused = await authed(c, c.req.method === 'GET' || c.req.method === 'HEAD' ? readLimited : limited, { sessionInWrite });
      if (refused) return refused;
      await next();
    } finally {
      countAfterRoute(c);
    }
  });
  user.route('/chat', chatRoutes(options.relay));
  user.route('/conversations', conversationRoutes(options.relay));
  user.route('/conversations', shareRoutes());
  user.route('/search', searchRoutes());
  user.route('/instruction-presets', presetRoutes());
  user.route('/attachments', attachmentRoutes());
  user.route('/billing', billingRoutes({ appUrl }));
  user.route('/', accountRoutes());
  user.all('*', (c) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}`));
  api.route('/', user);
  app.route('/api', api);

  if (options.clientDist !== null) serveClient(app, options.clientDist);

  app.notFound((c) => apiError(c, 404, 'not_found', `Nothing at ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (isClientGone(c, error)) {
      // The client closed the connection (stopped an upload, went offline): nobody reads an answer.
      logger.info('client went away before the request was read', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
      return c.body(null, 499 as 400);
    }
    logger.error('unhandled error', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error });
    return apiError(c, 500, 'internal', 'Something went wrong on our side; it has been logged');
  });
  return app;
}
