import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../support/local-supabase.js';
import { asOperator, must, startStack, subscribedUser, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let email: string;
let userId: string;
let sub: Awaited<ReturnType<typeof subscribedUser>>['sub'];
beforeAll(async () => {
  stack = await startStack();
  ({ email, userId, sub } = await subscribedUser(stack, 'cancel'));
});
afterAll(() => stack.close());

const as = asOperator;
const subscriptionNow = async () => must(await stack.billing.subscriptions.get({ id: sub.subscription.id }));

describe('CLI: subscriptions by e-mail', () => {
  it('subscriptions list --customer takes an e-mail as well as an id; an unknown e-mail is one clear line', async () => {
    const byEmail = await stack.run(['--json', 'subscriptions', 'list', '--customer', email]);
    expect(byEmail.code, byEmail.stderr).toBe(0);
    expect((JSON.parse(byEmail.stdout) as { id: string }[]).map((s) => s.id)).toEqual([sub.subscription.id]);
    const byId = await stack.run(['--json', 'subscriptions', 'list', '--customer', sub.customerId]);
    expect((JSON.parse(byId.stdout) as { id: string }[]).map((s) => s.id)).toEqual([sub.subscription.id]);
    const unknown = await stack.run(['subscriptions', 'list', '--customer', 'nobody-here@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^ensemble: No billing customer with e-mail nobody-here@example\.com on http:\/\/127\.0\.0\.1:\d+: check the address/);
    const neither = await stack.run(['subscriptions', 'list', '--customer', 'ada']);
    expect([neither.code, neither.stderr]).toEqual([2, 'ensemble: --customer takes a customer id (a UUID) or an e-mail address, not "ada"\n']);
  });

  it('subscriptions cancel --user <e-mail> cancels the one active subscription at period end, recorded with who did it', async () => {
    const r = await stack.run(['subscriptions', 'cancel', '--user', email, '--reason', 'too_expensive', '--comment', 'pricey'], as('hana'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Canceled subscription ${sub.subscription.id} of ${email} at period end: it stays active until `));
    expect(await subscriptionNow()).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', customerCancellationReason: 'too_expensive' });
    const shown = await stack.run(['users', 'show', email]);
    expect(shown.stdout).toMatch(new RegExp(`${sub.subscription.id}\\s+active\\s+.*\\s+yes\\n`));
    expect(shown.stdout).toMatch(new RegExp(`cancel\\s+hana\\s+${sub.subscription.id}`));
  });

  it('subscriptions uncancel --user <user-id> resumes it, recorded too', async () => {
    const r = await stack.run(['subscriptions', 'uncancel', '--user', userId], as('hana'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Uncanceled subscription ${sub.subscription.id}: it renews on `));
    expect((await subscriptionNow()).cancelAtPeriodEnd).toBe(false);
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { supportActions: { action: string; operator: string; subject: string }[] };
    expect(view.supportActions.slice(0, 2).map((a) => [a.action, a.operator, a.subject])).toEqual([
      ['resume', 'hana', sub.subscription.id],
      ['cancel', 'hana', sub.subscription.id],
    ]);
  });

  it('errors: an unknown e-mail, a user without an active subscription, an id and --user together', async () => {
    const unknown = await stack.run(['subscriptions', 'cancel', '--user', 'nobody-here@example.com', '--reason', 'other']);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'ensemble: No user with e-mail nobody-here@example.com: check the e-mail address or id (`ensemble users list --query <part>` finds users by part of either)\n']);
    const lurker = uniqueEmail('lurker');
    await signInWithCode(stack.supabase, lurker);
    const none = await stack.run(['subscriptions', 'cancel', '--user', lurker, '--reason', 'other']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(`ensemble: ${lurker} has no active subscription on ${stack.sandbox.url}: nothing to change (\`ensemble users show ${lurker}\` shows their billing)\n`);
    const both = await stack.run(['subscriptions', 'cancel', sub.subscription.id, '--user', email, '--reason', 'other']);
    expect([both.code, both.stderr]).toEqual([2, 'ensemble: Give a subscription id or --user, not both\n']);
    const neither = await stack.run(['subscriptions', 'uncancel']);
    expect([neither.code, neither.stderr]).toEqual([2, 'ensemble: Give the subscription id, or --user <email|user-id>\n']);
  });

  it('revoking by e-mail asks naming the customer and the environment; "n" changes nothing', async () => {
    const r = await stack.run(['subscriptions', 'cancel', '--user', email, '--reason', 'unused', '--now'], { answers: ['n'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`[${stack.sandbox.url}, profile default] Revoke subscription ${sub.subscription.id} of ${email} now? The customer loses access immediately [y/N] `);
    expect((await subscriptionNow()).status).toBe('active');
  });
});
