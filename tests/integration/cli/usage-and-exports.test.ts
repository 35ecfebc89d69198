// Usage metrics and exports with the support program on the real local stack: users chat through the
// app server (offline models, charged in the stand-in's database), subscribe through the billing
// sandbox, and the program reads both back.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from '../server/server-harness.js';
import { startAppStack, subscribeUser, until, type AppStack } from './app-stack.js';
import { must } from './cli-harness.js';

interface Figures {
  calls: number;
  credits: number;
  inputTokens: number;
  outputTokens: number;
}

let stack: AppStack;
let dir: string;
const users: Awaited<ReturnType<typeof signUpOnStandIn>>[] = [];
/** What the app reported charging, per model and per user, from each answer's finish line. */
const byModel = new Map<string, Figures>();
const byUser = new Map<string, Figures>();
let orderId: string;

const add = (map: Map<string, Figures>, key: string, f: Omit<Figures, 'calls'>) => {
  const t = map.get(key) ?? { calls: 0, credits: 0, inputTokens: 0, outputTokens: 0 };
  map.set(key, { calls: t.calls + 1, credits: t.credits + f.credits, inputTokens: t.inputTokens + f.inputTokens, outputTokens: t.outputTokens + f.outputTokens });
};

beforeAll(async () => {
  stack = await startAppStack();
  dir = await mkdtemp(join(tmpdir(), 'ensemble-export-'));
  const chats: [number, string, string][] = [
    [0, 'offline', 'Tell me about rivers'],
    [0, 'offline', 'And about lakes, at length'],
    [0, 'offline-code', 'Write a function that adds two numbers'],
    [1, 'offline', 'Hello there'],
  ];
  for (const tag of ['ada', 'bob']) {
    const user = await signUpOnStandIn(stack.supabase, stack.server.url, { tag, credits: 1000 });
    users.push(user);
  }
  for (const [who, model, message] of chats) {
    const user = users[who]!;
    const response = await user.call('POST', '/api/chat', { message, modelIds: [model] });
    expect(response.status).toBe(200);
    const finish = (await readNdjson(response)).find((l) => l.type === 'finish') as { usage: { inputTokens: number; outputTokens: number }; creditsCharged: number };
    const figures = { credits: finish.creditsCharged, inputTokens: finish.usage.inputTokens, outputTokens: finish.usage.outputTokens };
    add(byModel, model, figures);
    add(byUser, user.userId, figures);
  }
  const ada = users[0]!;
  const { customerId } = await subscribeUser(stack, ada.email, ada.userId);
  orderId = must(await stack.billing.orders.list({ customerId })).items[0]!.id;
  must(await stack.billing.refunds.create({ orderId, reason: 'customer_request', amount: 500, comment: null }));
  // The app has taken the subscription (its webhook): Ada's plan status reads active.
  await until(async () => (await stack.supabase.db.asAdmin(async (tx) => (await tx.query<{ s: string | null }>('select subscription_status as s from public.profiles where id = $1', [ada.userId])).rows[0]?.s)) === 'active' || undefined, "Ada's subscription in the app");
}, 120_000);
afterAll(async () => {
  await stack?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('metrics usage: credits and tokens by model and by user', () => {
  it('by model (the default), over the last 30 days by default: the figures of the charges made through the app', async () => {
    const r = await stack.run(['--json', 'metrics', 'usage']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { from: string; to: string; by: string; rows: (Figures & { model: string })[]; total: Figures };
    const today = new Date().toISOString().slice(0, 10);
    expect(report.to).toBe(today);
    expect(report.from).toBe(new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(report.by).toBe('model');
    expect(Object.fromEntries(report.rows.map(({ model, ...f }) => [model, f]))).toEqual(Object.fromEntries(byModel));
    const credits = [...byModel.values()].reduce((n, f) => n + f.credits, 0);
    expect(report.total).toMatchObject({ calls: 4, credits });
    expect(credits).toBeGreaterThan(0);
  });

  it('by user: each user with e-mail and figures; the table ends with a total', async () => {
    const r = await stack.run(['--json', 'metrics', 'usage', '--by', 'user']);
    expect(r.code, r.stderr).toBe(0);
    const rows = (JSON.parse(r.stdout) as { rows: (Figures & { userId: string; email: string })[] }).rows;
    expect(Object.fromEntries(rows.map(({ userId, email, ...f }) => [userId, { ...f, email }]))).toEqual(
      Object.fromEntries(users.map((u) => [u.userId, { ...byUser.get(u.userId), email: u.email }])),
    );
    const human = await stack.run(['metrics', 'usage', '--by', 'user']);
    expect(human.code, human.stderr).toBe(0);
    const lines = human.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Usage from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC days\), by user$/);
    expect(lines[1]).toMatch(/^USER\s+USER ID\s+CALLS\s+CREDITS\s+INPUT TOKENS\s+OUTPUT TOKENS$/);
    const ada = byUser.get(users[0]!.userId)!;
    expect(human.stdout).toMatch(new RegExp(`^${users[0]!.email.replace(/\./g, '\\.')}\\s+${users[0]!.userId}\\s+3\\s+${ada.credits}\\s`, 'm'));
    expect(lines[lines.length - 1]).toMatch(/^TOTAL\s+4\s+\d+/);
  });

  it('a period without usage says so; --from after --to and a bad --by are usage errors', async () => {
    const none = await stack.run(['metrics', 'usage', '--from', '2001-01-01', '--to', '2001-01-31']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('Usage from 2001-01-01 to 2001-01-31 (UTC days), by model\nNo usage in this period.\n');
    const backwards = await stack.run(['metrics', 'usage', '--from', '2026-02-01', '--to', '2026-01-01']);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toBe('ensemble: --from 2026-02-01 is after --to 2026-01-01\n');
    const by = await stack.run(['metrics', 'usage', '--by', 'team']);
    expect(by.code).toBe(2);
    expect(by.stderr).toMatch(/option '--by <what>' argument 'team' is invalid\. Allowed choices are model, user\./);
  });

  it('revenue metrics need no --from/--to: the last 30 days by default', async () => {
    const r = await stack.run(['--json', 'metrics', '--interval', 'day', '--timezone', 'UTC']);
    expect(r.code, r.stderr).toBe(0);
    const periods = (JSON.parse(r.stdout) as { periods: { timestamp: string }[] }).periods;
    expect(periods).toHaveLength(30);
    expect(periods[29]!.timestamp.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('exports: users (with ledger, orders, refunds) and customers', () => {
  it('export users as CSV: one row per user with e-mail, created, balance and plan status', async () => {
    const r = await stack.run(['export', 'users']);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toBe('user_id,email,created_at,last_sign_in_at,balance,plan_status,subscription_id,current_period_end,cancel_at_period_end');
    expect(rows).toHaveLength(2);
    const balances = await stack.supabase.db.asAdmin(async (tx) => (await tx.query<{ id: string; credits: number }>('select id, credits from public.profiles')).rows);
    const ada = rows.find((row) => row.startsWith(users[0]!.userId))!.split(',');
    expect(ada[1]).toBe(users[0]!.email);
    expect(Number(ada[4])).toBe(balances.find((b) => b.id === users[0]!.userId)!.credits);
    expect(ada[5]).toBe('active');
    expect(rows.find((row) => row.startsWith(users[1]!.userId))!.split(',')[5]).toBe('');
    expect(r.stderr).toBe('exported 2 of 2 users\n');
  });

  it('export users --with ledger,orders,refunds as JSON to --output nests each one; CSV flattens them into rows', async () => {
    const file = join(dir, 'users.json');
    const r = await stack.run(['export', 'users', '--with', 'ledger,orders,refunds', '--format', 'json', '--output', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(await readdir(dir)).toEqual(['users.json']);
    type Exported = { id: string; email: string; balance: number; planStatus: string | null; ledger: { kind: string; amount: number }[]; orders: { id: string }[]; refunds: { orderId: string; amount: number }[] };
    const exported = JSON.parse(await readFile(file, 'utf8')) as Exported[];
    const ada = exported.find((u) => u.id === users[0]!.userId)!;
    expect(ada).toMatchObject({ email: users[0]!.email, planStatus: 'active', orders: [{ id: orderId }], refunds: [{ orderId, amount: 500 }] });
    expect(ada.ledger.filter((e) => e.kind === 'usage_charge').map((e) => -e.amount).reduce((a, b) => a + b, 0)).toBe(byUser.get(users[0]!.userId)!.credits);
    expect(exported.find((u) => u.id === users[1]!.userId)).toMatchObject({ orders: [], refunds: [] });

    const csv = await stack.run(['export', 'users', '--with', 'orders,refunds']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trimEnd().split('\n');
    expect(header).toBe(
      'user_id,email,created_at,last_sign_in_at,balance,plan_status,subscription_id,current_period_end,cancel_at_period_end,record,record_id,record_created_at,kind,amount,currency,balance_after,status,reference,detail',
    );
    const adaRows = rows.filter((row) => row.startsWith(users[0]!.userId)).map((row) => row.split(','));
    expect(adaRows.map((row) => [row[9], row[10]])).toEqual([
      ['order', orderId],
      ['refund', expect.stringMatching(/^[0-9a-f-]{36}$/)],
    ]);
    expect(adaRows[1]![13]).toBe('500');
    // A user with nothing nested keeps one row with empty record columns.
    expect(rows.filter((row) => row.startsWith(users[1]!.userId))).toEqual([expect.stringMatching(/,,,,,,,,,$/)]);
  });

  it('export customers streams every billing customer, CSV or JSON', async () => {
    const total = must(await stack.billing.customers.list({ limit: 1 })).pagination.totalCount;
    const csv = await stack.run(['export', 'customers']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trimEnd().split('\n');
    expect(header).toBe('id,email,name,external_id,created_at,email_verified,country,deleted_at');
    expect(rows).toHaveLength(total);
    expect(rows.some((row) => row.includes(`,${users[0]!.email},`) && row.includes(users[0]!.userId))).toBe(true);
    const json = await stack.run(['export', 'customers', '--format', 'json']);
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(total);
    expect(json.stderr).toBe(`exported ${total} of ${total} customers\n`);
  });

  it('a bad --with or an --output that cannot be written is a usage error, and no file is left', async () => {
    const bad = await stack.run(['export', 'users', '--with', 'ledger,invoices']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--with takes a comma-separated list of ledger, orders, refunds, not "ledger,invoices"\./);
    const nowhere = await stack.run(['export', 'customers', '--output', join(dir, 'missing', 'c.csv')]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/^ensemble: Cannot write --output .*missing\/c\.csv: ENOENT/);
    expect(await readdir(dir)).toEqual(['users.json']);
  });
});
