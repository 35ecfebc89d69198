import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode } from '../../support/local-supabase.js';
import { asOperator, startStack, subscribe, uniqueEmail, type Stack } from './cli-harness.js';

let stack: Stack;
let email: string;
let userId: string;
beforeAll(async () => {
  stack = await startStack();
  email = uniqueEmail('bob');
  userId = (await signInWithCode(stack.supabase, email)).user.id;
});
afterAll(() => stack.close());

const as = asOperator;

describe('CLI bugs of the support tool, each reproduced', () => {
  it('`ensemble help`, `help users` and `help subscriptions list` exit 0 with the right help; an unknown one exits 2', async () => {
    const root = await stack.run(['help']);
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/^Usage: ensemble \[options\] \[command\]/);
    const group = await stack.run(['help', 'users']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/^Usage: ensemble users/);
    const leaf = await stack.run(['help', 'subscriptions', 'list']);
    expect(leaf.code).toBe(0);
    expect(leaf.stdout).toMatch(/^Usage: ensemble subscriptions list \[options\]/);
    expect(leaf.stdout).toContain('--external-customer');
    expect(leaf.stdout).toMatch(/Global Options:\n\s+--env <env>/);
    expect((await stack.run(['users', 'help'])).code).toBe(0);
    const unknown = await stack.run(['help', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('ensemble: Unknown command "nope": `ensemble --help` lists the commands\n');
  });

  it('the root help lists each environment on its own line', async () => {
    const r = await stack.run(['--help']);
    expect(r.stdout).toMatch(/^ {2}sandbox\s+https:\/\/sandbox-api\.polar\.sh$/m);
    expect(r.stdout).toMatch(/^ {2}production\s+https:\/\/api\.polar\.sh$/m);
  });

  it('a set but empty SUPABASE_SERVICE_ROLE_KEY is named as such (exit 2)', async () => {
    const r = await stack.run(['users', 'show', email], { env: { SUPABASE_SERVICE_ROLE_KEY: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("ensemble: SUPABASE_SERVICE_ROLE_KEY is set but empty: give it the project's service-role key, or unset it\n");
  });

  it('a repeated grant says nothing changed; a reused reference with another amount is refused naming both', async () => {
    const first = await stack.run(['users', 'credits', 'grant', email, '50', '--reason', 'x', '--reference', 'ticket-42'], as('alice'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`Granted 50 credits to ${email} as alice: balance 150.\n`);
    await stack.run(['users', 'credits', 'grant', email, '1000', '--reason', 'y'], as('alice'));
    const again = await stack.run(['users', 'credits', 'grant', email, '50', '--reason', 'x', '--reference', 'ticket-42'], as('carol'));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^Already granted under ticket-42 \\(50 credits to ${email} by alice, .*\\): nothing changed; balance 1150\\.\\n$`));
    const json = JSON.parse((await stack.run(['--json', 'users', 'credits', 'grant', email, '50', '--reason', 'x', '--reference', 'ticket-42'])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ repeated: true, balance: 1150, operator: 'alice', entry: { amount: 50, reference: 'ticket-42' } });
    const other = await stack.run(['users', 'credits', 'grant', email, '999', '--reason', 'x', '--reference', 'ticket-42']);
    expect(other.code).toBe(1);
    expect(other.stderr).toBe('ensemble: Reference ticket-42 was already used for a grant of 50 credits, not 999: nothing changed (use another --reference for another change)\n');
  });

  it('credits can be debited, never below zero; a negative grant points at debit', async () => {
    const negative = await stack.run(['users', 'credits', 'grant', email, '-20', '--reason', 'x']);
    expect(negative.code).toBe(2);
    expect(negative.stderr).toMatch(/ensemble users credits debit <user> 20/);
    const debit = await stack.run(['users', 'credits', 'debit', email, '150', '--reason', 'granted twice', '--reference', 'ticket-43'], as('dave'));
    expect(debit.code, debit.stderr).toBe(0);
    expect(debit.stdout).toBe(`Debited 150 credits from ${email} as dave: balance 1000.\n`);
    const dry = await stack.run(['users', 'credits', 'debit', email, '5000', '--reason', 'x', '--dry-run']);
    expect(dry.stdout).toMatch(/would be refused/);
    const tooMuch = await stack.run(['users', 'credits', 'debit', email, '5000', '--reason', 'x']);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toBe(`ensemble: ${email} has 1000 credits, less than the debit of 5000: nothing changed\n`);
  });

  it('who did it: users show --ledger names the operator of each support line, --json has supportActions', async () => {
    const r = await stack.run(['users', 'show', email, '--ledger', '10']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/adjustment\s+-150\s+1000\s+-\s+dave\s+ticket-43\s+granted twice/);
    expect(r.stdout).toMatch(/manual_grant\s+\+50\s+150\s+-\s+alice\s+ticket-42/);
    expect(r.stdout).toMatch(/Support actions \(latest 3\)/);
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', userId])).stdout) as { supportActions: { action: string; operator: string }[]; ledger: { operator: string | null }[] };
    expect(view.supportActions.map((a) => [a.action, a.operator])).toEqual([['debit', 'dave'], ['grant', 'alice'], ['grant', 'alice']]);
    expect(view.ledger[0]).toMatchObject({ operator: 'dave' });
  });

  it('cancelling twice says it is already cancelled and nothing changed (exit 0); the cancel and a refund are recorded with who did them', async () => {
    const { subscription, order } = await subscribe(stack, email, userId);
    const cancel = await stack.run(['subscriptions', 'cancel', subscription.id, '--reason', 'too_expensive', '--comment', 'pricey'], as('erin'));
    expect(cancel.code, cancel.stderr).toBe(0);
    const twice = await stack.run(['subscriptions', 'cancel', subscription.id, '--reason', 'too_expensive'], as('erin'));
    expect(twice.code, twice.stderr).toBe(0);
    expect(twice.stdout).toMatch(new RegExp(`^Subscription ${subscription.id} is already cancelled \\(status active, ends .*\\): nothing changed\\.\\n$`));
    const revoked = await stack.run(['subscriptions', 'cancel', subscription.id, '--reason', 'unused', '--now', '--yes'], as('erin'));
    expect(revoked.code, revoked.stderr).toBe(0);
    const revokedTwice = await stack.run(['subscriptions', 'cancel', subscription.id, '--reason', 'unused', '--now', '--yes'], as('erin'));
    expect(revokedTwice.code, revokedTwice.stderr).toBe(0);
    expect(revokedTwice.stdout).toMatch(/is already cancelled \(status canceled, ended .*\): nothing changed/);
    const refund = await stack.run(['refunds', 'create', order.id, '--amount', '500', '--reason', 'customer_request', '--comment', 'sorry', '--yes'], as('frank'));
    expect(refund.code, refund.stderr).toBe(0);
    const listed = await stack.run(['refunds', 'list', '--order', order.id]);
    expect(listed.stdout).toMatch(/frank\s+sorry/);
    const view = JSON.parse((await stack.run(['--json', 'users', 'show', email])).stdout) as { supportActions: { action: string; operator: string; comment: string | null; subject: string }[] };
    expect(view.supportActions.slice(0, 3).map((a) => [a.action, a.operator, a.comment])).toEqual([['refund', 'frank', 'sorry'], ['revoke', 'erin', null], ['cancel', 'erin', 'pricey']]);
  });
});
