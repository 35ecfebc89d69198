import { Hono, type Context } from 'hono';
import type { Logger, RateLimiter } from '../../core/shared/index.js';
import type { ChatRunRelay } from '../../core/chat/index.js';
import type { BillingWebhookReader } from '../../core/billing/index.js';
import { requireUser, userGate } from './auth/require-user.js';
import type { TokenVerifier } from '../../adapters/auth/token-verifier.js';
import { apiError } from './http/api-error.js';
import type { AppEnv, ServerUseCaseSource } from './http/app-env.js';
import { ATTACHMENT_BODY_LIMIT_BYTES, bodyLimit, isClientGone, JSON_BODY_LIMIT_BYTES, streamedBodyLimit, WEBHOOK_BODY_LIMIT_BYTES } from './http/body-limit.js';
import { limitedBy, rateLimits, type RateLimitOptions } from './http/rate-limit.js';
import { requestIds, requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { clientApp } from './http/static-client.js';
import { refuseControlCharacters } from './http/validate.js';
import { accountRoutes } from './routes/account-routes.js';
import { attachmentRoutes } from './routes/attachment-routes.js';
import { billingRoutes } from './routes/billing-routes.js';
import { chatRoutes, summaryRoutes } from './routes/chat-routes.js';
import { compareRoutes } from './routes/compare-routes.js';
import { conversationRoutes } from './routes/conversation-routes.js';
import { publicRoutes, type PublicConfig } from './routes/public-routes.js';
import { presetRoutes, searchRoutes } from './routes/search-routes.js';
import { sharedRoutes, shareRoutes } from './routes/share-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import { requestAppUrl } from './http/app-origin.js';

export interface CreateAppOptions {
  readonly useCases: ServerUseCaseSource;
  readonly verifyToken: TokenVerifier;
  readonly logger: Logger;
  readonly publicConfig: Omit<PublicConfig, 'billingAvailable'>;
  readonly billingAvailable: () => boolean;
  /** The billing provider's webhook deliveries, verified and read into the core's events. */
  readonly webhookReader: BillingWebhookReader;
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
 *
 * Each group of routes is a sub-app that attaches its own middleware, in the order it runs:
 * - every answer (this app): request id, request log, security headers;
 * - /api: the address check (no control characters), then, first match wins:
 *   - /api/webhooks: body limit 1 MiB (read whole: the signature is over the raw body);
 *   - the public routes and /api/shared: the per-address rate limit (no body: GET only);
 *   - /api/attachments: the streamed 10 MB body limit, then the user gate;
 *   - the user routes: body limit 256 KiB, then the user gate (token and per-user rate limit);
 *     POST /api/chat names its own gate, which checks the session in the chat's own write;
 * - the built client (GET, HEAD).
 */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const { logger } = options;
  // The origin the browser used when it is one of the app's own (127.0.0.1 beside localhost), else the public address.
  const appUrl = (requestUrl: string) => requestAppUrl(options.publicUrl, requestUrl);
  const authed = requireUser(options.verifyToken, options.useCases);
  const limits = rateLimits(options.rateLimiters.shared, options.rateLimiters.local, logger);
  const reads = options.readRateLimit ?? { perMinute: 600, burst: 120 };
  const perUser = { writes: limits.user(options.rateLimit, 'write'), reads: limits.user(reads, 'read') };
  const perAddress = limitedBy(limits.address(reads, options.trustProxy ?? false));
  // Everything of the user's is private by default: behind the gate, so a route added to these
  // sub-apps cannot forget it, and an unknown path answers 401 before it answers 404.
  const gate = userGate(authed, perUser);
  const noApiRoute = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}`);

  // Signed and retried by the provider, so not rate limited; read whole for its signature check.
  const webhooks = new Hono<AppEnv>();
  webhooks.use(bodyLimit(WEBHOOK_BODY_LIMIT_BYTES));
  webhooks.route('/', webhookRoutes({ useCases: options.useCases, reader: options.webhookReader }));

  const publicApi = publicRoutes({ useCases: options.useCases, publicConfig: () => options.publicConfig, billingAvailable: options.billingAvailable, limited: perAddress });

  const shared = new Hono<AppEnv>();
  shared.use(perAddress);
  shared.route('/', sharedRoutes(options.useCases));

  // An upload is not read until the gate knows the caller (see streamedBodyLimit).
  const attachments = new Hono<AppEnv>();
  attachments.use(streamedBodyLimit(ATTACHMENT_BODY_LIMIT_BYTES));
  attachments.use(gate);
  attachments.route('/', attachmentRoutes());
  attachments.all('*', noApiRoute);

  // Bodies are bounded while they stream in, before the gate and the route read them.
  const user = new Hono<AppEnv>();
  user.use(bodyLimit(JSON_BODY_LIMIT_BYTES));
  // A new chat message checks the caller's sign-in session in the same step that writes it.
  user.post('/chat', userGate(authed, perUser, { sessionInWrite: true }));
  user.use(gate);
  user.route('/chat', chatRoutes(options.relay));
  user.route('/conversations', conversationRoutes(options.relay));
  user.route('/conversations', shareRoutes());
  user.route('/conversations', summaryRoutes(options.relay));
  user.route('/search', searchRoutes());
  user.route('/instruction-presets', presetRoutes());
  user.route('/', compareRoutes());
  user.route('/billing', billingRoutes({ appUrl }));
  user.route('/', accountRoutes());
  user.all('*', noApiRoute);

  const api = new Hono<AppEnv>();
  api.use(refuseControlCharacters());
  api.route('/webhooks', webhooks);
  api.route('/', publicApi);
  api.route('/shared', shared);
  api.route('/attachments', attachments);
  api.route('/', user);

  const app = new Hono<AppEnv>();
  app.use(requestIds());
  app.use(requestLog(logger));
  app.use(securityHeaders({ supabaseUrl: options.publicConfig.supabaseUrl, tagManager: options.publicConfig.tagManagerId !== null, supportWidgetSrc: options.publicConfig.supportWidgetSrc }));
  app.route('/api', api);
  if (options.clientDist !== null) app.route('/', clientApp(options.clientDist));

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
