import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_PLAN } from '@ensemble/billing-sandbox';
import { startStack, subscribe, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let sub: Awaited<ReturnType<typeof subscribe>>;
let email: string;
beforeAll(async () => {
  stack = await startStack({ supabase: false });
  email = uniqueEmail('grace');
  sub = await subscribe(stack, email, 'user-grace');
});
afterAll(() => stack.close());

const jsonOf = (stdout: string): unknown => JSON.parse(stdout);

describe('CLI: customers list|show|state', () => {
  it('lists customers as an aligned table on stdout and the count on stderr', async () => {
    const r = await stack.run(['customers', 'list']);
    expect(r.code).toBe(0);
    const [header, row] = r.stdout.split('\n');
    expect(header).toMatch(/^ID\s+EMAIL\s+NAME\s+EXTERNAL ID\s+CREATED$/);
    expect(row).toContain(email);
    expect(row!.indexOf(email)).toBe(header!.indexOf('EMAIL'));
    expect(r.stderr).toMatch(/1 of 1 customers/);
  });

  it('--json prints only a JSON array on stdout, filtered by --email', async () => {
    const r = await stack.run(['--json', 'customers', 'list', '--email', email]);
    expect(r.code).toBe(0);
    expect(jsonOf(r.stdout)).toEqual([expect.objectContaining({ id: sub.customerId, email, externalId: 'user-grace' })]);
  });

  it('an empty listing says so (human) and is [] in JSON', async () => {
    expect((await stack.run(['customers', 'list', '--query', 'nobody-matches-this'])).stdout).toContain('No customers.');
    expect(jsonOf((await stack.run(['--json', 'customers', 'list', '--query', 'nobody-matches-this'])).stdout)).toEqual([]);
  });

  it('--page shows one page of --limit rows; without --page, --limit caps the streamed rows', async () => {
    const second = uniqueEmail('second');
    await stack.billing.customers.create({ email: second });
    const page = await stack.run(['customers', 'list', '--page', '2', '--limit', '1']);
    expect(page.code).toBe(0);
    expect(page.stdout.trim().split('\n')).toHaveLength(2);
    expect(page.stdout).toContain(email);
    expect(page.stderr).toMatch(/1 of 2 customers \(page 2\)/);
    const capped = await stack.run(['--json', 'customers', 'list', '--limit', '1']);
    expect((jsonOf(capped.stdout) as { email: string }[]).map((c) => c.email)).toEqual([second]);
    const tooBig = await stack.run(['customers', 'list', '--limit', 'x']);
    expect(tooBig.code).toBe(2);
  });

  it('colours the table header unless --no-color', async () => {
    const coloured = await stack.run(['customers', 'list', '--limit', '1'], { color: true });
    expect(coloured.stdout.startsWith('\u001b[1mID')).toBe(true);
    const plain = await stack.run(['--no-color', 'customers', 'list', '--limit', '1'], { color: true });
    expect(plain.stdout.startsWith('ID')).toBe(true);
  });

  it('shows one customer by id and by --external-id', async () => {
    const byId = await stack.run(['customers', 'show', sub.customerId]);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toMatch(new RegExp(`email\\s+${email}`));
    const byExternal = await stack.run(['--json', 'customers', 'show', '--external-id', 'user-grace']);
    expect(jsonOf(byExternal.stdout)).toMatchObject({ id: sub.customerId });
  });

  it('state lists the active subscription, the granted benefits and the meters', async () => {
    const r = await stack.run(['customers', 'state', '--external-id', 'user-grace']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(sub.subscription.id);
    expect(r.stdout).toContain('$25.00/month');
    for (const benefit of stack.seed.benefitIds) expect(r.stdout).toContain(benefit);
  });

  it('an unknown customer id is one line on stderr naming the id and the list command, exit 1', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const r = await stack.run(['customers', 'show', id]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`ensemble: No customer ${id} found on ${stack.sandbox.url}: check the id (\`ensemble customers list\` lists them)\n`);
  });

  it('a malformed id or both id and --external-id are usage errors (exit 2)', async () => {
    const bad = await stack.run(['customers', 'show', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/customer id is a UUID/);
    const both = await stack.run(['customers', 'state', sub.customerId, '--external-id', 'x']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('ensemble: Give a customer id or --external-id, not both\n');
  });
});

describe('CLI: subscriptions list|show|cancel|uncancel', () => {
  it('lists with --customer and --active filters', async () => {
    const r = await stack.run(['subscriptions', 'list', '--customer', sub.customerId, '--active']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(sub.subscription.id);
    expect(r.stdout).toContain(DEFAULT_SEED_PLAN.name);
    const inactive = await stack.run(['--json', 'subscriptions', 'list', '--customer', sub.customerId, '--inactive']);
    expect(jsonOf(inactive.stdout)).toEqual([]);
  });

  it('show prints the subscription; --json is the whole object', async () => {
    const r = await stack.run(['subscriptions', 'show', sub.subscription.id]);
    expect(r.stdout).toMatch(/status\s+active/);
    expect(r.stdout).toMatch(/amount\s+\$25\.00 every 1 month/);
    expect(jsonOf((await stack.run(['--json', 'subscriptions', 'show', sub.subscription.id])).stdout)).toMatchObject({ id: sub.subscription.id, status: 'active' });
  });

  it('--reason must be one of the eight (exit 2), and is required', async () => {
    const wrong = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'bored']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/Allowed choices are customer_service, low_quality, missing_features, switched_service, too_complex, too_expensive, unused, other/);
    const missing = await stack.run(['subscriptions', 'cancel', sub.subscription.id]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/required option '--reason <reason>' not specified/);
  });

  it('cancel sets cancel at period end with the reason; uncancel undoes it', async () => {
    const r = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'too_expensive', '--comment', 'pricey']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Canceled subscription .* at period end: it stays active until /);
    const after = await stack.run(['--json', 'subscriptions', 'show', sub.subscription.id]);
    expect(jsonOf(after.stdout)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', customerCancellationReason: 'too_expensive', customerCancellationComment: 'pricey' });
    const undo = await stack.run(['--json', 'subscriptions', 'uncancel', sub.subscription.id]);
    expect(undo.code).toBe(0);
    expect(jsonOf(undo.stdout)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('cancel --now without a terminal and without --yes refuses with exit 2 and changes nothing', async () => {
    const r = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'unused', '--now']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing without a terminal to confirm on; pass --yes/);
    expect(jsonOf((await stack.run(['--json', 'subscriptions', 'show', sub.subscription.id])).stdout)).toMatchObject({ status: 'active' });
  });

  it('cancel --now asks first; answering no changes nothing (exit 2)', async () => {
    const r = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'unused', '--now'], { answers: ['n'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Revoke subscription .* now\? The customer loses access immediately \[y\/N\] /);
    expect(r.stderr).toMatch(/Cancelled: nothing was changed/);
  });
});

describe('CLI: orders, invoices, refunds', () => {
  it('lists and shows orders with money in the currency', async () => {
    const list = await stack.run(['orders', 'list', '--customer', sub.customerId]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(sub.order.id);
    expect(list.stdout).toContain('$25.00');
    const show = await stack.run(['orders', 'show', sub.order.id]);
    expect(show.stdout).toMatch(/total\s+\$25\.00/);
    expect(show.stdout).toMatch(/^status\s+paid$/m);
  });

  it('orders invoice generates the invoice and prints its URL', async () => {
    const r = await stack.run(['orders', 'invoice', sub.order.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^https?:\/\/\S+$/);
    const again = await stack.run(['--json', 'orders', 'invoice', sub.order.id]);
    expect(jsonOf(again.stdout)).toMatchObject({ orderId: sub.order.id, url: r.stdout.trim() });
  });

  it('refunds create asks unless --yes, then refunds; refunds list shows it', async () => {
    const refused = await stack.run(['refunds', 'create', sub.order.id, '--amount', '500', '--reason', 'customer_request']);
    expect(refused.code).toBe(2);
    const r = await stack.run(['refunds', 'create', sub.order.id, '--amount', '500', '--reason', 'customer_request'], { answers: ['yes'] });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Refunded \$5\.00 of order /);
    const list = await stack.run(['--json', 'refunds', 'list', '--order', sub.order.id]);
    expect(jsonOf(list.stdout)).toEqual([expect.objectContaining({ amount: 500, reason: 'customer_request', orderId: sub.order.id })]);
  });

  it('a refund above the refundable amount is one clear line (exit 1)', async () => {
    const r = await stack.run(['refunds', 'create', sub.order.id, '--amount', '999999', '--reason', 'other', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^ensemble: \$9,999\.99 USD is more than the \$20\.00 USD left refundable on order .*: nothing changed\n$/);
  });

  it('--amount must be a whole number of cents (exit 2)', async () => {
    const r = await stack.run(['refunds', 'create', sub.order.id, '--amount', '5.5', '--reason', 'other', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--amount takes a whole number/);
  });
});

describe('CLI: products, discounts, checkouts, webhooks', () => {
  it('products list shows the seeded plan and its price', async () => {
    const r = await stack.run(['products', 'list']);
    expect(r.stdout).toContain(stack.seed.productId);
    expect(r.stdout).toContain('$25.00/month');
  });

  it('discounts create then list', async () => {
    const created = await stack.run(['--json', 'discounts', 'create', '--name', 'Spring', '--code', 'SPRING25', '--percent', '25', '--duration', 'repeating', '--months', '3']);
    expect(created.code, created.stderr).toBe(0);
    expect(jsonOf(created.stdout)).toMatchObject({ name: 'Spring', code: 'SPRING25', basisPoints: 2500, duration: 'repeating', durationInMonths: 3 });
    const list = await stack.run(['discounts', 'list']);
    expect(list.stdout).toMatch(/SPRING25\s+25 %\s+3 months/);
    expect(list.stdout).toContain('WELCOME20');
    const both = await stack.run(['discounts', 'create', '--name', 'X', '--percent', '5', '--amount', '100']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('ensemble: Give exactly one of --percent and --amount\n');
  });

  it('checkouts list and show', async () => {
    const list = await stack.run(['checkouts', 'list']);
    expect(list.stdout).toContain(sub.checkout.id);
    const show = await stack.run(['checkouts', 'show', sub.checkout.id]);
    expect(show.stdout).toMatch(/status\s+succeeded/);
  });

  it('webhooks deliveries lists attempts; redeliver queues an event; an unknown event is exit 1', async () => {
    await stack.sandbox.ctx.webhooks.idle();
    const list = await stack.run(['--json', 'webhooks', 'deliveries']);
    expect(list.code).toBe(0);
    const deliveries = jsonOf(list.stdout) as { webhookEvent: { id: string } }[];
    expect(deliveries.length).toBeGreaterThan(0);
    const eventId = deliveries[0]!.webhookEvent.id;
    const forSeeded = await stack.run(['--json', 'webhooks', 'deliveries', '--endpoint', stack.seed.webhookEndpointId]);
    expect((JSON.parse(forSeeded.stdout) as unknown[]).length).toBe(deliveries.length);
    const forOther = await stack.run(['--json', 'webhooks', 'deliveries', '--endpoint', '00000000-0000-4000-8000-000000000000']);
    expect(JSON.parse(forOther.stdout)).toEqual([]);
    const r = await stack.run(['webhooks', 'redeliver', eventId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Queued redelivery of event ${eventId}`);
    const unknown = await stack.run(['webhooks', 'redeliver', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No webhook event or delivery 00000000-0000-4000-8000-000000000000 found/);
  });
});

describe('CLI: metrics and export', () => {
  it('metrics prints a table and a text chart; bad dates are usage errors', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await stack.run(['metrics', '--from', today, '--to', today, '--interval', 'day', '--timezone', 'UTC']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^PERIOD\s+REVENUE\s+MRR\s+ACTIVE SUBS\s+NEW SUBS$/m);
    expect(r.stdout).toContain('Revenue');
    expect(r.stdout).toMatch(/█/);
    const bad = await stack.run(['metrics', '--from', '2026-02-30', '--to', today]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--from takes a date as YYYY-MM-DD/);
    const reversed = await stack.run(['metrics', '--from', '2026-03-01', '--to', '2026-02-01']);
    expect(reversed.code).toBe(2);
  });

  it('export subscriptions streams CSV with a header and progress on stderr; JSON is an array', async () => {
    const csv = await stack.run(['export', 'subscriptions', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id,status,customer_id,customer_email,/);
    expect(lines[1]).toContain(sub.subscription.id);
    expect(csv.stderr).toMatch(/exported 1 of 1 subscriptions/);
    const json = await stack.run(['export', 'subscriptions', '--format', 'json']);
    expect(jsonOf(json.stdout)).toEqual([expect.objectContaining({ id: sub.subscription.id })]);
  });
});

describe('CLI: subscriptions cancel --now (runs last: it ends the subscription)', () => {
  it('after a yes at the prompt the subscription is revoked at once; uncancel then fails with one line', async () => {
    const r = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--reason', 'switched_service', '--now'], { answers: ['y'] });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Revoked subscription .*: status canceled, ended /);
    const after = JSON.parse((await stack.run(['--json', 'subscriptions', 'show', sub.subscription.id])).stdout) as Record<string, unknown>;
    expect(after).toMatchObject({ status: 'canceled', customerCancellationReason: 'switched_service' });
    const undo = await stack.run(['subscriptions', 'uncancel', sub.subscription.id]);
    expect(undo.code).toBe(1);
    expect(undo.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    // The provider answers 410 for a change to an ended subscription (reference: uncancel).
    expect(undo.stderr).toMatch(/^ensemble: subscription [0-9a-f-]+ has ended.* \(HTTP 410\): there is nothing left to change\n$/);
  });
});
