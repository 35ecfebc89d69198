import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupabaseProfilingStore } from '../../../adapters/supabase/supabase-profiling-store.js';
import { SupabaseUsageLedger } from '../../../adapters/supabase/supabase-usage-ledger.js';
import { closedPort } from '../../support/local-http.js';
import { signInWithCode } from '../../support/local-supabase.js';
import { startStack, subscribe, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let userId: string;
let email: string;
beforeAll(async () => {
  stack = await startStack();
  email = uniqueEmail('ada');
  const { client, user } = await signInWithCode(stack.supabase, email);
  userId = user.id;
  const profiling = new SupabaseProfilingStore(client);
  const saved = await profiling.upsertProfiling(userId, {
    role: 'engineer', roleOther: '', companySize: '11-50', workOutputs: ['code', 'docs'], workOutputOther: '',
    ensembleUse: 'other', ensembleUseOther: 'comparing answers', completed: true, currentStep: 3,
  });
  if (!saved.success) throw new Error(saved.error.message);
  const service = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const charged = await new SupabaseUsageLedger(service).logUsage({ userId, modelId: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 1000 });
  if (!charged.success) throw new Error(charged.error.message);
});
afterAll(() => stack.close());

describe('CLI: users show <email|user-id>', () => {
  it('finds the user by e-mail (any case): profile, profiling answers, ledger with usage, no billing customer yet', async () => {
    const r = await stack.run(['users', 'show', email.toUpperCase()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`User ${email}`);
    expect(r.stdout).toMatch(new RegExp(`id\\s+${userId}`));
    expect(r.stdout).toMatch(/feature flag\s+off/);
    expect(r.stdout).toMatch(/role\s+engineer/);
    expect(r.stdout).toMatch(/uses Ensemble for\s+other \(comparing answers\)/);
    expect(r.stdout).toMatch(/usage_charge\s+-\d+/);
    expect(r.stdout).toMatch(/signup_grant\s+\+100/);
    expect(r.stdout).toContain('none: this user never reached checkout');
  });

  it('finds the same user by id; --json has the account, the ledger and the billing state on stdout only', async () => {
    const r = await stack.run(['--json', 'users', 'show', userId]);
    expect(r.code).toBe(0);
    const view = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(view).toMatchObject({ user: { id: userId, email }, account: { subscribed: false, featureFlag: false }, billing: { customerState: null } });
    expect((view.ledger as unknown[]).length).toBe(2);
    expect(r.stderr).toBe('');
  });

  it('an unknown e-mail or id is one line on stderr, exit 1', async () => {
    const r = await stack.run(['users', 'show', 'nobody@example.com']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('ensemble: No user with e-mail nobody@example.com: check the e-mail address or id\n');
    const byId = await stack.run(['users', 'show', '00000000-0000-4000-8000-000000000000']);
    expect(byId.stderr).toMatch(/No user with id 00000000-0000-4000-8000-000000000000/);
  });

  it('shows the billing customer state once the user has subscribed', async () => {
    const { subscription } = await subscribe(stack, email, userId);
    const r = await stack.run(['users', 'show', email]);
    expect(r.stdout).toContain(subscription.id);
    expect(r.stdout).toMatch(/\$25\.00\/month\s+renews/);
    // No app receives the sandbox's webhooks here, so the profile was never marked subscribed.
    expect(r.stdout).toContain('Note: billing says subscribed but the profile says not subscribed: check `ensemble webhooks deliveries`');
  });
});

describe('CLI: users credits grant', () => {
  it('grants credits recorded in the ledger, idempotent by --reference', async () => {
    const r = await stack.run(['users', 'credits', 'grant', email, '250', '--reason', 'outage', '--reference', 'ticket-1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Granted 250 credits to .*: balance \d+\.\n$/);
    const again = await stack.run(['--json', 'users', 'credits', 'grant', email, '250', '--reason', 'outage', '--reference', 'ticket-1']);
    const first = JSON.parse(again.stdout) as { entry: { kind: string; amount: number; reason: string } };
    expect(first.entry).toMatchObject({ kind: 'manual_grant', amount: 250, reason: 'outage' });
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', userId])).stdout) as { ledger: { kind: string }[] };
    expect(view.ledger.filter((e) => e.kind === 'manual_grant')).toHaveLength(1);
  });

  it('bad amounts and a missing reason are usage errors (exit 2)', async () => {
    for (const amount of ['0', '-5', 'ten', '1.5']) {
      const r = await stack.run(['users', 'credits', 'grant', email, amount, '--reason', 'x']);
      expect(r.code, amount).toBe(2);
    }
    const tooMany = await stack.run(['users', 'credits', 'grant', email, '2000000', '--reason', 'x']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/<amount> must be between 1 and 1000000/);
    const noReason = await stack.run(['users', 'credits', 'grant', email, '5']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/required option '--reason <text>'/);
  });

  it('without Supabase access it says which variables to set (exit 2)', async () => {
    const r = await stack.run(['users', 'show', email], { env: { SUPABASE_URL: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY/);
  });

  it('an unreachable Supabase is one line with what to check (exit 1)', async () => {
    const url = await closedPort();
    const r = await stack.run(['users', 'show', email], { env: { SUPABASE_URL: url } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`ensemble: Cannot reach Supabase at ${url}: check SUPABASE_URL and your network\n`);
  });

  it('when billing refuses the token, users show still prints the Supabase side, then the billing error (exit 1)', async () => {
    const r = await stack.run(['users', 'show', email], { env: { BILLING_ACCESS_TOKEN: 'polar_oat_revoked' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`User ${email}`);
    expect(r.stdout).toContain('unavailable (see the error below)');
    expect(r.stderr).toMatch(/^ensemble: The billing access token was refused for .*\n$/);
  });

  it('a wrong service-role key is one line pointing at SUPABASE_SERVICE_ROLE_KEY (exit 1)', async () => {
    const r = await stack.run(['users', 'show', email], { env: { SUPABASE_SERVICE_ROLE_KEY: 'not-the-key' } });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/SUPABASE_SERVICE_ROLE_KEY/);
  });
});
