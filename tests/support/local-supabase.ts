import type { SupabaseClient, SupportedStorage } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import type { LocalSupabase, LocalSupabaseOptions } from '@ensemble/supabase-stand-in';
import { startLocalSupabase } from '@ensemble/supabase-stand-in';
import { freshPostgresDatabase, postgresLaneUrl } from './postgres-lane.js';
import { pooledTestDb } from './pooled-db.js';
import { testTemplate } from './supabase-rest-harness.js';

export const TEST_SITE_URL = 'http://127.0.0.1:3000';
export const CALLBACK_URL = `${TEST_SITE_URL}/auth/callback`;

/** Moves the stand-in's clock forward (codes, flow states and JWTs all read it) without waiting. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
  reset(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

/** Every per-address Auth limit off: a suite signs in from 127.0.0.1 far more often than a person. */
const NO_AUTH_RATE_LIMITS = { signInsAndSignUps: 0, tokenVerifications: 0, tokenRefreshes: 0 };

/**
 * One stand-in per test file: in memory unless a dataDir is given, free ports, the site URL the app
 * uses locally, no e-mail interval and no per-address rate limits (a test turns on the ones it
 * tests; the others stay off). The database starts from the migrated template the REST harness
 * caches per machine, or, on the PostgreSQL lane, is a fresh database on the lane's server.
 */
export async function startTestSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const lane = postgresLaneUrl();
  return startLocalSupabase({
    port: 0,
    mailboxPort: 0,
    siteUrl: TEST_SITE_URL,
    emailMinIntervalSeconds: 0,
    ...(await defaultDatabase(options, lane)),
    ...options,
    authRateLimits: { ...NO_AUTH_RATE_LIMITS, ...options.authRateLimits },
  });
}

/**
 * The database a test stand-in opens unless the test names one: on the PostgreSQL lane a database of
 * its own copied from the migrated template; on PGlite, a data folder is filled from the template, and
 * otherwise the worker's pool lends one that is the template again (tests/support/pooled-db.ts).
 */
async function defaultDatabase(options: LocalSupabaseOptions, lane: string | null): Promise<LocalSupabaseOptions> {
  if ('db' in options || 'postgresUrl' in options) return {};
  if (lane) return { postgresUrl: await freshPostgresDatabase(lane) };
  if (options.dataDir !== undefined || 'dbTemplate' in options) return { dbTemplate: await testTemplate() };
  return { db: await pooledTestDb() };
}

/** What the app server needs to use a Supabase stand-in: its URL, both keys and the JWT secret. */
export const standInEnv = (supabase: LocalSupabase): Record<string, string> => ({
  SUPABASE_URL: supabase.url,
  SUPABASE_ANON_KEY: supabase.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
  SUPABASE_JWT_SECRET: supabase.keys.jwtSecret,
});

export function memoryStorage(): SupportedStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/** supabase-js as the app configures it, minus the browser: no timers, nothing persisted outside memory. */
export function browserLikeClient(supabase: LocalSupabase, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(supabase.url, supabase.anonKey, {
    auth:
      flowType === 'pkce'
        ? { flowType, persistSession: true, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false }
        : { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export interface MailboxMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly magicLink: string;
  readonly code: string;
  readonly sentAt: string;
}

/** Reads the mailbox the way a developer's script would: through its JSON endpoint. */
export async function mailTo(supabase: LocalSupabase, email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${supabase.mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

export async function latestMailTo(supabase: LocalSupabase, email: string): Promise<MailboxMessage> {
  const [latest] = await mailTo(supabase, email);
  if (latest === undefined) throw new Error(`no e-mail was sent to ${email}`);
  return latest;
}

/** Follows one redirect hop by hand and answers where it points, as a browser would go next. */
export async function redirectTarget(url: string, init: RequestInit = {}): Promise<{ status: number; location: URL }> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`${url} answered ${response.status} without a Location`);
  return { status: response.status, location: new URL(location, url) };
}

export const fragmentParams = (url: URL): URLSearchParams => new URLSearchParams(url.hash.replace(/^#/, ''));

/** Signs a (new or known) address in the way the app's code path does: signInWithOtp, mailbox, verifyOtp. */
export async function signInWithCode(supabase: LocalSupabase, email: string, client = browserLikeClient(supabase)) {
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
  if (sent.error) throw sent.error;
  const { code } = await latestMailTo(supabase, email);
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('verifyOtp answered no session');
  return { client, session: verified.data.session, user: verified.data.session.user, code };
}
