/**
 * WebhookInbox contract: each billing webhook is recorded and applied in one step, exactly once.
 *
 * Harness the factory provides:
 * - `inbox`: the adapter, applying effects to the users of the same store;
 * - `createUser()`: a user with a profile and no credits;
 * - `profileOf(userId)`: the user's subscription status and credits as stored.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventNotStorable, type BillingEffect, type WebhookInbox } from '../../core/billing/index.js';
import type { Result } from '../../core/shared/index.js';

export interface WebhookInboxHarness {
  readonly inbox: WebhookInbox;
  createUser(): Promise<string>;
  profileOf(userId: string): Promise<{ status: string | null; credits: number }>;
}

const outcome = <T>(r: Result<T>): T | string => (r.success ? r.data : `error:${r.error.code}`);
const grant = (userId: string, amount = 1000, reference = `order:${randomUUID()}`): BillingEffect => ({ kind: 'credit_grant', userId, amount, reason: 'Subscription period paid', reference });
const active = (userId: string, occurredAt = '2026-11-24T10:00:00.000Z', status = 'active', subscriptionId = 'sub_1'): Extract<BillingEffect, { kind: 'subscription_state' }> => ({
  kind: 'subscription_state', userId, occurredAt,
  state: { status, billingCustomerId: `cus_${randomUUID()}`, subscriptionId, currentPeriodEnd: '2026-12-24T00:00:00.000Z', cancelAtPeriodEnd: false },
});

export function webhookInboxContract(name: string, makeHarness: () => Promise<WebhookInboxHarness>): void {
  describe(`WebhookInbox contract: ${name}`, () => {
    it('applies a subscription state and a credit grant once each; a redelivery is a duplicate and changes nothing', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const paid = { id: `msg_${randomUUID()}`, type: 'order.paid' };
      const activated = { id: `msg_${randomUUID()}`, type: 'subscription.active' };
      expect(outcome(await h.inbox.applyOnce(activated, active(user)))).toBe('applied');
      expect(outcome(await h.inbox.applyOnce(paid, grant(user)))).toBe('applied');
      expect(outcome(await h.inbox.applyOnce(paid, grant(user)))).toBe('duplicate');
      expect(await h.profileOf(user)).toEqual({ status: 'active', credits: 1000 });
    });

    it('of eight concurrent deliveries of one paid order exactly one grants', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const webhook = { id: `msg_${randomUUID()}`, type: 'order.paid' };
      const effect = grant(user);
      const results = await Promise.all(Array.from({ length: 8 }, () => h.inbox.applyOnce(webhook, effect)));
      expect(results.map(outcome).sort()).toEqual(['applied', ...Array<string>(7).fill('duplicate')]);
      expect((await h.profileOf(user)).credits).toBe(1000);
    });

    it('an effect that fails halfway records nothing: the retry of the same webhook applies it', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const webhook = { id: `msg_${randomUUID()}`, type: 'order.paid' };
      // A grant of 0 credits is refused inside the step, after the webhook id would have been recorded.
      expect(outcome(await h.inbox.applyOnce(webhook, grant(user, 0)))).toMatch(/^error:/);
      expect((await h.profileOf(user)).credits).toBe(0);
      expect(outcome(await h.inbox.applyOnce(webhook, grant(user)))).toBe('applied');
      expect((await h.profileOf(user)).credits).toBe(1000);
    });

    it('a credit reference longer than the ledger keeps records nothing: event_not_storable in product words, never the store\'s', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const webhook = { id: `msg_${randomUUID()}`, type: 'order.paid' };
      const tooLong = `order:${'9'.repeat(300)}`;
      const refused = await h.inbox.applyOnce(webhook, grant(user, 1000, tooLong));
      expect(refused).toEqual({ success: false, error: eventNotStorable('orderId') });
      expect(JSON.stringify(refused)).not.toMatch(/violates|constraint|credit_ledger|row|999/i);
      expect((await h.profileOf(user)).credits).toBe(0);
      // Not recorded: a delivery of the same webhook that fits applies.
      expect(outcome(await h.inbox.applyOnce(webhook, grant(user)))).toBe('applied');
      expect((await h.profileOf(user)).credits).toBe(1000);
    });

    it('an effect for a user who does not exist is kept as handled (no_user), so the provider stops retrying', async () => {
      const h = await makeHarness();
      const webhook = { id: `msg_${randomUUID()}`, type: 'order.paid' };
      const ghost = randomUUID();
      expect(outcome(await h.inbox.applyOnce(webhook, grant(ghost)))).toBe('no_user');
      expect(outcome(await h.inbox.applyOnce(webhook, grant(ghost)))).toBe('duplicate');
    });

    it('a subscription event older than the stored state changes nothing (stale): a revoked plan is not revived', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const webhook = () => ({ id: `msg_${randomUUID()}`, type: 'subscription.updated' });
      expect(outcome(await h.inbox.applyOnce(webhook(), active(user, '2026-11-24T10:00:00.000Z')))).toBe('applied');
      expect(outcome(await h.inbox.applyOnce(webhook(), active(user, '2026-11-24T12:00:00.000Z', 'canceled')))).toBe('applied');
      expect(outcome(await h.inbox.applyOnce(webhook(), active(user, '2026-11-24T11:00:00.000Z', 'active')))).toBe('stale');
      expect((await h.profileOf(user)).status).toBe('canceled');
      expect(outcome(await h.inbox.applyOnce(webhook(), active(user, '2026-11-24T13:00:00.000Z', 'active')))).toBe('applied');
      expect((await h.profileOf(user)).status).toBe('active');
    });

    it('two events of the same time: the later change of the subscription (modifiedAt) wins, in either order of arrival', async () => {
      const at = '2026-11-24T10:00:00.000Z';
      const webhook = () => ({ id: `msg_${randomUUID()}`, type: 'subscription.updated' });
      const canceled = (user: string): BillingEffect => ({ ...active(user, at, 'canceled'), modifiedAt: '2026-11-24T09:59:59.100Z' });
      const revoked = (user: string): BillingEffect => ({ ...active(user, at, 'revoked'), modifiedAt: '2026-11-24T09:59:59.900Z' });
      const fresh = async () => {
        const h = await makeHarness();
        return { inbox: h.inbox, profileOf: (u: string) => h.profileOf(u), user: await h.createUser() };
      };
      // In order: both apply.
      const inOrder = await fresh();
      expect(outcome(await inOrder.inbox.applyOnce(webhook(), canceled(inOrder.user)))).toBe('applied');
      expect(outcome(await inOrder.inbox.applyOnce(webhook(), revoked(inOrder.user)))).toBe('applied');
      expect((await inOrder.profileOf(inOrder.user)).status).toBe('revoked');
      // The later change first: the earlier one, of the same time, changes nothing.
      const late = await fresh();
      expect(outcome(await late.inbox.applyOnce(webhook(), revoked(late.user)))).toBe('applied');
      expect(outcome(await late.inbox.applyOnce(webhook(), canceled(late.user)))).toBe('stale');
      expect((await late.profileOf(late.user)).status).toBe('revoked');
      // A subscription never changed since it was created (no modifiedAt) is older than any change.
      expect(outcome(await late.inbox.applyOnce(webhook(), { ...active(late.user, at, 'active'), modifiedAt: null }))).toBe('stale');
      expect((await late.profileOf(late.user)).status).toBe('revoked');
      // A tie on both applies as it arrives, and a newer event still wins whatever its modifiedAt.
      expect(outcome(await late.inbox.applyOnce(webhook(), { ...active(late.user, at, 'past_due'), modifiedAt: '2026-11-24T09:59:59.900Z' }))).toBe('applied');
      expect(outcome(await late.inbox.applyOnce(webhook(), active(late.user, '2026-11-24T10:00:01.000Z', 'active')))).toBe('applied');
      expect((await late.profileOf(late.user)).status).toBe('active');
    });

    it('a state that is not active, of another subscription than the active one, is in doubt: nothing recorded until confirmed', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const revokedOld = { id: `msg_${randomUUID()}`, type: 'subscription.revoked' };
      expect(outcome(await h.inbox.applyOnce({ id: `msg_${randomUUID()}`, type: 'subscription.active' }, active(user)))).toBe('applied');
      const other = active(user, '2026-11-24T12:00:00.000Z', 'canceled', 'sub_old');
      expect(outcome(await h.inbox.applyOnce(revokedOld, other))).toBe('other_subscription');
      expect((await h.profileOf(user)).status).toBe('active');
      // Not recorded: the same webhook is still open.
      expect(outcome(await h.inbox.applyOnce(revokedOld, other))).toBe('other_subscription');
      // An active state of another subscription (a new plan) replaces it at once.
      expect(outcome(await h.inbox.applyOnce({ id: `msg_${randomUUID()}`, type: 'subscription.active' }, active(user, '2026-11-24T13:00:00.000Z', 'active', 'sub_2')))).toBe('applied');
      // Confirmed by the provider (no active plan left), a state of another subscription applies.
      const confirmed = { ...active(user, '2026-11-24T14:00:00.000Z', 'canceled', 'sub_old'), confirmed: true } as BillingEffect;
      expect(outcome(await h.inbox.applyOnce(revokedOld, confirmed))).toBe('applied');
      expect((await h.profileOf(user)).status).toBe('canceled');
      expect(outcome(await h.inbox.applyOnce(revokedOld, confirmed))).toBe('duplicate');
    });
  });
}
