import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { z } from 'zod';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** app spec §5: the wording of a backend address that is not a valid URL. */
export const SUPABASE_URL_MESSAGE =
  'SUPABASE_URL must be a valid URL of the form https://<project-ref>.supabase.co (http://localhost:<port> or http://127.0.0.1:<port> for the local stand-in)';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A hosted project (https, `<ref>.supabase.co` or `.supabase.in`) or the local stand-in on a loopback
 * address. No path, query or credentials: supabase-js appends `/auth/v1` and `/rest/v1` itself, so
 * `https://x.supabase.co/rest/v1` would silently break every call.
 */
function isProjectAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:' && /^[a-z0-9-]+\.supabase\.(co|in)$/i.test(url.hostname)) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.includes(url.hostname);
}

const configSchema = z.object({
  url: z
    .string({ error: SUPABASE_URL_MESSAGE })
    .trim()
    .refine(isProjectAddress, { error: SUPABASE_URL_MESSAGE })
    .transform((value) => value.replace(/\/+$/, '')),
  anonKey: z.string({ error: 'SUPABASE_ANON_KEY is required' }).trim().min(1, 'SUPABASE_ANON_KEY is required'),
  serviceRoleKey: z.string().trim().min(1, 'The Supabase service-role key must not be empty when given').optional(),
});

export type SupabaseConfig = z.output<typeof configSchema>;

/** Validates the backend address and keys (app spec §5); every problem is listed in one message. */
export function parseSupabaseConfig(input: unknown): Result<SupabaseConfig> {
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((issue) => issue.message);
  return fail(domainError('validation', issues.join('; '), { code: 'invalid_supabase_config', issues }));
}

export interface BrowserAuthOptions {
  /** Where the session lives; supabase-js uses localStorage in a browser and memory elsewhere. */
  readonly storage?: SupportedStorage;
  /** `implicit` (supabase-js's default: a link opened in another browser still works) or `pkce`. */
  readonly flowType?: 'implicit' | 'pkce';
  readonly persistSession?: boolean;
  readonly autoRefreshToken?: boolean;
}

export interface SupabaseClients {
  readonly config: SupabaseConfig;
  /** The anon-key client whose session is the signed-in user's: row-level security applies. */
  readonly browser: SupabaseClient;
  /** The service-role client (server and CLI only); null when no service-role key was given. */
  readonly service: SupabaseClient | null;
}

/**
 * Builds the clients at start-up. An invalid address is a configuration error, so start-up fails
 * with the message of app spec §5 (a throw, not a Result: nothing can run without a backend).
 *
 * `detectSessionInUrl` is off: `SupabaseAuthenticator.completeRedirect` is the one place that
 * finishes a redirect sign-in, so supabase-js must not consume the callback URL first.
 */
export function createSupabaseClients(input: unknown, auth: BrowserAuthOptions = {}): SupabaseClients {
  const parsed = parseSupabaseConfig(input);
  if (!parsed.success) throw new Error(parsed.error.message);
  const config = parsed.data;
  const browser = createClient(config.url, config.anonKey, {
    auth: {
      detectSessionInUrl: false,
      flowType: auth.flowType ?? 'implicit',
      persistSession: auth.persistSession ?? true,
      autoRefreshToken: auth.autoRefreshToken ?? true,
      ...(auth.storage ? { storage: auth.storage } : {}),
    },
  });
  const service = config.serviceRoleKey ? serviceRoleClient(config.url, config.serviceRoleKey) : null;
  return { config, browser, service };
}

/**
 * The server's client: the service-role key on every request, and no session of its own. Given as
 * `accessToken`, supabase-js sends it as it is instead of asking its auth client for a session
 * before each request (about a millisecond per query), and `client.auth` is off, as it should be.
 */
export function serviceRoleClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, { accessToken: () => Promise.resolve(serviceRoleKey) });
}
