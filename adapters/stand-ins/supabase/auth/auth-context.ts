import type { SqlDb, SqlQueryable } from '../sql-db.js';
import type { LocalKeys } from '../keys.js';
import type { Mailbox } from '../mailbox/mailbox.js';

/** The database as the Auth stand-in uses it: always as the superuser. */
export type AuthDb = Pick<SqlDb, 'query' | 'exec' | 'transaction'>;
export type Queryable = Pick<SqlQueryable, 'query'>;

export interface AuthSettings {
  /** Where redirects fall back to, and the origin every redirect_to must share (or be listed). */
  readonly siteUrl: string;
  readonly additionalRedirectUrls: readonly string[];
  /** Public base of the API (e.g. http://127.0.0.1:54321); e-mailed links point at <it>/auth/v1/verify. */
  readonly apiExternalUrl: string;
  /** Lifetime of an e-mailed code and link (GoTrue `otp_expiry`, 3600 by default). */
  readonly otpTtlSeconds: number;
  /** Minimum time between two e-mails to one address (GoTrue `max_frequency`); 0 turns it off. */
  readonly emailMinIntervalSeconds: number;
  /** E-mails the whole project may send per hour (GoTrue `rate_limit.email_sent`); 0 turns it off. */
  readonly emailsSentPerHour: number;
  /** Wrong codes an e-mailed code survives; the last one deletes it (not in GoTrue); 0 turns it off. */
  readonly otpMaxAttempts: number;
  /** Time an issued PKCE auth code stays valid (GoTrue: 5 minutes). */
  readonly flowStateTtlSeconds: number;
  /**
   * How long a used refresh token may be presented again while its child is the session's active
   * token (GoTrue `security_refresh_token_reuse_interval`, 10 s by default); 0 turns the grace off.
   */
  readonly refreshTokenReuseIntervalSeconds: number;
}

export interface AuthContext extends AuthSettings {
  readonly db: AuthDb;
  readonly keys: LocalKeys;
  readonly mailbox: Mailbox;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
}

export const isoAt = (ms: number): string => new Date(ms).toISOString();
