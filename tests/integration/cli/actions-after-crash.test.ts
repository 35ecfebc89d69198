// The support log survives a support program killed between the billing provider's answer and the
// log: the `ensemble` bin (its own process) is killed (SIGKILL) right after the provider made a
// refund or cancelled a subscription. The log already holds the action as pending (written before
// the provider was asked); `ensemble actions reconcile` then settles it from what the provider holds,
// and removes a pending action that changed nothing. When the log cannot be written first, nothing
// is asked of the provider.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../../cli/build.mjs';
import { closedPort } from '../../support/local-http.js';
import { asOperator, must, runIn, startStack, subscribedUser, type Stack } from './cli-harness.js';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'cli', 'bin', 'ensemble.js');

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  await buildCli({ quiet: true });
}, 60_000);
afterAll(() => stack?.close());

/** The bin in a process of its own against the stack, killed by the crash seam after the provider's answer. */
function crashingEnsemble(args: readonly string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: '/nonexistent',
      BILLING_ACCESS_TOKEN: stack.seed.accessToken,
      SUPABASE_URL: stack.supabase.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.supabase.serviceRoleKey,
      ENSEMBLE_OPERATOR: 'alice',
      FAULT_SUPPORT_CRASH: 'after-billing',
    };
    const child = spawn(process.execPath, [bin, '--env', stack.sandbox.url, ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

interface ShownAction {
  id: string;
  action: string;
  subject: string;
  status: string;
  amount: number | null;
  operator: string;
  settledAt: string | null;
}
const supportActionsOf = async (email: string) =>
  (JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { supportActions: ShownAction[] }).supportActions;
const pendingRows = async () =>
  stack.supabase.db.asAdmin(async (tx) => (await tx.query<{ id: string; action: string; subject: string }>(`select id::text, action, subject from public.support_actions where status = 'pending' order by id`, [])).rows);

describe('CLI: a billing action and its support-log record, with the program killed in between', () => {
  it('a refund made by a program killed before the log was settled stays pending, then reconcile completes it from the refund it finds', async () => {
    const { email, sub } = await subscribedUser(stack, 'crash-refund');
    const killed = await crashingEnsemble(['refunds', 'create', sub.order.id, '--amount', '500', '--reason', 'customer_request', '--yes']);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    // The provider made the refund, with the log's action id in its metadata.
    const refunds = must(await stack.billing.refunds.list({ orderId: sub.order.id })).items;
    expect(refunds).toHaveLength(1);
    const [refund] = refunds;
    const [pending] = await supportActionsOf(email);
    expect(pending).toMatchObject({ action: 'refund', subject: sub.order.id, status: 'pending', amount: 500, operator: 'alice', settledAt: null });
    expect(refund!.metadata).toMatchObject({ support_action: pending!.id, operator: 'alice' });
    const shown = await stack.run(['users', 'show', email]);
    expect(shown.stdout).toMatch(/refund \(pending\)\s+alice/);
    expect(shown.stdout).toContain('`ensemble actions reconcile` settles it');
    const listed = JSON.parse((await stack.run(['--json', 'actions', 'pending'])).stdout) as ShownAction[];
    expect(listed.map((a) => a.id)).toContain(pending!.id);

    // Too young to judge by default: its command might still be running.
    const early = await stack.run(['actions', 'reconcile'], asOperator('bob'));
    expect(early.code, early.stderr).toBe(0);
    expect(early.stdout).toContain(`action ${pending!.id} (refund of ${sub.order.id} by alice): left pending: younger than 60 s`);
    const settled = await stack.run(['actions', 'reconcile', '--older-than', '0'], asOperator('bob'));
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stdout).toContain(`action ${pending!.id} (refund of ${sub.order.id} by alice): done: refund ${refund!.id} of`);
    const [done] = await supportActionsOf(email);
    expect(done).toMatchObject({ id: pending!.id, action: 'refund', subject: refund!.id, status: 'done', amount: 500, operator: 'alice' });
    expect(done!.settledAt).not.toBeNull();
    // Settled once: a second reconcile finds nothing of it.
    expect((await stack.run(['actions', 'reconcile', '--older-than', '0'])).stdout).not.toContain(`action ${pending!.id} `);
    expect((await pendingRows()).map((r) => r.id)).not.toContain(pending!.id);
  });

  it('a cancel made by a killed program is completed from the subscription; cancelling again changes nothing and leaves no record', async () => {
    const { email, sub } = await subscribedUser(stack, 'crash-cancel');
    const killed = await crashingEnsemble(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'too_expensive', '--yes']);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(must(await stack.billing.subscriptions.get({ id: sub.subscription.id })).cancelAtPeriodEnd).toBe(true);
    const [pending] = await supportActionsOf(email);
    expect(pending).toMatchObject({ action: 'cancel', subject: sub.subscription.id, status: 'pending' });
    const settled = await stack.run(['--json', 'actions', 'reconcile', '--older-than', '0']);
    const report = JSON.parse(settled.stdout) as { id: string; result: string }[];
    expect(report.find((r) => r.id === pending!.id)).toMatchObject({ result: 'done' });
    expect((await supportActionsOf(email))[0]).toMatchObject({ id: pending!.id, status: 'done' });

    const again = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'too_expensive', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/is already cancelled .*: nothing changed/);
    expect((await supportActionsOf(email)).map((a) => a.id)).toEqual([pending!.id]);
  });

  it('a pending action the provider shows no change for (a program killed before it asked) is removed', async () => {
    const { email, sub } = await subscribedUser(stack, 'crash-before');
    // As `begin` left it for a program killed before its provider call: written, never asked.
    const userId = await supportUserId(email);
    const [row] = await stack.supabase.db.asAdmin(async (tx) =>
      (
        await tx.query<{ id: string }>(`select (public.begin_support_action($1, 'carol', 'refund', $2, 300, 'usd', 'customer_request', null, $3)).id::text as id`, [
          userId,
          sub.order.id,
          stack.sandbox.url,
        ])
      ).rows,
    );
    const resume = await stack.supabase.db.asAdmin(async (tx) =>
      (await tx.query<{ id: string }>(`select (public.begin_support_action(null, 'carol', 'resume', $1, null, null, '', null, $2)).id::text as id`, [sub.subscription.id, stack.sandbox.url])).rows,
    );
    const settled = await stack.run(['actions', 'reconcile', '--older-than', '0']);
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stdout).toContain(`action ${row!.id} (refund of ${sub.order.id} by carol): removed: order ${sub.order.id} has no refund made by this action.`);
    // The subscription is active and renews: a resume shows as done (the state it asked for holds).
    expect(settled.stdout).toContain(`action ${resume[0]!.id} (resume of ${sub.subscription.id} by carol): done: subscription ${sub.subscription.id} shows it`);
    expect(must(await stack.billing.refunds.list({ orderId: sub.order.id })).items).toEqual([]);
    expect((await pendingRows()).map((r) => r.id)).not.toContain(row!.id);
  });

  it('a pending action of another billing environment is left for that environment', async () => {
    const [row] = await stack.supabase.db.asAdmin(async (tx) =>
      (await tx.query<{ id: string }>(`select (public.begin_support_action(null, 'dave', 'cancel', 'sub_elsewhere', null, null, '', null, 'sandbox')).id::text as id`, [])).rows,
    );
    const settled = await stack.run(['actions', 'reconcile', '--older-than', '0']);
    expect(settled.stdout).toContain(`action ${row!.id} (cancel of sub_elsewhere by dave): left pending: it was made on sandbox, not ${stack.sandbox.url}.`);
    expect((await pendingRows()).map((r) => r.id)).toContain(row!.id);
    await stack.supabase.db.asAdmin((tx) => tx.query(`select public.abandon_support_action($1)`, [row!.id]));
  });

  it('an action the provider cannot judge stays pending, the others are still settled, and the run exits 1', async () => {
    const { sub } = await subscribedUser(stack, 'unjudged');
    const begin = (action: string, subject: string) =>
      stack.supabase.db.asAdmin(async (tx) =>
        (await tx.query<{ id: string }>(`select (public.begin_support_action(null, 'erin', $1, $2, null, null, '', null, $3)).id::text as id`, [action, subject, stack.sandbox.url])).rows[0]!.id,
      );
    const broken = await begin('revoke', '00000000-0000-4000-8000-00000000000x');
    const fine = await begin('resume', sub.subscription.id);
    const r = await stack.run(['actions', 'reconcile', '--older-than', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`action ${broken} \\(revoke of 00000000-0000-4000-8000-00000000000x by erin\\): left pending: .+\\.\\n`));
    expect(r.stdout).toContain(`action ${fine} (resume of ${sub.subscription.id} by erin): done:`);
    expect(r.stderr).toBe('ensemble: 1 pending action could not be checked with the billing provider (see above); run it again later\n');
    expect((await pendingRows()).map((row) => row.id)).toContain(broken);
    await stack.supabase.db.asAdmin((tx) => tx.query(`select public.abandon_support_action($1)`, [broken]));
  });

  it('when the support log cannot be written first, the refund is refused and the provider is never asked', async () => {
    const { sub } = await subscribedUser(stack, 'log-down');
    const r = await stack.run(['refunds', 'create', sub.order.id, '--reason', 'customer_request', '--yes'], { env: { SUPABASE_URL: await closedPort() } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ensemble: Nothing changed: the refund of [0-9a-f-]+ could not be written to the support log first \(Cannot reach Supabase at http:\/\/127\.0\.0\.1:\d+: check SUPABASE_URL and your network\)\n$/);
    expect(must(await stack.billing.refunds.list({ orderId: sub.order.id })).items).toEqual([]);
  });

  it('a change the provider refuses leaves no record: uncancelling an ended subscription', async () => {
    const { email, sub } = await subscribedUser(stack, 'refused');
    must(await stack.billing.subscriptions.revoke({ id: sub.subscription.id }));
    const r = await stack.run(['subscriptions', 'uncancel', sub.subscription.id]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has ended.*\(HTTP 410\)/);
    expect(await supportActionsOf(email)).toEqual([]);
    expect((await pendingRows()).map((row) => row.subject)).not.toContain(sub.subscription.id);
  });

  it('a refund whose pending record a reconcile removed while the provider was still answering is written again, done', async () => {
    const { email, sub } = await subscribedUser(stack, 'slow-refund');
    const provider = await slowRefunds(stack.sandbox.url);
    try {
      const env = { BILLING_ACCESS_TOKEN: stack.seed.accessToken, SUPABASE_URL: stack.supabase.url, SUPABASE_SERVICE_ROLE_KEY: stack.supabase.serviceRoleKey };
      const refunding = runIn(['--env', provider.url, 'refunds', 'create', sub.order.id, '--amount', '400', '--reason', 'customer_request', '--yes'], { env: { ...env, ENSEMBLE_OPERATOR: 'alice' } });
      // The refund is asked for and not answered yet; the record is pending.
      await provider.asked;
      const [pending] = await supportActionsOf(email);
      expect(pending).toMatchObject({ action: 'refund', status: 'pending' });
      // Another operator reconciles with no grace: the provider has no refund of this action yet.
      const early = await runIn(['--env', provider.url, 'actions', 'reconcile', '--older-than', '0'], { env: { ...env, ENSEMBLE_OPERATOR: 'bob' } });
      expect(early.stdout).toContain(`action ${pending!.id} (refund of ${sub.order.id} by alice): removed:`);
      expect(await supportActionsOf(email)).toEqual([]);
      // Then the provider answers: the refund happened, and the log holds it again, done.
      provider.answer();
      const r = await refunding;
      expect(r.code, r.stderr).toBe(0);
      const [refund] = must(await stack.billing.refunds.list({ orderId: sub.order.id })).items;
      const [again] = await supportActionsOf(email);
      expect(again).toMatchObject({ action: 'refund', subject: refund!.id, status: 'done', amount: 400, operator: 'alice' });
      expect(again!.id).not.toBe(pending!.id);
      expect(r.stderr).toContain(`note: pending action ${pending!.id} was removed from the support log (a reconcile judged it before the provider answered); the refund of ${sub.order.id} is written again as action ${again!.id}`);
    } finally {
      provider.answer();
      await provider.close();
    }
  });

  it('the crash seam is refused with a bad value, before anything is changed', async () => {
    const { email, sub } = await subscribedUser(stack, 'seam');
    const r = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'too_expensive', '--yes'], { env: { FAULT_SUPPORT_CRASH: 'sometimes' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ensemble: FAULT_SUPPORT_CRASH takes after-billing, not "sometimes"\n');
    expect(must(await stack.billing.subscriptions.get({ id: sub.subscription.id })).cancelAtPeriodEnd).toBe(false);
    expect(await supportActionsOf(email)).toEqual([]);
  });
});

/**
 * The billing sandbox behind a proxy that holds the first refund request until `answer()`: a provider slow
 * to answer. `asked` resolves once the request has arrived.
 */
async function slowRefunds(target: string): Promise<{ url: string; asked: Promise<void>; answer(): void; close(): Promise<void> }> {
  let arrived!: () => void;
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let held = false;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'POST' && req.url?.startsWith('/v1/refunds') && !held) {
      held = true;
      arrived();
      await answered;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name, value]) => typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const forwarded = await fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) });
    res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await forwarded.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function supportUserId(email: string): Promise<string> {
  const shown = JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { user: { id: string } };
  return shown.user.id;
}
