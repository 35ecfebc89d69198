import { readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { usageError } from './errors.js';
import type { CliIo } from './io.js';

/** `--env local`: the billing sandbox of `npm start` (DESIGN "Local stack"). */
export const LOCAL_BILLING_URL = 'http://127.0.0.1:54380';
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

const configFileSchema = z.strictObject({
  env: z.string().min(1, 'env must not be empty').optional(),
  billingAccessToken: z.string().min(1, 'billingAccessToken must not be empty').optional(),
  supabaseUrl: z.url({ error: 'supabaseUrl must be a URL' }).optional(),
  supabaseServiceRoleKey: z.string().min(1, 'supabaseServiceRoleKey must not be empty').optional(),
  operator: z.string().trim().min(1, 'operator must not be empty').max(100, 'operator must contain at most 100 characters').optional(),
});
export type ConfigFile = z.output<typeof configFileSchema>;

const seedSchema = z.object({ accessToken: z.string().min(1) });
const keysSchema = z.object({ serviceRoleKey: z.string().min(1) });

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw usageError(`${path} is not readable JSON: ${(error as Error).message}`);
  }
}

/** ~/.config/ensemble/config.json, overridden key by key by ./.ensemble.json. */
export function loadConfigFile(io: CliIo): ConfigFile {
  const home = io.home ?? homedir();
  const configHome = io.env.XDG_CONFIG_HOME ?? join(home, '.config');
  const files = [join(configHome, 'ensemble', 'config.json'), join(io.cwd ?? process.cwd(), '.ensemble.json')];
  let merged: ConfigFile = {};
  for (const file of files) {
    const raw = readJson(file);
    if (raw === undefined) continue;
    const parsed = configFileSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw usageError(`${file}: ${issue?.path.join('.') || 'config'}: ${issue?.message ?? 'invalid'} (keys: env, billingAccessToken, supabaseUrl, supabaseServiceRoleKey, operator)`);
    }
    merged = { ...merged, ...parsed.data };
  }
  return merged;
}

export interface BillingTarget {
  /** What the user chose, for messages: production, sandbox, local or the URL. */
  readonly env: string;
  /** `production`, `sandbox` or an absolute URL, as the billing client takes it. */
  readonly server: string;
  readonly accessToken: string;
  readonly local: boolean;
}

export function resolveEnv(option: string | undefined, io: CliIo, file: ConfigFile): string {
  return option ?? io.env.ENSEMBLE_ENV ?? io.env.BILLING_SERVER ?? file.env ?? 'local';
}

export function resolveBillingTarget(options: { env?: string; token?: string }, io: CliIo): BillingTarget {
  const file = loadConfigFile(io);
  const env = resolveEnv(options.env, io, file);
  let server: string;
  if (env === 'production' || env === 'sandbox') server = env;
  else if (env === 'local') server = io.env.ENSEMBLE_LOCAL_BILLING_URL ?? LOCAL_BILLING_URL;
  else if (URL.canParse(env) && /^https?:$/.test(new URL(env).protocol)) server = env;
  else throw usageError(`--env must be production, sandbox, local or an http(s) URL, not "${env}"`);
  const local = env === 'local';
  const seedFile = join(io.cwd ?? process.cwd(), '.data', 'billing', 'seed.json');
  const seeded = local ? seedSchema.safeParse(readJson(seedFile)) : undefined;
  const token = options.token ?? io.env.BILLING_ACCESS_TOKEN ?? file.billingAccessToken ?? (seeded?.success ? seeded.data.accessToken : undefined);
  if (token === undefined || token.trim() === '') {
    const hint = local ? ` (or start the sandbox once so ${seedFile} exists)` : '';
    throw usageError(`No billing access token for ${env}: pass --token or set BILLING_ACCESS_TOKEN${hint}`);
  }
  return { env, server, accessToken: token.trim(), local };
}

export interface SupabaseTarget {
  readonly url: string;
  readonly serviceRoleKey: string;
  readonly local: boolean;
}

export function resolveSupabaseTarget(options: { env?: string }, io: CliIo): SupabaseTarget {
  const file = loadConfigFile(io);
  const env = resolveEnv(options.env, io, file);
  // A variable set but empty is a mistake to name, not a reason to fall back to another source.
  for (const name of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] as const) {
    if (io.env[name] !== undefined && io.env[name].trim() === '') {
      throw usageError(`${name} is set but empty: give it ${name === 'SUPABASE_URL' ? "the project's URL" : "the project's service-role key"}, or unset it`);
    }
  }
  const url = io.env.SUPABASE_URL?.trim() ?? file.supabaseUrl;
  const key = io.env.SUPABASE_SERVICE_ROLE_KEY?.trim() ?? file.supabaseServiceRoleKey;
  if (url !== undefined && key !== undefined) return { url, serviceRoleKey: key, local: false };
  if (env === 'local') {
    const keysFile = join(io.cwd ?? process.cwd(), '.data', 'supabase-keys.json');
    const keys = keysSchema.safeParse(readJson(keysFile));
    if (keys.success) return { url: url ?? io.env.ENSEMBLE_LOCAL_SUPABASE_URL ?? LOCAL_SUPABASE_URL, serviceRoleKey: key ?? keys.data.serviceRoleKey, local: true };
  }
  throw usageError(
    'No Supabase service-role access: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or supabaseUrl and supabaseServiceRoleKey in ./.ensemble.json)',
  );
}

/** Who runs the support program, recorded with every change: ENSEMBLE_OPERATOR, then `operator` in a config file, then the OS user name. */
export function resolveOperator(io: CliIo): string {
  const named = io.env.ENSEMBLE_OPERATOR;
  if (named !== undefined) {
    const name = named.trim();
    if (name === '' || name.length > 100) throw usageError('ENSEMBLE_OPERATOR must be a name of 1 to 100 characters');
    return name;
  }
  const file = loadConfigFile(io).operator;
  if (file !== undefined) return file;
  let account: string | undefined;
  try {
    account = userInfo().username;
  } catch {
    account = io.env.USER ?? io.env.LOGNAME;
  }
  if (account === undefined || account.trim() === '') throw usageError('Cannot tell who you are: set ENSEMBLE_OPERATOR to your name (it is recorded with every change)');
  return account.trim().slice(0, 100);
}
