import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../support/local-http.js';
import { signInWithCode } from '../../support/local-supabase.js';
import { must, runIn, startStack, subscribe, uniqueEmail, type RunOptions, type Stack } from './cli-harness.js';

let stack: Stack;
let dir: string;
let home: string;
let configFile: string;
let email: string;
let sub: Awaited<ReturnType<typeof subscribe>>;
let unreachable: string;

beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'ensemble-profiles-'));
  home = join(dir, 'home');
  mkdirSync(join(home, '.config', 'ensemble'), { recursive: true });
  configFile = join(home, '.config', 'ensemble', 'config.json');
  unreachable = await closedPort();
  email = uniqueEmail('profiled');
  const userId = (await signInWithCode(stack.supabase, email)).user.id;
  sub = await subscribe(stack, email, userId);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stack.close();
});

const writeConfig = (config: unknown) => writeFileSync(configFile, JSON.stringify(config));
const goodConfig = () => ({
  operator: 'top-level',
  profiles: {
    test: { env: stack.sandbox.url, billingAccessToken: stack.seed.accessToken, supabaseUrl: stack.supabase.url, supabaseServiceRoleKey: stack.supabase.serviceRoleKey, operator: 'jules' },
    down: { env: unreachable, billingAccessToken: 'polar_oat_nothing', supabaseUrl: unreachable, supabaseServiceRoleKey: 'no-key' },
  },
});
/** The program with no credentials in the environment: only the config file's profiles. */
const run = (argv: readonly string[], options: RunOptions = {}) => runIn(argv, { home, cwd: dir, ...options });

describe('CLI named profiles and `ensemble status`', () => {
  it('status names the profile, environment, billing organization, Supabase URL and operator, and that each answers (exit 0)', async () => {
    writeConfig(goodConfig());
    const r = await run(['--profile', 'test', 'status']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`profile      test (from --profile; ${configFile})\n`);
    expect(r.stdout).toContain(`environment  ${stack.sandbox.url} (${stack.sandbox.url})\n`);
    expect(r.stdout).toMatch(new RegExp(`billing      ok organization \\S+ \\(ensemble, ${stack.seed.organizationId}\\)\\n`));
    expect(r.stdout).toContain(`supabase     ok ${stack.supabase.url}\n`);
    expect(r.stdout).toContain('operator     jules (from the config (profile test))\n');
    const viaEnv = await run(['--json', 'whoami'], { env: { ENSEMBLE_PROFILE: 'test' } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({
      profile: { name: 'test', chosenBy: 'ENSEMBLE_PROFILE', files: [configFile] },
      environment: { env: stack.sandbox.url, local: false },
      billing: { ok: true, organization: { id: stack.seed.organizationId, slug: 'ensemble' } },
      supabase: { ok: true, url: stack.supabase.url },
      operator: { name: 'jules' },
    });
  });

  it('--profile beats ENSEMBLE_PROFILE, which beats the "profile" key; ENSEMBLE_OPERATOR beats the profile operator', async () => {
    writeConfig({ ...goodConfig(), profile: 'down' });
    const byKey = await run(['--json', 'status']);
    expect(JSON.parse(byKey.stdout)).toMatchObject({ profile: { name: 'down', chosenBy: 'config' } });
    const byEnv = await run(['--json', 'status'], { env: { ENSEMBLE_PROFILE: 'test', ENSEMBLE_OPERATOR: 'kim' } });
    expect(JSON.parse(byEnv.stdout)).toMatchObject({ profile: { name: 'test', chosenBy: 'ENSEMBLE_PROFILE' }, operator: { name: 'kim', source: 'ENSEMBLE_OPERATOR' } });
    const byFlag = await run(['--profile', 'test', '--json', 'status'], { env: { ENSEMBLE_PROFILE: 'down' } });
    expect(byFlag.code, byFlag.stderr).toBe(0);
    expect(JSON.parse(byFlag.stdout)).toMatchObject({ profile: { name: 'test', chosenBy: '--profile' } });
  });

  it('a service that does not answer is a clear failure line, and status exits 1', async () => {
    writeConfig(goodConfig());
    const r = await run(['--profile', 'down', 'status']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`billing      failed: Cannot reach the billing API at ${unreachable}: check --env and your network\n`);
    expect(r.stdout).toContain(`supabase     ${unreachable} failed: Cannot reach Supabase at ${unreachable}: check SUPABASE_URL and your network\n`);
    expect(r.stdout).toMatch(/operator {5}top-level \(from the config \(profile down\)\)\n/);
    expect(r.stderr).toBe(
      `ensemble: Profile down is not ready: billing: Cannot reach the billing API at ${unreachable}: check --env and your network; Supabase: Cannot reach Supabase at ${unreachable}: check SUPABASE_URL and your network\n`,
    );
  });

  it('a profile named nowhere is a usage error listing the profiles there are (exit 2)', async () => {
    writeConfig(goodConfig());
    const r = await run(['--profile', 'prod', 'status']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ensemble: No profile "prod" (from --profile) in ${configFile}: the profiles are test, down\n`);
    const viaEnv = await run(['users', 'show', email], { env: { ENSEMBLE_PROFILE: 'staging' } });
    expect([viaEnv.code, viaEnv.stderr]).toEqual([2, `ensemble: No profile "staging" (from ENSEMBLE_PROFILE) in ${configFile}: the profiles are test, down\n`]);
    rmSync(configFile);
    const noFile = await run(['--profile', 'test', 'status']);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/^ensemble: No profile "test" \(from --profile\) in no config file \(.*config\.json or .*\.ensemble\.json\): no profiles are defined there \(add them under "profiles"\)\n$/);
  });

  it('a malformed config is named precisely: the file, the profile, the key (exit 2)', async () => {
    const bad = async (config: unknown) => {
      writeConfig(config);
      const r = await run(['--profile', 'test', 'status']);
      expect(r.code).toBe(2);
      return r.stderr;
    };
    expect(await bad({ profiles: { test: { env: 'sandbox', token: 'x' } } })).toBe(
      `ensemble: ${configFile}: profiles.test: unknown key "token" (a profile takes env, billingAccessToken, supabaseUrl, supabaseServiceRoleKey, operator)\n`,
    );
    expect(await bad({ profiles: { test: { supabaseUrl: 'abc.supabase.co' } } })).toBe(
      `ensemble: ${configFile}: profiles.test.supabaseUrl: supabaseUrl must be a URL (a profile takes env, billingAccessToken, supabaseUrl, supabaseServiceRoleKey, operator)\n`,
    );
    expect(await bad({ profiles: { 'my test': {} } })).toMatch(/profiles: profile name "my test": a profile name is 1 to 40 letters, digits/);
    expect(await bad({ profiles: { test: 'sandbox' } })).toMatch(/profiles\.test: expected object, received string/);
    expect(await bad({ profiles: { test: {} }, profil: 'test' })).toMatch(/: unknown key "profil" \(keys: env, billingAccessToken, supabaseUrl, supabaseServiceRoleKey, operator, profile, profiles\)\n$/);
    writeFileSync(configFile, '{ "profiles": ');
    expect((await run(['status'])).stderr).toMatch(/config\.json is not readable JSON/);
  });

  it("a profile's credentials serve every command; the confirmation names its environment and profile; its operator is recorded", async () => {
    writeConfig(goodConfig());
    const asked = await run(['--profile', 'test', 'refunds', 'create', '--user', email, '--last-order', '--reason', 'duplicate'], { answers: ['n'] });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain(`[${stack.sandbox.url}, profile test] Refund $25.00 USD (in full) of order ${sub.order.id}`);
    expect(must(await stack.billing.orders.get({ id: sub.order.id })).refundedAmount).toBe(0);
    const done = await run(['--profile', 'test', 'refunds', 'create', '--user', email, '--last-order', '--amount', '1000', '--reason', 'duplicate', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^Refunded \$10\.00 of order .* as jules: /);
    const view = JSON.parse((await run(['--profile', 'test', '--json', 'users', 'show', email])).stdout) as { supportActions: { action: string; operator: string; environment: string }[] };
    expect(view.supportActions[0]).toMatchObject({ action: 'refund', operator: 'jules', environment: stack.sandbox.url });
  });
});
