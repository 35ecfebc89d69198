import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupabaseSupportReports } from '../../../adapters/supabase/supabase-support-reports.js';
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
    expect(r.stderr).toBe('ensemble: No user with e-mail nobody@example.com: check the e-mail address or id (`ensemble users list --query <part>` finds users by part of either)\n');
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

describe('CLI: users list', () => {
  interface Listed {
    id: string;
    email: string;
    credits: number;
    subscriptionStatus: string | null;
  }
  const listed = async (argv: readonly string[]): Promise<Listed[]> => {
    const r = await stack.run(['--json', 'users', 'list', ...argv]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Listed[];
  };
  const tag = `find${Math.random().toString(36).slice(2, 8)}`;
  const made: { id: string; email: string }[] = [];
  beforeAll(async () => {
    for (const name of [`${tag}_one`, `${tag}-two`, `${tag}-three`]) {
      const address = `${name}@example.com`;
      const { user } = await signInWithCode(stack.supabase, address);
      made.push({ id: user.id, email: address });
    }
  });

  it('newest sign-up first, with e-mail, id, sign-up and last sign-in, credits and plan; --query finds part of an e-mail in any case', async () => {
    const found = await listed(['--query', tag.toUpperCase()]);
    expect(found.map((u) => u.email)).toEqual([...made].reverse().map((u) => u.email));
    expect(found[0]).toMatchObject({ id: made[2]?.id, credits: 100, subscriptionStatus: null });
    const table = await stack.run(['users', 'list', '--query', tag]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+ID\s+SIGNED UP\s+LAST SIGN-IN\s+CREDITS\s+PLAN$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([...made].reverse().map((u) => u.email));
    expect(lines[1]).toMatch(new RegExp(`${made[2]?.id}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+100\\s+none$`));
    expect(table.stderr).toBe(`3 users matching "${tag}"\n`);
  });

  it('the start of an id finds its user; _ and % are matched as themselves, not as wildcards', async () => {
    const two = made[1];
    if (!two) throw new Error('no second user');
    expect((await listed(['--query', two.id.slice(0, 13).toUpperCase()])).map((u) => u.id)).toContain(two.id);
    expect((await listed(['--query', `${tag}_`])).map((u) => u.email)).toEqual([made[0]?.email]);
    expect(await listed(['--query', `${tag}%`])).toEqual([]);
  });

  it('--limit shows the newest users up to it and says so; every user listed once across pages', async () => {
    const all = await listed(['--limit', '1000']);
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([userId, ...made.map((u) => u.id)]));
    expect(new Set(all.map((u) => u.id)).size).toBe(all.length);
    const two = await stack.run(['--json', 'users', 'list', '--limit', '2']);
    expect((JSON.parse(two.stdout) as Listed[]).map((u) => u.id)).toEqual(all.slice(0, 2).map((u) => u.id));
    expect(two.stderr).toBe('2 users (--limit 2; there may be more)\n');
    // Page by page (one user a page) the same users come in the same order.
    const service = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const reports = new SupabaseSupportReports(service);
    const walked: string[] = [];
    let before: { createdAt: string; id: string } | null = null;
    for (;;) {
      const page = await reports.searchUsers({ query: null, before, limit: 1 });
      if (!page.success) throw new Error(page.error.message);
      const user = page.data[0];
      if (!user) break;
      walked.push(user.id);
      before = { createdAt: user.createdAtExact, id: user.id };
    }
    expect(walked).toEqual(all.map((u) => u.id));
  });

  it('nothing found says so (exit 0); an empty --query or a --limit that is not a positive number is a usage error (exit 2)', async () => {
    const none = await stack.run(['users', 'list', '--query', 'no-such-address-anywhere']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No user\'s e-mail holds "no-such-address-anywhere", and no id starts with it.\n');
    expect(await listed(['--query', 'no-such-address-anywhere'])).toEqual([]);
    for (const [argv, message] of [
      [['--query', '  '], '--query must not be empty.'],
      [['--limit', '0'], '--limit must be between 1 and 100000.'],
      [['--limit', 'ten'], '--limit takes a whole number, not "ten".'],
    ] as const) {
      const r = await stack.run(['users', 'list', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
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
