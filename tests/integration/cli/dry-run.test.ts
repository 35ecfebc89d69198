import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../support/local-supabase.js';
import { must, startStack, subscribe, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let email: string;
let sub: Awaited<ReturnType<typeof subscribe>>;
let proxy: Server;
let proxyUrl: string;
/** Every billing request the program made, as `METHOD /path`: a dry run makes reads only. */
const calls: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  email = uniqueEmail('dry');
  const userId = (await signInWithCode(stack.supabase, email)).user.id;
  sub = await subscribe(stack, email, userId);
  // A pass-through in front of the billing sandbox that notes each request.
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      calls.push(`${req.method ?? '?'} ${new URL(req.url ?? '/', 'http://x').pathname}`);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      void fetch(`${stack.sandbox.url}${req.url ?? '/'}`, { method: req.method, headers, body }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await stack.close();
});

/** Runs through the noting proxy; answers the run and the requests it made. */
async function dry(argv: readonly string[]) {
  calls.length = 0;
  const run = await stack.run(['--env', proxyUrl, ...argv], { env: { ENSEMBLE_OPERATOR: 'ivy' } });
  return { ...run, calls: [...calls] };
}

const writes = (list: readonly string[]) => list.filter((call) => !call.startsWith('GET '));
const supportActions = async () => (JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { supportActions: unknown[] }).supportActions;

describe('CLI --dry-run: says what would change and changes nothing', () => {
  it('refunds create --dry-run (in full, by e-mail) names the amount and environment, makes no write and records nothing (exit 0)', async () => {
    const r = await dry(['refunds', 'create', '--user', email, '--last-order', '--reason', 'customer_request', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Dry run on ${proxyUrl}, profile default: would refund \\$25\\.00 USD \\(in full\\) of order ${sub.order.id} \\(.*\\) to ${email}\\. Nothing changed\\.\\n$`));
    expect(r.calls.length).toBeGreaterThan(0);
    expect(writes(r.calls)).toEqual([]);
    const partial = await dry(['--json', 'refunds', 'create', sub.order.id, '--amount', '700', '--reason', 'other', '--dry-run']);
    expect(JSON.parse(partial.stdout)).toMatchObject({ dryRun: true, orderId: sub.order.id, amount: 700, currency: 'usd', refundableAmount: 2500, profile: 'default' });
    expect(writes(partial.calls)).toEqual([]);
    expect(must(await stack.billing.orders.get({ id: sub.order.id }))).toMatchObject({ refundedAmount: 0, status: 'paid' });
    expect(must(await stack.billing.refunds.list({ orderId: sub.order.id })).items).toEqual([]);
  });

  it('subscriptions cancel, cancel --now and uncancel --dry-run need no --yes, make no write and leave the subscription as it was', async () => {
    const cancel = await dry(['subscriptions', 'cancel', '--user', email, '--reason', 'too_expensive', '--dry-run']);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toMatch(new RegExp(`^Dry run on ${proxyUrl}, profile default: would cancel at period end subscription ${sub.subscription.id} of ${email} \\(status active, period ends .*\\)\\. Nothing changed\\.\\n$`));
    const revoke = await dry(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'unused', '--now', '--dry-run']);
    expect(revoke.code, revoke.stderr).toBe(0);
    expect(revoke.stdout).toMatch(/would revoke subscription/);
    const resume = await dry(['subscriptions', 'uncancel', '--user', email, '--dry-run']);
    expect(resume.code, resume.stderr).toBe(0);
    expect(resume.stdout).toMatch(/is not cancelling: resuming it would change nothing\. Nothing changed\.\n$/);
    expect(writes([...cancel.calls, ...revoke.calls, ...resume.calls])).toEqual([]);
    expect(must(await stack.billing.subscriptions.get({ id: sub.subscription.id }))).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, customerCancellationReason: null });
  });

  it('discounts create --dry-run describes the discount and creates none', async () => {
    const before = must(await stack.billing.discounts.list({})).pagination.totalCount;
    const r = await dry(['discounts', 'create', '--name', 'Sorry', '--amount', '500', '--code', 'SORRY5', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Dry run on ${proxyUrl}, profile default: would create discount Sorry ($5.00 off, once, code SORRY5). Nothing changed.\n`);
    expect(r.calls).toEqual([]);
    expect(must(await stack.billing.discounts.list({})).pagination.totalCount).toBe(before);
  });

  it('credits grant --dry-run leaves the balance; no dry run is recorded in the support log', async () => {
    const r = await dry(['users', 'credits', 'grant', email, '50', '--reason', 'x', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Dry run: would grant 50 credits to .* balance 100 → 150\. Nothing changed\.\n$/);
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { account: { credits: number } };
    expect(view.account.credits).toBe(100);
    expect(await supportActions()).toEqual([]);
  });

  it('webhooks redeliver --dry-run names the event (also from a delivery id) and sends nothing', async () => {
    const delivery = must(await stack.billing.webhooks.listDeliveries({ limit: 1 })).items[0]!;
    const before = must(await stack.billing.webhooks.listDeliveries({ limit: 1 })).pagination.totalCount;
    const r = await dry(['webhooks', 'redeliver', delivery.id, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Dry run on ${proxyUrl}, profile default: would send event ${delivery.webhookEvent.id} (${delivery.webhookEvent.type}) of delivery ${delivery.id} again. Nothing changed.\n`);
    expect(writes(r.calls)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(must(await stack.billing.webhooks.listDeliveries({ limit: 1 })).pagination.totalCount).toBe(before);
  });

  it('a dry run still refuses what the change would refuse: an amount above what is refundable (exit 1)', async () => {
    const r = await dry(['refunds', 'create', sub.order.id, '--amount', '2600', '--reason', 'other', '--dry-run']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\$26\.00 USD is more than the \$25\.00 USD left refundable/);
  });
});
