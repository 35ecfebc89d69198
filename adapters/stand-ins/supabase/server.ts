import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { requireApiKey } from './api-key-guard.js';
import { makeAuthApp } from './auth/auth-app.js';
import type { AuthRateLimits } from './auth/auth-limits.js';
import type { LocalDb } from './db.js';
import { openLocalDb } from './db.js';
import type { Listening } from './http-listen.js';
import { listen } from './http-listen.js';
import type { LocalKeys } from './keys.js';
import { openLocalKeys } from './keys.js';
import type { Mailbox, StoredEmail } from './mailbox/mailbox.js';
import { openMailbox } from './mailbox/mailbox.js';
import { makeMailboxApp } from './mailbox/mailbox-app.js';
import type { SmtpTarget } from './mailbox/smtp-delivery.js';
import { deliverBySmtp, parseSmtpUrl } from './mailbox/smtp-delivery.js';
import { makeRestApp } from './rest/rest-app.js';
import { diskObjectBytes, memoryObjectBytes } from './storage/object-bytes.js';
import { makeStorageApp } from './storage/storage-app.js';

export interface LocalSupabaseOptions {
  /** Root data folder (`.data`): Postgres in `<dataDir>/postgres`, keys and mailbox beside it. Omitted: all in memory. */
  readonly dataDir?: string;
  /** API port, 54321 like the Supabase CLI; 0 picks a free port. */
  readonly port?: number;
  /** Mailbox UI port, 54324 like the CLI's Mailpit; 0 picks a free port. */
  readonly mailboxPort?: number;
  readonly host?: string;
  /** The app's address: redirects default to it and must share its origin (or an additional URL's). */
  readonly siteUrl?: string;
  readonly additionalRedirectUrls?: readonly string[];
  readonly emailMinIntervalSeconds?: number;
  readonly otpTtlSeconds?: number;
  /** Grace for a used refresh token whose child is still active (GoTrue default 10 s; 0: off). */
  readonly refreshTokenReuseIntervalSeconds?: number;
  /**
   * Auth requests per client address per window (sign-ins and sign-ups 30, verifications 30, token
   * requests 150, per 300 s, as Supabase's defaults); those left out keep the default, 0 turns one off.
   */
  readonly authRateLimits?: Partial<AuthRateLimits>;
  /** Wrong codes an e-mailed code survives before it is deleted (default 5; 0: off). */
  readonly otpMaxAttempts?: number;
  /** Opens the database from a `dumpTemplate()` copy (tests start faster); with dataDir, only into an empty folder. */
  readonly dbTemplate?: Blob;
  /**
   * A database already open and migrated to serve instead of opening one (tests hand them out from a
   * pool); `stop()` calls its `close()` as it would its own. dataDir then keeps only keys, mail and objects.
   */
  readonly db?: LocalDb;
  /** A database on a PostgreSQL server instead of PGlite (then dataDir keeps only keys and mail). */
  readonly postgresUrl?: string;
  readonly now?: () => number;
  /** Storage's global upload limit in bytes (50 MB by default, as Supabase's); buckets may set lower ones. */
  readonly maxObjectBytes?: number;
  /** Called after each e-mail lands in the mailbox (the CLI prints a one-line notice). */
  readonly onEmailSent?: (email: StoredEmail) => void;
  /** Also hands every e-mail to this SMTP server (e.g. a local Mailpit); the mailbox keeps a copy. */
  readonly smtp?: SmtpTarget;
  /** The schemas REST exposes (PostgREST `db-schemas`, hosted "Exposed schemas"); `['public']` if unset. */
  readonly restSchemas?: readonly string[];
  /**
   * The most rows a read or a function's rows answer (PostgREST `db-max-rows`): 1000 unless set, as a
   * hosted project's "Max rows"; null answers every row.
   */
  readonly restMaxRows?: number | null;
}

/** A hosted project's API setting "Max rows" until it is changed. */
export const HOSTED_MAX_ROWS = 1000;

export interface LocalSupabase {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly mailboxUrl: string;
  readonly db: LocalDb;
  readonly keys: LocalKeys;
  readonly mailbox: Mailbox;
  stop(): Promise<void>;
}

/** Headers the browser may read: PostgREST's Content-Range, GoTrue's version and error code, a limit's Retry-After. */
const EXPOSED_HEADERS = ['Content-Range', 'Content-Location', 'Location', 'Range-Unit', 'X-Supabase-Api-Version', 'x-sb-error-code', 'Retry-After'];

/** Starts the stand-in: Auth, REST and Storage on one port, the mailbox on another. */
export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const host = options.host ?? '127.0.0.1';
  if (options.smtp) parseSmtpUrl(options.smtp.url);
  const now = options.now ?? Date.now;
  let handler: (request: Request, env: HttpBindings) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503, headers: { 'Retry-After': '1' } });
  const api = await listen((request, env) => handler(request, env), options.port ?? 54321, host);
  const servers: Listening[] = [api];
  let db: LocalDb | undefined;
  try {
    const url = `http://${host}:${api.port}`;
    db =
      options.db ??
      (await openLocalDb({
        ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
        ...(options.dataDir && !options.postgresUrl ? { dataDir: join(options.dataDir, 'postgres') } : {}),
        ...(options.dbTemplate ? { template: options.dbTemplate } : {}),
      }));
    const keys = await openLocalKeys({ dataDir: options.dataDir, issuer: `${url}/auth/v1`, now });
    const mailbox = await openMailbox({
      file: options.dataDir ? join(options.dataDir, 'mailbox.jsonl') : undefined,
      now,
      onSent: (email) => {
        options.onEmailSent?.(email);
        // Delivery must not hold up or fail the sign-in request, as a real mail queue would not.
        if (options.smtp) {
          deliverBySmtp(options.smtp, email).catch((error: Error) =>
            console.error(`[mailbox] SMTP delivery to ${email.to} failed: ${error.message}`),
          );
        }
      },
    });
    const mail = await listen(makeMailboxApp(mailbox).fetch, options.mailboxPort ?? 54324, host);
    servers.push(mail);

    const app = new Hono();
    app.use('*', cors({ origin: (origin) => origin, allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], exposeHeaders: EXPOSED_HEADERS, maxAge: 86400 }));
    app.route(
      '/auth/v1',
      await makeAuthApp({
        db: db.sql,
        keys,
        mailbox,
        siteUrl: options.siteUrl ?? 'http://127.0.0.1:3000',
        apiExternalUrl: url,
        additionalRedirectUrls: options.additionalRedirectUrls ?? ['http://localhost:3000'],
        ...(options.emailMinIntervalSeconds === undefined ? {} : { emailMinIntervalSeconds: options.emailMinIntervalSeconds }),
        ...(options.otpTtlSeconds === undefined ? {} : { otpTtlSeconds: options.otpTtlSeconds }),
        ...(options.refreshTokenReuseIntervalSeconds === undefined
          ? {}
          : { refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds }),
        ...(options.authRateLimits === undefined ? {} : { rateLimits: options.authRateLimits }),
        ...(options.otpMaxAttempts === undefined ? {} : { otpMaxAttempts: options.otpMaxAttempts }),
        now,
      }),
    );
    app.use('/rest/v1/*', requireApiKey(keys));
    app.route('/rest/v1', makeRestApp({
      db, verifyJwt: restVerifier(keys), now, maxRows: options.restMaxRows === undefined ? HOSTED_MAX_ROWS : options.restMaxRows,
      ...(options.restSchemas ? { schemas: options.restSchemas } : {}),
    }));
    // Storage checks the JWT itself (its gateway route has no key check), as the hosted one does.
    const bytes = options.dataDir ? diskObjectBytes(join(options.dataDir, 'storage')) : memoryObjectBytes();
    app.route('/storage/v1', makeStorageApp({ db, keys, bytes, now, ...(options.maxObjectBytes ? { maxObjectBytes: options.maxObjectBytes } : {}) }));
    app.get('/', (c) => c.json({ name: 'Local Supabase stand-in', auth: `${url}/auth/v1`, rest: `${url}/rest/v1`, storage: `${url}/storage/v1`, mailbox: `http://${host}:${mail.port}` }));
    handler = app.fetch;

    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      mailboxUrl: `http://${host}:${mail.port}`,
      db,
      keys,
      mailbox,
      stop: () => closeAll(servers, db),
    };
  } catch (error) {
    await closeAll(servers, db);
    throw error;
  }
}

/** The REST side wants claims or a throw carrying jose's error code (it maps expiry to PGRST303). */
const restVerifier = (keys: LocalKeys) => async (token: string) => {
  const verified = await keys.verifyJwt(token);
  if (verified.success) return verified.data;
  const code = verified.error.reason === 'expired' ? 'ERR_JWT_EXPIRED' : 'ERR_JWT_INVALID';
  throw Object.assign(new Error(verified.error.message), { code });
};

/** Servers first (no new requests), the database last. */
async function closeAll(servers: readonly Listening[], db: LocalDb | undefined): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
  await db?.close();
}
