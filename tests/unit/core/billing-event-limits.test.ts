import { describe, expect, it } from 'vitest';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryDatabase } from '../../../adapters/in-memory/in-memory-database.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { InMemoryProfileWriter } from '../../../adapters/in-memory/in-memory-profile-writer.js';
import { InMemoryUsageLedger } from '../../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryWebhookInbox } from '../../../adapters/in-memory/in-memory-webhook-inbox.js';
import { eventNotStorable, isEventNotStorable, makeHandleBillingWebhook, unstorableFieldOf, type BillingEvent } from '../../../core/billing/index.js';
import { domainError } from '../../../core/shared/index.js';

const world = () => {
  const db = new InMemoryDatabase(new InMemoryClock());
  const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
  const profileWriter = new InMemoryProfileWriter(db);
  const usageLedger = new InMemoryUsageLedger({ balances: db.profileBalances() });
  const webhookInbox = new InMemoryWebhookInbox({ profileWriter, usageLedger });
  const logger = new InMemoryLogger();
  const handle = makeHandleBillingWebhook({ profileWriter, usageLedger, webhookInbox, billingGateway: new InMemoryBillingGateway(), logger, creditsPerPeriod: 1000, planProductId: null });
  return { userId: user.id, webhookInbox, logger, handle, profile: () => db.profiles.get(user.id) };
};

const orderPaid = (userId: string, orderId: string): BillingEvent => ({
  kind: 'order_paid', webhookId: 'msg_long', type: 'order.paid', userId, orderId, subscriptionId: 'sub_1', productId: 'prod_1', billingReason: 'subscription_create',
});
const subscriptionChanged = (userId: string, status: string): BillingEvent => ({
  kind: 'subscription_changed', webhookId: 'msg_status', type: 'subscription.updated', userId, customerId: 'cus_1', subscriptionId: 'sub_1',
  productId: 'prod_1', status, currentPeriodEnd: null, cancelAtPeriodEnd: false, occurredAt: '2026-03-01T10:00:00.000Z', modifiedAt: null,
});

describe('what of a billing event is stored, and how much of it fits', () => {
  it('an order id fits while its credit reference (order:<id>) holds 200 characters; a status 40', () => {
    expect(unstorableFieldOf(orderPaid('u1', 'o'.repeat(194)))).toBeNull();
    expect(unstorableFieldOf(orderPaid('u1', 'o'.repeat(195)))).toEqual(eventNotStorable('orderId'));
    expect(unstorableFieldOf(subscriptionChanged('u1', 's'.repeat(40)))).toBeNull();
    expect(unstorableFieldOf(subscriptionChanged('u1', 's'.repeat(41)))).toEqual(eventNotStorable('status'));
    expect(unstorableFieldOf({ kind: 'ignored', webhookId: 'msg_1', type: 'x'.repeat(5000) })).toBeNull();
  });

  it('the refusal has one stable code and says what does not fit in product words', () => {
    expect(eventNotStorable('orderId')).toEqual({
      code: 'validation',
      message: "The event's order id is longer than the 194 characters a credit reference has room for",
      details: { reason: 'event_not_storable', field: 'orderId' },
    });
    expect(eventNotStorable().message).toBe('The event could not be applied: a field is outside what the ledger stores');
    expect(isEventNotStorable(eventNotStorable())).toBe(true);
    expect(isEventNotStorable(domainError('validation', 'Amount must be a whole number greater than 0'))).toBe(false);
  });
});

describe('handle billing webhook: an event that cannot be stored is refused before anything is written', () => {
  it('a paid order with a 300-character id grants nothing, records nothing, and is logged by id, type and field only', async () => {
    const w = world();
    const orderId = 'o'.repeat(300);
    expect(await w.handle(orderPaid(w.userId, orderId))).toEqual({ success: false, error: eventNotStorable('orderId') });
    expect(w.profile()?.credits).toBe(0);
    expect(w.webhookInbox.size).toBe(0);
    expect(w.logger.at('error')).toEqual([
      { level: 'error', message: 'A billing event cannot be stored and was not applied', context: { webhookId: 'msg_long', type: 'order.paid', code: 'event_not_storable', field: 'orderId' } },
    ]);
    expect(JSON.stringify(w.logger.entries)).not.toContain(orderId);
  });

  it('a subscription status longer than a profile keeps changes nothing', async () => {
    const w = world();
    const refused = await w.handle(subscriptionChanged(w.userId, 'x'.repeat(41)));
    expect(refused).toEqual({ success: false, error: eventNotStorable('status') });
    expect(w.profile()?.subscriptionStatus).toBeNull();
  });

  it('when the store is the one to refuse (the backstop), the answer and the log line are the same', async () => {
    const w = world();
    w.webhookInbox.failures.failNext('applyOnce', eventNotStorable());
    expect(await w.handle(orderPaid(w.userId, 'ord_1'))).toEqual({ success: false, error: eventNotStorable() });
    expect(w.logger.at('error').map((e) => e.context)).toEqual([{ webhookId: 'msg_long', type: 'order.paid', code: 'event_not_storable', field: null }]);
    // The provider's later delivery of a fitting event applies.
    expect(await w.handle(orderPaid(w.userId, 'ord_1'))).toEqual({ success: true, data: 'processed' });
  });
});
