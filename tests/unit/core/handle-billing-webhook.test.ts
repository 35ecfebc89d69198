import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_PRODUCT, InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../../adapters/in-memory/in-memory-database.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { InMemoryProfileWriter } from '../../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryUsageLedger } from '../../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../../../adapters/in-memory/in-memory-webhook-inbox.js';
import type { BillingEvent } from '../../../core/billing/index.js';
import { makeHandleBillingWebhook } from '../../../core/billing/index.js';

const world = () => {
  const db = new InMemoryDatabase(new InMemoryClock());
  const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
  const profileWriter = new InMemoryProfileWriter(db);
  const usageLedger = new InMemoryUsageLedger({ balances: db.profileBalances() });
  const webhookInbox = new InMemoryWebhookInbox({ profileWriter, usageLedger });
  const billingGateway = new InMemoryBillingGateway({ product: { ...DEFAULT_PLAN_PRODUCT, id: 'prod_1' } });
  const handle = makeHandleBillingWebhook({ profileWriter, usageLedger, webhookInbox, billingGateway, logger: new InMemoryLogger(), creditsPerPeriod: 1000, planProductId: 'prod_1' });
  return { db, userId: user.id, profileWriter, usageLedger, webhookInbox, billingGateway, handle, profile: () => db.profiles.get(user.id) };
};

const subscriptionEvent = (userId: string | null, over: Partial<Extract<BillingEvent, { kind: 'subscription_changed' }>> = {}): BillingEvent => ({
  kind: 'subscription_changed', webhookId: 'msg_1', type: 'subscription.active', userId, customerId: 'cus_1', subscriptionId: 'sub_1',
  productId: 'prod_1', status: 'active', currentPeriodEnd: '2026-04-01T00:00:00.000Z', cancelAtPeriodEnd: false, occurredAt: '2026-03-01T10:00:00.000Z', modifiedAt: null, ...over,
});
const orderPaid = (userId: string | null, over: Partial<Extract<BillingEvent, { kind: 'order_paid' }>> = {}): BillingEvent => ({
  kind: 'order_paid', webhookId: 'msg_2', type: 'order.paid', userId, orderId: 'ord_1', subscriptionId: 'sub_1', productId: 'prod_1',
  billingReason: 'subscription_create', ...over,
});

describe('handle billing webhook: keep subscription status and credits in step', () => {
  it('subscription.active writes status, customer, period end and cancel flag to the profile', async () => {
    const w = world();
    expect(await w.handle(subscriptionEvent(w.userId))).toEqual({ success: true, data: 'processed' });
    expect(w.profile()).toMatchObject({ subscriptionStatus: 'active', billingCustomerId: 'cus_1', subscriptionId: 'sub_1', cancelAtPeriodEnd: false });
  });

  it('an event for a user who does not exist is acknowledged as ignored, kept as handled and reported', async () => {
    const w = world();
    const logger = new InMemoryLogger();
    const handle = makeHandleBillingWebhook({ profileWriter: w.profileWriter, usageLedger: w.usageLedger, webhookInbox: w.webhookInbox, billingGateway: w.billingGateway, logger, creditsPerPeriod: 1000, planProductId: 'prod_1' });
    const ghost = '00000000-0000-4000-8000-00000000dead';
    expect(await handle(subscriptionEvent(ghost))).toEqual({ success: true, data: 'ignored' });
    expect(await handle(orderPaid(ghost))).toEqual({ success: true, data: 'ignored' });
    // A redelivery is a duplicate: the provider stops retrying and nothing is written twice.
    expect(await handle(subscriptionEvent(ghost))).toEqual({ success: true, data: 'duplicate' });
    expect(logger.at('warn').map((e) => e.message)).toEqual([
      'A billing event names a user who does not exist; ignored',
      'A billing event names a user who does not exist; ignored',
    ]);
  });

  it('subscription.revoked makes the user not subscribed', async () => {
    const w = world();
    await w.handle(subscriptionEvent(w.userId));
    await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_9', type: 'subscription.revoked', status: 'canceled', occurredAt: '2026-03-01T11:00:00.000Z' }));
    expect(w.profile()?.subscriptionStatus).toBe('canceled');
  });

  it('order.paid of a subscription period grants the period credits once, by order id', async () => {
    const w = world();
    expect((await w.handle(orderPaid(w.userId))).success).toBe(true);
    // Same order under another webhook id (a provider resend): the ledger reference stops a second grant.
    await w.handle(orderPaid(w.userId, { webhookId: 'msg_3' }));
    expect(w.profile()?.credits).toBe(1000);
    const entries = await w.usageLedger.listEntries(w.userId);
    expect(entries.success && entries.data.map((e) => [e.kind, e.reference])).toEqual([['subscription_grant', 'order:ord_1']]);
  });

  it('a renewal (subscription_cycle) grants again; a one-time order grants nothing', async () => {
    const w = world();
    await w.handle(orderPaid(w.userId));
    await w.handle(orderPaid(w.userId, { webhookId: 'msg_4', orderId: 'ord_2', billingReason: 'subscription_cycle' }));
    expect(await w.handle(orderPaid(w.userId, { webhookId: 'msg_5', orderId: 'ord_3', subscriptionId: null, billingReason: 'purchase' }))).toEqual({ success: true, data: 'ignored' });
    expect(w.profile()?.credits).toBe(2000);
  });

  it('a duplicate webhook id changes nothing and answers duplicate', async () => {
    const w = world();
    await w.handle(subscriptionEvent(w.userId));
    const again = await w.handle(subscriptionEvent(w.userId, { status: 'canceled' }));
    expect(again).toEqual({ success: true, data: 'duplicate' });
    expect(w.profile()?.subscriptionStatus).toBe('active');
  });

  it('events without a user or of no interest are acknowledged and ignored', async () => {
    const w = world();
    expect(await w.handle(subscriptionEvent(null))).toEqual({ success: true, data: 'ignored' });
    expect(await w.handle({ kind: 'ignored', webhookId: 'msg_7', type: 'checkout.created' })).toEqual({ success: true, data: 'ignored' });
    expect(w.webhookInbox.size).toBe(0);
  });

  it('a failed write records nothing, so the retry is processed (claim and effect are one step)', async () => {
    const w = world();
    w.profileWriter.failures.failNext('setSubscriptionState');
    const failed = await w.handle(subscriptionEvent(w.userId));
    expect(failed.success).toBe(false);
    expect(await w.handle(subscriptionEvent(w.userId))).toEqual({ success: true, data: 'processed' });
    expect(w.profile()?.subscriptionStatus).toBe('active');
  });

  it('a late, older subscription.active does not revive a revoked plan; another product is ignored', async () => {
    const w = world();
    await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_a', occurredAt: '2026-03-01T10:00:00.000Z' }));
    await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_b', type: 'subscription.revoked', status: 'canceled', occurredAt: '2026-03-02T10:00:00.000Z' }));
    expect(await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_c', status: 'active', occurredAt: '2026-03-01T12:00:00.000Z' }))).toEqual({ success: true, data: 'ignored' });
    expect(w.profile()?.subscriptionStatus).toBe('canceled');
    expect(await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_d', productId: 'prod_other', occurredAt: '2026-03-03T10:00:00.000Z' }))).toEqual({ success: true, data: 'ignored' });
    expect(w.profile()?.subscriptionStatus).toBe('canceled');
  });

  describe('an event of another subscription is in doubt: the provider is asked', () => {
    const activeOn = async (w: ReturnType<typeof world>) => {
      // The user's plan at the provider, and on the profile (sub_1).
      const checkout = await w.billingGateway.createCheckout({ userId: w.userId, email: null, successUrl: 'http://app.test/ok' });
      if (checkout.success) await w.billingGateway.completeCheckout(checkout.data.id);
      await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_on', occurredAt: '2026-03-01T10:00:00.000Z' }));
    };
    const otherRevoked = (w: ReturnType<typeof world>, webhookId = 'msg_other') =>
      w.handle(subscriptionEvent(w.userId, { webhookId, type: 'subscription.revoked', subscriptionId: 'sub_old', status: 'canceled', occurredAt: '2026-03-02T10:00:00.000Z' }));

    it('the provider still lists an active plan subscription: a newer revoke of another one changes nothing, and is not recorded', async () => {
      const w = world();
      await activeOn(w);
      expect(await otherRevoked(w)).toEqual({ success: true, data: 'ignored' });
      expect(w.profile()).toMatchObject({ subscriptionStatus: 'active', subscriptionId: 'sub_1' });
      // Not recorded: a redelivery asks again (and is ignored again).
      expect(await otherRevoked(w)).toEqual({ success: true, data: 'ignored' });
    });

    it('the provider lists no active subscription any more: the event is the truth and is applied once', async () => {
      const w = world();
      await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_on', occurredAt: '2026-03-01T10:00:00.000Z' }));
      expect(await otherRevoked(w)).toEqual({ success: true, data: 'processed' });
      expect(w.profile()).toMatchObject({ subscriptionStatus: 'canceled', subscriptionId: 'sub_old' });
      expect(await otherRevoked(w)).toEqual({ success: true, data: 'duplicate' });
    });

    it('the provider cannot be asked: the webhook fails (so it is delivered again) and nothing changes', async () => {
      const w = world();
      await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_on', occurredAt: '2026-03-01T10:00:00.000Z' }));
      w.billingGateway.setMode('down');
      const failed = await otherRevoked(w);
      expect(failed.success ? 'ok' : failed.error.code).toBe('billing_unavailable');
      expect(w.profile()?.subscriptionStatus).toBe('active');
      w.billingGateway.setMode('ready');
      expect(await otherRevoked(w)).toEqual({ success: true, data: 'processed' });
    });

    it('a newer subscription that is active replaces the stored one without asking', async () => {
      const w = world();
      await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_on', occurredAt: '2026-03-01T10:00:00.000Z' }));
      w.billingGateway.setMode('down');
      expect(await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_new', subscriptionId: 'sub_2', occurredAt: '2026-03-05T10:00:00.000Z' }))).toEqual({ success: true, data: 'processed' });
      expect(w.profile()).toMatchObject({ subscriptionStatus: 'active', subscriptionId: 'sub_2' });
    });
  });
});
