import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../support/local-supabase.js';
import { asOperator, must, startStack, subscribedUser, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let email: string;
let userId: string;
let sub: Awaited<ReturnType<typeof subscribedUser>>['sub'];
beforeAll(async () => {
  stack = await startStack();
  ({ email, userId, sub } = await subscribedUser(stack, 'refund'));
});
afterAll(() => stack.close());

const as = asOperator;
const orderNow = async (id: string) => must(await stack.billing.orders.get({ id }));

describe('CLI: support by e-mail, one command per case', () => {
  it('users show by e-mail lists the subscription, the orders and the refunds; --json has them too', async () => {
    const r = await stack.run(['users', 'show', email]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Subscriptions \\(latest 1\\)\\n\\s+SUBSCRIPTION ID\\s+STATUS\\s+PRODUCT\\s+PERIOD END\\s+CANCELS AT PERIOD END\\n\\s+${sub.subscription.id}\\s+active\\s+.*\\s+no\\n`));
    expect(r.stdout).toMatch(new RegExp(`Orders \\(latest 1\\)\\n\\s+ORDER ID\\s+DATE\\s+STATUS\\s+AMOUNT\\s+REFUNDED\\n\\s+${sub.order.id}\\s+\\S+ \\S+\\s+paid\\s+\\$25\\.00\\s+-\\n`));
    expect(r.stdout).toMatch(/Refunds \(none\)\n\s+none\n/);
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', userId])).stdout) as { billing: Record<string, { id: string }[]> & { customerState: { id: string } } };
    expect(view.billing.customerState.id).toBe(sub.customerId);
    expect(view.billing.subscriptions!.map((s) => s.id)).toEqual([sub.subscription.id]);
    expect(view.billing.orders!.map((o) => o.id)).toEqual([sub.order.id]);
    expect(view.billing.refunds).toEqual([]);
  });

  it('the confirmation names the amount, currency, customer and environment; answering "n" changes nothing (exit 2)', async () => {
    const r = await stack.run(['refunds', 'create', '--user', email, '--last-order', '--reason', 'customer_request'], { answers: ['n'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `[${stack.sandbox.url}, profile default] Refund $25.00 USD (in full) of order ${sub.order.id} (`,
    );
    expect(r.stderr).toMatch(new RegExp(`\\) to ${email}\\? \\[y/N\\] ensemble: Cancelled: nothing was changed\\n$`));
    expect(await orderNow(sub.order.id)).toMatchObject({ refundedAmount: 0, status: 'paid' });
  });

  it('an amount above what is left refundable is refused before any call (exit 1)', async () => {
    const r = await stack.run(['refunds', 'create', '--user', email, '--last-order', '--amount', '2501', '--reason', 'other', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`ensemble: $25.01 USD is more than the $25.00 USD left refundable on order ${sub.order.id} (total $25.00 USD, refunded $0.00 USD): nothing changed\n`);
    expect((await orderNow(sub.order.id)).refundedAmount).toBe(0);
  });

  it('refunds create --user <e-mail> --last-order --yes refunds the whole order and records who did it', async () => {
    const r = await stack.run(['refunds', 'create', '--user', email, '--last-order', '--reason', 'customer_request', '--comment', 'charged twice', '--yes'], as('grace'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Refunded \\$25\\.00 of order ${sub.order.id} to ${email} as grace: refund \\S+, succeeded\\.\\n$`));
    expect(await orderNow(sub.order.id)).toMatchObject({ status: 'refunded', refundedAmount: 2500 });
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as {
      supportActions: { action: string; operator: string; amount: number; currency: string; comment: string }[];
      billing: { orders: { refundedAmount: number }[]; refunds: { amount: number; metadata: Record<string, string> }[] };
    };
    expect(view.supportActions[0]).toMatchObject({ action: 'refund', operator: 'grace', amount: 2500, currency: 'usd', comment: 'charged twice' });
    expect(view.billing.orders[0]).toMatchObject({ refundedAmount: 2500 });
    expect(view.billing.refunds[0]).toMatchObject({ amount: 2500, metadata: { operator: 'grace', comment: 'charged twice' } });
    const shown = await stack.run(['users', 'show', email, '--ledger', '5']);
    expect(shown.stdout).toMatch(/refund\s+grace\s+\S+\s+\$25\.00\s+\S+\s+customer_request: charged twice/);
    expect(shown.stdout).toMatch(/\$25\.00\s+customer_request\s+grace\s+charged twice/);
  });

  it('a fully refunded order has nothing left to refund (exit 1)', async () => {
    const r = await stack.run(['refunds', 'create', '--user', email, '--last-order', '--reason', 'other', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`ensemble: Order ${sub.order.id} has nothing left to refund (total $25.00 USD, refunded $25.00 USD): nothing changed\n`);
  });

  it('an unknown e-mail, a user who never paid and a customer without orders are each one clear line (exit 1)', async () => {
    const unknown = await stack.run(['refunds', 'create', '--user', 'nobody-here@example.com', '--last-order', '--reason', 'other', '--yes']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('ensemble: No user with e-mail nobody-here@example.com: check the e-mail address or id (`ensemble users list --query <part>` finds users by part of either)\n');
    const lurker = uniqueEmail('lurker');
    const lurkerId = (await signInWithCode(stack.supabase, lurker)).user.id;
    const never = await stack.run(['refunds', 'create', '--user', lurker, '--last-order', '--reason', 'other', '--yes']);
    expect(never.code).toBe(1);
    expect(never.stderr).toBe(`ensemble: ${lurker} has no billing customer on ${stack.sandbox.url} (they never reached checkout): no order to refund\n`);
    must(await stack.billing.customers.create({ email: lurker, externalId: lurkerId }));
    const none = await stack.run(['refunds', 'create', '--user', lurkerId, '--last-order', '--reason', 'other', '--yes']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(`ensemble: ${lurker} has no order on ${stack.sandbox.url}: nothing to refund\n`);
  });

  it('usage: an order id and --user together, --user without --last-order, neither (exit 2)', async () => {
    const both = await stack.run(['refunds', 'create', sub.order.id, '--user', email, '--last-order', '--reason', 'other']);
    expect([both.code, both.stderr]).toEqual([2, 'ensemble: Give an order id, or --user <email|user-id> --last-order, not both\n']);
    const bare = await stack.run(['refunds', 'create', '--user', email, '--reason', 'other']);
    expect([bare.code, bare.stderr]).toEqual([2, 'ensemble: --user goes with --last-order (the only order --user can name); or give the order id\n']);
    const neither = await stack.run(['refunds', 'create', '--reason', 'other']);
    expect([neither.code, neither.stderr]).toEqual([2, 'ensemble: Give the order id, or --user <email|user-id> --last-order\n']);
  });
});
