import { describe, expect, it } from 'vitest';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../../adapters/in-memory/in-memory-database.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { InMemoryProfileWriter } from '../../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryUsageLedger } from '../../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../../../adapters/in-memory/in-memory-webhook-inbox.js';
import type { BillingEvent } from '../../../core/domain/billing-events.js';
import { makeHandleBillingWebhook } from '../../../core/use-cases/handle-billing-webhook.js';

const world = () => {
  const db = new InMemoryDatabase(new InMemoryClock());
  const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
  const profileWriter = new InMemoryProfileWriter(db);
  const usageLedger = new InMemoryUsageLedger({ balances: db.profileBalances() });
  const webhookInbox = new InMemoryWebhookInbox({ profileWriter, usageLedger });
  const handle = makeHandleBillingWebhook({ profileWriter, usageLedger, webhookInbox, logger: new InMemoryLogger(), creditsPerPeriod: 1000, planProductId: 'prod_1' });
  return { db, userId: user.id, profileWriter, usageLedger, webhookInbox, handle, profile: () => db.profiles.get(user.id) };
};

const subscriptionEvent = (userId: string | null, over: Partial<Extract<BillingEvent, { kind: 'subscription_changed' }>> = {}): BillingEvent => ({
  kind: 'subscription_changed', webhookId: 'msg_1', type: 'subscription.active', userId, customerId: 'cus_1', subscriptionId: 'sub_1',
  productId: 'prod_1', status: 'active', currentPeriodEnd: '2026-04-01T00:00:00.000Z', cancelAtPeriodEnd: false, occurredAt: '2026-03-01T10:00:00.000Z', ...over,
});
const orderPaid = (userId: string | null, over: Partial<Extract<BillingEvent, { kind: 'order_paid' }>> = {}): BillingEvent => ({
  kind: 'order_paid', webhookId: 'msg_2', type: 'order.paid', userId, orderId: 'ord_1', subscriptionId: 'sub_1', productId: 'prod_1',
  billingReason: 'subscription_create', ...over,
});

describe('handle billing webhook (issue 7: keep subscription status and credits in step)', () => {
  it('subscription.active writes status, customer, period end and cancel flag to the profile', async () => {
    const w = world();
    expect(await w.handle(subscriptionEvent(w.userId))).toEqual({ success: true, data: 'processed' });
    expect(w.profile()).toMatchObject({ subscriptionStatus: 'active', billingCustomerId: 'cus_1', subscriptionId: 'sub_1', cancelAtPeriodEnd: false });
  });

  it('an event for a user who does not exist is acknowledged as ignored, kept as handled and reported', async () => {
    const w = world();
    const logger = new InMemoryLogger();
    const handle = makeHandleBillingWebhook({ profileWriter: w.profileWriter, usageLedger: w.usageLedger, webhookInbox: w.webhookInbox, logger, creditsPerPeriod: 1000, planProductId: 'prod_1' });
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

  it('issue 14: a late, older subscription.active does not revive a revoked plan; another product is ignored', async () => {
    const w = world();
    await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_a', occurredAt: '2026-03-01T10:00:00.000Z' }));
    await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_b', type: 'subscription.revoked', status: 'canceled', occurredAt: '2026-03-02T10:00:00.000Z' }));
    expect(await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_c', status: 'active', occurredAt: '2026-03-01T12:00:00.000Z' }))).toEqual({ success: true, data: 'ignored' });
    expect(w.profile()?.subscriptionStatus).toBe('canceled');
    expect(await w.handle(subscriptionEvent(w.userId, { webhookId: 'msg_d', productId: 'prod_other', occurredAt: '2026-03-03T10:00:00.000Z' }))).toEqual({ success: true, data: 'ignored' });
    expect(w.profile()?.subscriptionStatus).toBe('canceled');
  });
});
