import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../support/local-supabase.js';
import { startStack, subscribe, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const json = <T>(stdout: string): T => JSON.parse(stdout) as T;

describe('CLI support scenario: "cancel my plan and refund my last payment, and I ran out of credits"', () => {
  it('support finds the subscriber by e-mail, sees the subscription, cancels at period end, refunds the order and grants credits', async () => {
    // The user signs up in the app and subscribes through the sandbox checkout (external id = user id).
    const email = uniqueEmail('customer');
    const { user } = await signInWithCode(stack.supabase, email);
    const { subscription, order } = await subscribe(stack, email, user.id);

    // Support looks the user up by e-mail and sees the active subscription in the billing state.
    const found = await stack.run(['users', 'show', email]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain(subscription.id);
    const view = json<{ user: { id: string }; billing: { customerState: { id: string; activeSubscriptions: { id: string }[] } } }>(
      (await stack.run(['--json', 'users', 'show', email])).stdout,
    );
    expect(view.user.id).toBe(user.id);
    const customerId = view.billing.customerState.id;
    expect(view.billing.customerState.activeSubscriptions.map((s) => s.id)).toEqual([subscription.id]);

    // ... lists the customer's subscriptions and cancels at period end.
    const subs = await stack.run(['--json', 'subscriptions', 'list', '--customer', customerId, '--active']);
    expect(json<{ id: string }[]>(subs.stdout).map((s) => s.id)).toEqual([subscription.id]);
    const canceled = await stack.run(['subscriptions', 'cancel', subscription.id, '--reason', 'too_expensive']);
    expect(canceled.code, canceled.stderr).toBe(0);
    const state = json<{ activeSubscriptions: { id: string; cancelAtPeriodEnd: boolean }[] }>(
      (await stack.run(['--json', 'customers', 'state', '--external-id', user.id])).stdout,
    );
    expect(state.activeSubscriptions).toEqual([expect.objectContaining({ id: subscription.id, cancelAtPeriodEnd: true })]);

    // ... refunds the order in full.
    const orders = json<{ id: string; totalAmount: number }[]>((await stack.run(['--json', 'orders', 'list', '--customer', customerId])).stdout);
    expect(orders.map((o) => o.id)).toEqual([order.id]);
    const refunded = await stack.run(['refunds', 'create', order.id, '--amount', String(orders[0]!.totalAmount), '--reason', 'customer_request', '--yes']);
    expect(refunded.code, refunded.stderr).toBe(0);
    expect(refunded.stdout).toMatch(/Refunded \$25\.00 of order/);
    const after = json<{ status: string; refundedAmount: number }>((await stack.run(['--json', 'orders', 'show', order.id])).stdout);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 2500 });

    // ... and grants credits, which the ledger shows.
    const granted = await stack.run(['users', 'credits', 'grant', email, '500', '--reason', 'sorry for the trouble']);
    expect(granted.code, granted.stderr).toBe(0);
    const final = json<{ account: { credits: number }; ledger: { kind: string; amount: number; reason: string }[] }>(
      (await stack.run(['--json', 'users', 'show', user.id])).stdout,
    );
    expect(final.ledger[0]).toMatchObject({ kind: 'manual_grant', amount: 500, reason: 'sorry for the trouble' });
    expect(final.account.credits).toBe(600);
  });
});
