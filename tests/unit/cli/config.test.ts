import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadProfile, resolveBillingTarget, resolveOperator, resolveSupabaseTarget } from '../../../cli/config.js';
import { CliError } from '../../../cli/errors.js';
import type { CliIo } from '../../../cli/io.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ensemble-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const io = (env: Record<string, string> = {}): CliIo => ({
  stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, isTTY: false, color: false, env, cwd: dir, home: join(dir, 'home'),
});

const usage = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return (error as CliError).message;
  }
  throw new Error('expected a usage error');
};

describe('CLI global options: which billing server and token', () => {
  it('production and sandbox are the provider servers; a URL is used as is', () => {
    expect(resolveBillingTarget({ env: 'production', token: 't' }, io())).toMatchObject({ server: 'production', local: false });
    expect(resolveBillingTarget({ env: 'sandbox', token: 't' }, io())).toMatchObject({ server: 'sandbox' });
    expect(resolveBillingTarget({ env: 'http://127.0.0.1:9999', token: 't' }, io())).toMatchObject({ server: 'http://127.0.0.1:9999' });
  });

  it('--token wins over BILLING_ACCESS_TOKEN, which wins over the config file', () => {
    writeFileSync(join(dir, '.ensemble.json'), JSON.stringify({ billingAccessToken: 'from-file' }));
    expect(resolveBillingTarget({ env: 'sandbox', token: 'flag' }, io({ BILLING_ACCESS_TOKEN: 'env' })).accessToken).toBe('flag');
    expect(resolveBillingTarget({ env: 'sandbox' }, io({ BILLING_ACCESS_TOKEN: 'env' })).accessToken).toBe('env');
    expect(resolveBillingTarget({ env: 'sandbox' }, io()).accessToken).toBe('from-file');
  });

  it('the environment defaults to ENSEMBLE_ENV, then BILLING_SERVER, then local', () => {
    expect(resolveBillingTarget({ token: 't' }, io({ ENSEMBLE_ENV: 'sandbox', BILLING_SERVER: 'production' })).env).toBe('sandbox');
    expect(resolveBillingTarget({ token: 't' }, io({ BILLING_SERVER: 'production' })).env).toBe('production');
    expect(resolveBillingTarget({ token: 't' }, io())).toMatchObject({ env: 'local', server: 'http://127.0.0.1:54380', local: true });
  });

  it('the seed token is used for local only', () => {
    mkdirSync(join(dir, '.data', 'billing'), { recursive: true });
    writeFileSync(join(dir, '.data', 'billing', 'seed.json'), JSON.stringify({ accessToken: 'polar_oat_seed' }));
    expect(resolveBillingTarget({ env: 'local' }, io()).accessToken).toBe('polar_oat_seed');
    expect(usage(() => resolveBillingTarget({ env: 'sandbox' }, io()))).toBe('No billing access token for sandbox: pass --token or set BILLING_ACCESS_TOKEN');
  });

  it('a config file that is not JSON is named', () => {
    writeFileSync(join(dir, '.ensemble.json'), '{ env: sandbox');
    expect(usage(() => resolveBillingTarget({ env: 'sandbox', token: 't' }, io()))).toMatch(/\.ensemble\.json is not readable JSON/);
  });
});

describe('CLI global options: Supabase service-role access', () => {
  it('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY come first', () => {
    expect(resolveSupabaseTarget({}, io({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k' }))).toEqual({
      url: 'https://abc.supabase.co', serviceRoleKey: 'k', local: false,
    });
  });

  it('locally it falls back to .data/supabase-keys.json and the stand-in address', () => {
    mkdirSync(join(dir, '.data'), { recursive: true });
    writeFileSync(join(dir, '.data', 'supabase-keys.json'), JSON.stringify({ serviceRoleKey: 'local-key', anonKey: 'a' }));
    expect(resolveSupabaseTarget({ env: 'local' }, io())).toEqual({ url: 'http://127.0.0.1:54321', serviceRoleKey: 'local-key', local: true });
    expect(usage(() => resolveSupabaseTarget({ env: 'production' }, io()))).toMatch(/set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY/);
  });

  it('the config file keys are validated', () => {
    writeFileSync(join(dir, '.ensemble.json'), JSON.stringify({ supabaseUrl: 'not a url' }));
    expect(usage(() => resolveSupabaseTarget({}, io()))).toMatch(/supabaseUrl: supabaseUrl must be a URL/);
  });
});

describe('CLI named profiles', () => {
  const write = (file: string, config: unknown) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(config));
  };

  it("profiles of both files merge by name, key by key, over the top-level keys; a profile's keys serve billing, Supabase and the operator", () => {
    write(join(dir, 'home', '.config', 'ensemble', 'config.json'), {
      operator: 'ada',
      supabaseServiceRoleKey: 'top-key',
      profiles: { prod: { env: 'production', billingAccessToken: 'prod-token', supabaseUrl: 'https://prod.supabase.co' } },
    });
    write(join(dir, '.ensemble.json'), { profile: 'prod', profiles: { prod: { operator: 'bea' } } });
    expect(loadProfile(io())).toMatchObject({ name: 'prod', chosenBy: 'config', settings: { env: 'production', billingAccessToken: 'prod-token', operator: 'bea', supabaseServiceRoleKey: 'top-key' } });
    expect(resolveBillingTarget({}, io())).toMatchObject({ env: 'production', server: 'production', accessToken: 'prod-token' });
    expect(resolveSupabaseTarget({}, io())).toEqual({ url: 'https://prod.supabase.co', serviceRoleKey: 'top-key', local: false });
    expect(resolveOperator(io())).toBe('bea');
    // Without a chosen profile only the top-level keys apply.
    write(join(dir, '.ensemble.json'), { profiles: { prod: { operator: 'bea' } } });
    expect(loadProfile(io())).toMatchObject({ name: 'default', chosenBy: 'default', settings: { operator: 'ada' } });
    expect(resolveOperator(io(), 'prod')).toBe('bea');
  });

  it('a set but empty ENSEMBLE_PROFILE is named; an unknown profile lists the known ones', () => {
    write(join(dir, '.ensemble.json'), { profiles: { a: {}, b: {} } });
    expect(usage(() => loadProfile(io({ ENSEMBLE_PROFILE: ' ' })))).toBe('ENSEMBLE_PROFILE is set but empty: give it a profile name, or unset it');
    expect(usage(() => resolveBillingTarget({ profile: 'c', token: 't' }, io()))).toBe(`No profile "c" (from --profile) in ${join(dir, '.ensemble.json')}: the profiles are a, b`);
  });
});
