// Shared by the Supabase adapters' contract runs and integration tests: real supabase-js clients,
// built by createSupabaseClients, talking to one local stand-in per test file.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { createSupabaseClients, type BrowserAuthOptions } from '../../../adapters/supabase/supabase-config.js';
import { latestMailTo, memoryStorage, signInWithCode } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

/** A browser's client as the app builds it, with its session kept in memory and no refresh timer. */
export function browserClient(supabase: LocalSupabase, auth: BrowserAuthOptions = {}): SupabaseClient {
  return createSupabaseClients(
    { url: supabase.url, anonKey: supabase.anonKey },
    { storage: memoryStorage(), autoRefreshToken: false, ...auth },
  ).browser;
}

/** The server's service-role client. */
export function serviceClient(supabase: LocalSupabase): SupabaseClient {
  const { service } = createSupabaseClients({ url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey });
  if (!service) throw new Error('no service client was built');
  return service;
}

/** Reads the stand-in's mailbox as the contracts want it. */
export async function readMailbox(supabase: LocalSupabase, email: string): Promise<{ code: string | null; link: string | null } | null> {
  try {
    const mail = await latestMailTo(supabase, email);
    return { code: mail.code || null, link: mail.magicLink || null };
  } catch {
    return null;
  }
}

/** Follows the e-mailed link's redirects while they stay on the stand-in; answers where the browser lands. */
export async function openLink(supabase: LocalSupabase, link: string): Promise<string> {
  let url = link;
  for (let hop = 0; hop < 5 && url.startsWith(supabase.url); hop += 1) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (location === null) throw new Error(`${url} answered ${response.status} without a redirect`);
    url = new URL(location, url).toString();
  }
  return url;
}

interface Tokens {
  readonly email: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/**
 * Real users of the stand-in (signed up by e-mailed code, as the app does) and a way to switch one
 * browser client between them. Sign-out is local, so every user's session stays valid for later.
 */
export class StandInUsers {
  private readonly tokens = new Map<string, Tokens>();

  constructor(private readonly supabase: LocalSupabase) {}

  async create(email = uniqueEmail()): Promise<string> {
    const { session, user } = await signInWithCode(this.supabase, email);
    this.tokens.set(user.id, { email, accessToken: session.access_token, refreshToken: session.refresh_token });
    return user.id;
  }

  async signInAs(client: SupabaseClient, userId: string): Promise<void> {
    const tokens = this.tokens.get(userId);
    if (!tokens) throw new Error(`user ${userId} was not created by this harness`);
    const { error } = await client.auth.setSession({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken });
    if (error) throw error;
  }

  async signOut(client: SupabaseClient): Promise<void> {
    const { error } = await client.auth.signOut({ scope: 'local' });
    if (error) throw error;
  }

  /** A client signed in as that user, for tests that keep two browsers side by side. */
  async clientFor(userId: string): Promise<SupabaseClient> {
    const client = browserClient(this.supabase);
    await this.signInAs(client, userId);
    return client;
  }
}
