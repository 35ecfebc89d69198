import { z } from 'zod';
import { DEFAULT_CREDITS_PER_PERIOD } from '../../core/billing/index.js';
import { WEBHOOK_CRASH_POINTS, type WebhookCrashPoint } from '../../adapters/faults/crash-seam.js';
import { LOG_LEVELS, type LogLevel } from './json-logger.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** app spec §5: the wording of a bad backend address. */
export const SUPABASE_URL_MESSAGE =
  'SUPABASE_URL must follow the form of a project address on the provider\'s host, e.g. https://<project-ref>.supabase.co (http://localhost:<port> or http://127.0.0.1:<port> for a local stand-in)';

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const text = z.preprocess(blankIsUnset, z.string().trim().optional());
const whole = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

const supabaseUrl = z.preprocess(
  blankIsUnset,
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isProjectAddress(value), SUPABASE_URL_MESSAGE)
    .transform((value) => value?.replace(/\/+$/, '')),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(blankIsUnset, z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development')),
  HOST: z.preprocess(blankIsUnset, z.string().default('127.0.0.1')),
  PORT: whole('PORT', 0, 65535, 3000),
  PUBLIC_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional()),
  SUPABASE_URL: supabaseUrl,
  SUPABASE_ANON_KEY: text,
  SUPABASE_SERVICE_ROLE_KEY: text,
  SUPABASE_JWT_SECRET: text,
  BILLING_ACCESS_TOKEN: text,
  BILLING_SERVER: z.preprocess(
    (value) => {
      const v = blankIsUnset(value);
      return v === 'production' ? 'https://api.polar.sh' : v === 'sandbox' ? 'https://sandbox-api.polar.sh' : v;
    },
    z.url({ protocol: /^https?$/, error: 'BILLING_SERVER must be production, sandbox or an http(s) URL' }).optional(),
  ),
  BILLING_WEBHOOK_SECRET: text,
  BILLING_PRODUCT_ID: text,
  BILLING_DISCOUNT_ID: text,
  CREDITS_PER_PERIOD: whole('CREDITS_PER_PERIOD', 1, 1_000_000, DEFAULT_CREDITS_PER_PERIOD),
  RATE_LIMIT_PER_MINUTE: whole('RATE_LIMIT_PER_MINUTE', 1, 100_000, 30),
  RATE_LIMIT_BURST: whole('RATE_LIMIT_BURST', 1, 100_000, 10),
  RATE_LIMIT_READS_PER_MINUTE: whole('RATE_LIMIT_READS_PER_MINUTE', 1, 1_000_000, 600),
  RATE_LIMIT_READS_BURST: whole('RATE_LIMIT_READS_BURST', 1, 1_000_000, 120),
  TRUST_PROXY: z.preprocess(blankIsUnset, z.enum(['true', 'false', '1', '0'], { error: 'TRUST_PROXY must be true or false' }).default('false')),
  HEADERS_TIMEOUT_MS: whole('HEADERS_TIMEOUT_MS', 100, 600_000, 10_000),
  REQUEST_TIMEOUT_MS: whole('REQUEST_TIMEOUT_MS', 100, 600_000, 30_000),
  UPLOAD_IDLE_TIMEOUT_MS: whole('UPLOAD_IDLE_TIMEOUT_MS', 100, 600_000, 10_000),
  // 10 MB (the largest file) at about 17 KB/s, a poor mobile connection.
  UPLOAD_TIMEOUT_MS: whole('UPLOAD_TIMEOUT_MS', 1000, 3_600_000, 600_000),
  BILLING_TIMEOUT_MS: whole('BILLING_TIMEOUT_MS', 100, 60_000, 5_000),
  BILLING_BREAKER_FAILURES: whole('BILLING_BREAKER_FAILURES', 1, 1000, 3),
  BILLING_BREAKER_COOLDOWN_MS: whole('BILLING_BREAKER_COOLDOWN_MS', 100, 3_600_000, 30_000),
  AUTH_SESSION_CHECK_MS: whole('AUTH_SESSION_CHECK_MS', 0, 300_000, 5_000),
  INSTANCE_HEARTBEAT_MS: whole('INSTANCE_HEARTBEAT_MS', 100, 600_000, 5_000),
  INSTANCE_NAME: text,
  REDIS_URL: z.preprocess(blankIsUnset, z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional()),
  CHAT_RUN_FLUSH_MS: whole('CHAT_RUN_FLUSH_MS', 5, 1000, 25),
  SHUTDOWN_GRACE_MS: whole('SHUTDOWN_GRACE_MS', 0, 600_000, 10_000),
  SHUTDOWN_DRAIN_MS: whole('SHUTDOWN_DRAIN_MS', 0, 600_000, 0),
  FAULT_WEBHOOK_CRASH: z.preprocess(blankIsUnset, z.enum(WEBHOOK_CRASH_POINTS, { error: `FAULT_WEBHOOK_CRASH must be one of ${WEBHOOK_CRASH_POINTS.join(', ')}` }).optional()),
  TAG_MANAGER_ID: z.preprocess(blankIsUnset, z.string().regex(/^GTM-[A-Z0-9]+$/, 'TAG_MANAGER_ID must look like GTM-XXXXXXX').optional()),
  SUPPORT_WIDGET_SRC: z.preprocess(blankIsUnset, z.url({ protocol: /^https$/, error: 'SUPPORT_WIDGET_SRC must be an https URL' }).optional()),
  CLIENT_DIST: z.preprocess(blankIsUnset, z.string().default('web/client/dist')),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
});

export interface ServerConfig {
  readonly mode: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string | null;
  readonly supabase: { readonly url: string; readonly anonKey: string; readonly serviceRoleKey: string | null; readonly jwtSecret: string | null } | null;
  readonly billing: {
    readonly accessToken: string;
    readonly server: string;
    readonly productId: string;
    readonly discountId: string | null;
  } | null;
  /** Verifies billing webhooks; independent of the access token (a sandbox may sign while the token is rotated). */
  readonly billingWebhookSecret: string | null;
  readonly creditsPerPeriod: number;
  /** Per-user bucket on writes (chat, billing, every POST / PATCH / DELETE of a user route). */
  readonly rateLimit: { readonly perMinute: number; readonly burst: number };
  /** Per-user bucket on reads, and per-address on the public routes: generous, against scraping and floods. */
  readonly readRateLimit: { readonly perMinute: number; readonly burst: number };
  /** Behind a proxy that appends the client's address to X-Forwarded-For. */
  readonly trustProxy: boolean;
  /**
   * Limits on receiving a request: headers, and the whole request with its body; an upload instead
   * goes on while bytes keep coming (cut after `uploadIdleMs` without one), up to `uploadMs` in all.
   */
  readonly timeouts: { readonly headersMs: number; readonly requestMs: number; readonly uploadIdleMs: number; readonly uploadMs: number };
  /** Billing calls made while a user waits: their timeout, and the circuit breaker over them. */
  readonly billingCalls: { readonly timeoutMs: number; readonly breakerFailures: number; readonly breakerCooldownMs: number };
  /** How long a checked sign-in session is trusted before it is asked again (0: never asked; not in production). */
  readonly sessionCheckMs: number;
  /**
   * This server's lease on the credit holds it takes: renewed every `heartbeatMs`, lapses after three
   * missed beats. `name` (default host:port) is how a restart finds and ends its previous incarnation.
   */
  readonly instance: { readonly name: string | null; readonly heartbeatMs: number };
  /** Shared state in Redis (rate limits, chat runs) instead of Postgres; every instance must name the same one. */
  readonly redisUrl: string | null;
  /** How often this instance writes its running answers' new events to the shared run log (at most). */
  readonly chatRuns: { readonly flushMs: number };
  /** On SIGTERM: how long running answers may go on before they are stopped (saved and charged as they are). */
  readonly shutdownGraceMs: number;
  /**
   * On SIGTERM, first: how long the server goes on taking connections and serving, with /api/health
   * at 503, so a load balancer that checks it stops sending requests here before they would be refused.
   */
  readonly shutdownDrainMs: number;
  /** Fault-test seams, refused in production: kill the process at a point of applying a webhook. */
  readonly faults: { readonly webhookCrash: WebhookCrashPoint | null };
  readonly tagManagerId: string | null;
  readonly supportWidgetSrc: string | null;
  readonly clientDist: string;
  /** The least severe log line written: `info` logs every request, `warn` only problems. */
  readonly logLevel: LogLevel;
}

/** https://<ref>.supabase.co (or .supabase.in), or a loopback stand-in over http. */
function isProjectAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.pathname !== '/' || url.search !== '' || url.username !== '') return false;
  if (url.protocol === 'https:' && /^[a-z0-9-]+\.supabase\.(co|in)$/i.test(url.hostname)) return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Values a careless deployment might leave in place; production refuses them. */
const PLACEHOLDER = /^(changeme|change-me|secret|test|example|placeholder|your[-_].*|x+|0+)$/i;

/**
 * Reads the server's environment. Every problem is reported at once; in production the Supabase and
 * billing secrets are required and must not be placeholders (no default secret is ever accepted).
 */
export function parseServerConfig(env: Readonly<Record<string, string | undefined>>): Result<ServerConfig> {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, env[k]])));
  if (!parsed.success) return problems(parsed.error.issues.map((i) => i.message));
  const e = parsed.data;
  const issues: string[] = [];
  if (e.SUPABASE_URL !== undefined && e.SUPABASE_ANON_KEY === undefined) issues.push('SUPABASE_ANON_KEY is required with SUPABASE_URL');
  if (e.SUPABASE_URL === undefined && (e.SUPABASE_ANON_KEY ?? e.SUPABASE_SERVICE_ROLE_KEY ?? e.SUPABASE_JWT_SECRET) !== undefined) {
    issues.push('SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY / SUPABASE_JWT_SECRET are set but SUPABASE_URL is not');
  }
  if (e.BILLING_ACCESS_TOKEN !== undefined && e.BILLING_PRODUCT_ID === undefined) issues.push('BILLING_PRODUCT_ID is required with BILLING_ACCESS_TOKEN');
  if (e.NODE_ENV === 'production') {
    const required = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'BILLING_ACCESS_TOKEN', 'BILLING_WEBHOOK_SECRET'] as const;
    for (const name of required) if (e[name] === undefined) issues.push(`${name} is required when NODE_ENV=production`);
    if (e.FAULT_WEBHOOK_CRASH !== undefined) issues.push('FAULT_WEBHOOK_CRASH (a fault-test seam) is refused when NODE_ENV=production');
    if (e.AUTH_SESSION_CHECK_MS === 0) issues.push('AUTH_SESSION_CHECK_MS=0 (sessions never checked) is refused when NODE_ENV=production');
    for (const name of ['SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'BILLING_ACCESS_TOKEN', 'BILLING_WEBHOOK_SECRET'] as const) {
      const value = e[name];
      if (value !== undefined && (PLACEHOLDER.test(value) || value.length < 16)) issues.push(`${name} looks like a placeholder; set the real secret`);
    }
  }
  if (issues.length > 0) return problems(issues);
  return ok({
    mode: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    supabase:
      e.SUPABASE_URL === undefined || e.SUPABASE_ANON_KEY === undefined
        ? null
        : { url: e.SUPABASE_URL, anonKey: e.SUPABASE_ANON_KEY, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY ?? null, jwtSecret: e.SUPABASE_JWT_SECRET ?? null },
    billing:
      e.BILLING_ACCESS_TOKEN === undefined || e.BILLING_PRODUCT_ID === undefined
        ? null
        : {
            accessToken: e.BILLING_ACCESS_TOKEN,
            server: (e.BILLING_SERVER ?? 'https://api.polar.sh').replace(/\/+$/, ''),
            productId: e.BILLING_PRODUCT_ID,
            discountId: e.BILLING_DISCOUNT_ID ?? null,
          },
    billingWebhookSecret: e.BILLING_WEBHOOK_SECRET ?? null,
    creditsPerPeriod: e.CREDITS_PER_PERIOD,
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, burst: e.RATE_LIMIT_BURST },
    readRateLimit: { perMinute: e.RATE_LIMIT_READS_PER_MINUTE, burst: e.RATE_LIMIT_READS_BURST },
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    timeouts: { headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS), requestMs: e.REQUEST_TIMEOUT_MS, uploadIdleMs: e.UPLOAD_IDLE_TIMEOUT_MS, uploadMs: e.UPLOAD_TIMEOUT_MS },
    billingCalls: { timeoutMs: e.BILLING_TIMEOUT_MS, breakerFailures: e.BILLING_BREAKER_FAILURES, breakerCooldownMs: e.BILLING_BREAKER_COOLDOWN_MS },
    sessionCheckMs: e.AUTH_SESSION_CHECK_MS,
    instance: { name: e.INSTANCE_NAME ?? null, heartbeatMs: e.INSTANCE_HEARTBEAT_MS },
    redisUrl: e.REDIS_URL ?? null,
    chatRuns: { flushMs: e.CHAT_RUN_FLUSH_MS },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    faults: { webhookCrash: e.FAULT_WEBHOOK_CRASH ?? null },
    tagManagerId: e.TAG_MANAGER_ID ?? null,
    supportWidgetSrc: e.SUPPORT_WIDGET_SRC ?? null,
    clientDist: e.CLIENT_DIST,
    logLevel: e.LOG_LEVEL,
  });
}

const problems = (list: readonly string[]): Result<never> =>
  fail(domainError('validation', `Invalid server configuration: ${list.join('; ')}`, { problems: list }));

/** Every configured secret value: what must never reach the browser (tests scan for them). */
export function secretValues(config: ServerConfig): string[] {
  return [config.supabase?.serviceRoleKey, config.supabase?.jwtSecret, config.billing?.accessToken, config.billingWebhookSecret, config.redisUrl].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
}
