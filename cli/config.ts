import { readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { usageError } from './errors.js';
import type { CliIo } from './io.js';

/** `--env local`: the billing sandbox of `npm start` (DESIGN "Local stack"). */
export const LOCAL_BILLING_URL = 'http://127.0.0.1:54380';
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

const PROFILE_KEYS = ['env', 'billingAccessToken', 'supabaseUrl', 'supabaseServiceRoleKey', 'operator'] as const;
const CONFIG_KEYS = [...PROFILE_KEYS, 'profile', 'profiles'] as const;

const profileSchema = z.strictObject({
  env: z.string().min(1, 'env must not be empty').optional(),
  billingAccessToken: z.string().min(1, 'billingAccessToken must not be empty').optional(),
  supabaseUrl: z.url({ error: 'supabaseUrl must be a URL' }).optional(),
  supabaseServiceRoleKey: z.string().min(1, 'supabaseServiceRoleKey must not be empty').optional(),
  operator: z.string().trim().min(1, 'operator must not be empty').max(100, 'operator must contain at most 100 characters').optional(),
});
/** The settings of one profile (also the top level of a config file: what every profile starts from). */
export type ConfigFile = z.output<typeof profileSchema>;

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const profileName = z.string().regex(PROFILE_NAME, 'a profile name is 1 to 40 letters, digits, ".", "_" or "-"');

const configFileSchema = z.strictObject({
  ...profileSchema.shape,
  /** The profile used when neither --profile nor ENSEMBLE_PROFILE names one. */
  profile: profileName.optional(),
  profiles: z.record(profileName, profileSchema).optional(),
});
type ParsedConfig = z.output<typeof configFileSchema>;

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

/** The config files in the order they apply: ~/.config/ensemble/config.json, then ./.ensemble.json. */
function configFiles(io: CliIo): string[] {
  const home = io.home ?? homedir();
  const configHome = io.env.XDG_CONFIG_HOME ?? join(home, '.config');
  return [join(configHome, 'ensemble', 'config.json'), join(io.cwd ?? process.cwd(), '.ensemble.json')];
}

const usageFail = (message: string): never => {
  throw usageError(message);
};

function parseConfig(file: string, raw: unknown): ParsedConfig {
  const parsed = configFileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String) ?? [];
  const inProfile = path[0] === 'profiles' && path.length >= 2 && issue?.code !== 'invalid_key';
  let message = issue?.message ?? 'invalid';
  if (issue?.code === 'unrecognized_keys') message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  else if (issue?.code === 'invalid_key') message = `profile name "${path[1] ?? ''}": ${issue.issues[0]?.message ?? issue.message}`;
  else if (issue?.code === 'invalid_type') message = issue.message.replace(/^Invalid input: /, '');
  const where = issue?.code === 'invalid_key' ? 'profiles' : path.join('.');
  const keys = inProfile ? `a profile takes ${PROFILE_KEYS.join(', ')}` : `keys: ${CONFIG_KEYS.join(', ')}`;
  return usageFail(`${file}: ${where ? `${where}: ` : ''}${message} (${keys})`);
}

/** The profile in use and its settings, merged from every config file. */
export interface Profile {
  /** The profile's name; `default` when no profile was chosen. */
  readonly name: string;
  /** How it was chosen: `--profile`, `ENSEMBLE_PROFILE`, the `profile` key of a file, or none. */
  readonly chosenBy: '--profile' | 'ENSEMBLE_PROFILE' | 'config' | 'default';
  readonly settings: ConfigFile;
  /** The config files that exist, in the order they apply. */
  readonly files: readonly string[];
}

/**
 * ~/.config/ensemble/config.json, overridden key by key by ./.ensemble.json; their top-level keys,
 * overridden by those of the chosen profile (`--profile`, then ENSEMBLE_PROFILE, then `profile`).
 * A profile named but defined in no file is a usage error that lists the profiles there are.
 */
export function loadProfile(io: CliIo, option?: string): Profile {
  let top: ConfigFile = {};
  let defaultName: string | undefined;
  const profiles = new Map<string, ConfigFile>();
  const files: string[] = [];
  for (const file of configFiles(io)) {
    const raw = readJson(file);
    if (raw === undefined) continue;
    files.push(file);
    const { profile, profiles: named, ...settings } = parseConfig(file, raw);
    top = { ...top, ...settings };
    defaultName = profile ?? defaultName;
    for (const [name, values] of Object.entries(named ?? {})) profiles.set(name, { ...profiles.get(name), ...values });
  }
  const fromEnv = io.env.ENSEMBLE_PROFILE?.trim();
  if (io.env.ENSEMBLE_PROFILE !== undefined && fromEnv === '') usageFail('ENSEMBLE_PROFILE is set but empty: give it a profile name, or unset it');
  const chosen: [string, Profile['chosenBy']] | null =
    option !== undefined ? [option, '--profile'] : fromEnv ? [fromEnv, 'ENSEMBLE_PROFILE'] : defaultName !== undefined ? [defaultName, 'config'] : null;
  if (chosen === null) return { name: 'default', chosenBy: 'default', settings: top, files };
  const [name, chosenBy] = chosen;
  const settings = profiles.get(name);
  if (settings === undefined) {
    const known = [...profiles.keys()];
    const where = files.length === 0 ? `no config file (${configFiles(io).join(' or ')})` : files.join(' or ');
    const listed = known.length === 0 ? 'no profiles are defined there (add them under "profiles")' : `the profiles are ${known.join(', ')}`;
    return usageFail(`No profile "${name}" (from ${chosenBy === 'config' ? 'the "profile" key' : chosenBy}) in ${where}: ${listed}`);
  }
  return { name, chosenBy, settings: { ...top, ...settings }, files };
}

/** The merged settings of the profile in use (see loadProfile). */
export function loadConfigFile(io: CliIo, profile?: string): ConfigFile {
  return loadProfile(io, profile).settings;
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

export function resolveBillingTarget(options: { env?: string; token?: string; profile?: string }, io: CliIo): BillingTarget {
  const file = loadConfigFile(io, options.profile);
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

export function resolveSupabaseTarget(options: { env?: string; profile?: string }, io: CliIo): SupabaseTarget {
  const file = loadConfigFile(io, options.profile);
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
export function resolveOperator(io: CliIo, profile?: string): string {
  const named = io.env.ENSEMBLE_OPERATOR;
  if (named !== undefined) {
    const name = named.trim();
    if (name === '' || name.length > 100) throw usageError('ENSEMBLE_OPERATOR must be a name of 1 to 100 characters');
    return name;
  }
  const file = loadConfigFile(io, profile).operator;
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
