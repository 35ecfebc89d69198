import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireApiKey } from '../api-key-guard.js';
import type { LocalKeys } from '../keys.js';
import type { Mailbox } from '../mailbox/mailbox.js';
import type { AuthContext, AuthDb } from './auth-context.js';
import type { AuthRateLimits } from './auth-limits.js';
import { DEFAULT_OTP_MAX_ATTEMPTS, withDefaultRateLimits } from './auth-limits.js';
import { authFailure, respondAuthError } from './gotrue-errors.js';
import { registerAdminRoutes } from './admin-routes.js';
import { registerOAuthRoutes } from './oauth-routes.js';
import { registerOtpRoute } from './otp-route.js';
import { registerPasswordRoutes } from './password-routes.js';
import { limitRequestsPerAddress } from './request-rate-limit.js';
import { registerTokenRoute } from './token-route.js';
import { registerUserRoutes } from './user-routes.js';
import { registerVerifyRoutes } from './verify-route.js';

export interface AuthAppOptions {
  readonly db: AuthDb;
  readonly keys: LocalKeys;
  readonly mailbox: Mailbox;
  readonly siteUrl: string;
  /** Public base URL of the stand-in (links in e-mails and the Google page point under it). */
  readonly apiExternalUrl: string;
  readonly additionalRedirectUrls?: readonly string[];
  readonly otpTtlSeconds?: number;
  /** Default 60 s like hosted Supabase; 0 turns the per-address e-mail limit off. */
  readonly emailMinIntervalSeconds?: number;
  readonly flowStateTtlSeconds?: number;
  /** Default 10 s like GoTrue; 0 makes every replay of a used refresh token end its session. */
  readonly refreshTokenReuseIntervalSeconds?: number;
  /** Per client address limits and the project's e-mails per hour, GoTrue's defaults for those left out; 0 turns one off. */
  readonly rateLimits?: Partial<AuthRateLimits>;
  /** Wrong codes an e-mailed code survives (default 5); 0 turns the count off. */
  readonly otpMaxAttempts?: number;
  readonly now?: () => number;
}

/** Kong leaves these open: a browser reaches them by navigation, without headers. */
const OPEN_PATHS = /\/(verify|callback|authorize|local-google|\.well-known\/jwks\.json)$/;
const MAX_BODY_BYTES = 64 * 1024;

/** The auth tables beside auth.users, which Auth creates (idempotently) each time it starts. */
export const authSchemaFile = fileURLToPath(new URL('./auth-schema.sql', import.meta.url));

/** Creates the auth tables beside auth.users (idempotent) and answers the `/auth/v1` sub-app. */
export async function makeAuthApp(options: AuthAppOptions): Promise<Hono> {
  await options.db.exec(await readFile(authSchemaFile, 'utf8'));
  const limits = withDefaultRateLimits(options.rateLimits);
  const ctx: AuthContext = {
    db: options.db,
    keys: options.keys,
    mailbox: options.mailbox,
    siteUrl: options.siteUrl,
    apiExternalUrl: options.apiExternalUrl.replace(/\/+$/, ''),
    additionalRedirectUrls: options.additionalRedirectUrls ?? [],
    otpTtlSeconds: options.otpTtlSeconds ?? 3600,
    emailMinIntervalSeconds: options.emailMinIntervalSeconds ?? 60,
    emailsSentPerHour: limits.emailsSentPerHour,
    otpMaxAttempts: options.otpMaxAttempts ?? DEFAULT_OTP_MAX_ATTEMPTS,
    flowStateTtlSeconds: options.flowStateTtlSeconds ?? 300,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    now: options.now ?? Date.now,
  };
  const app = new Hono();
  app.onError((error, c) => {
    console.error('[supabase-local auth]', error);
    return respondAuthError(c, authFailure(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });
  app.use('*', requireApiKey(ctx.keys, (path) => OPEN_PATHS.test(path)));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => respondAuthError(c, authFailure(413, 'request_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes`)),
    }),
  );
  // Before the routes, so a refused request is never read. /otp and /callback share one count.
  const perAddress = (limit: number) => limitRequestsPerAddress(limit, limits.windowSeconds, ctx.now);
  const signIns = perAddress(limits.signInsAndSignUps);
  app.use('/otp', signIns);
  app.use('/signup', signIns);
  app.use('/callback', signIns);
  app.use('/verify', perAddress(limits.tokenVerifications));
  app.use('/token', perAddress(limits.tokenRefreshes));
  registerOtpRoute(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerVerifyRoutes(app, ctx);
  registerTokenRoute(app, ctx);
  registerOAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, google: true, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
  // Symmetric HS256 keys are never published: GoTrue answers an empty set, so auth-js getClaims() asks /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));
  app.get('/health', (c) =>
    c.json({ version: 'local-stand-in', name: 'GoTrue', description: 'Local stand-in for Supabase Auth (Ensemble)' }),
  );
  // What the stand-in does not serve (phone, MFA, SSO, admin factors…) is answered
  // in GoTrue's error shape, so auth-js reports an AuthApiError with a code instead of failing to parse.
  // A mounted sub-app's notFound is not consulted by its parent, hence a catch-all route.
  app.all('*', (c) =>
    respondAuthError(c, authFailure(404, 'not_found', `${c.req.method} ${new URL(c.req.url).pathname} is not served by the local Supabase stand-in`)));
  return app;
}
