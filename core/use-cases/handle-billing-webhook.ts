import type { BillingEvent } from '../domain/billing-events.js';
import { PERIOD_BILLING_REASONS } from '../domain/billing-events.js';
import type { Logger } from '../ports/logger.js';
import type { ProfileWriter } from '../ports/profile-writer.js';
import type { UsageLedger } from '../ports/usage-ledger.js';
import type { WebhookInbox } from '../ports/webhook-inbox.js';
import { domainError } from '../shared/errors.js';
import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';

export interface BillingWebhookDeps {
  readonly profileWriter: ProfileWriter;
  readonly usageLedger: UsageLedger;
  readonly webhookInbox: WebhookInbox;
  readonly logger: Logger;
  /** Credits granted for each paid subscription period (order.paid). */
  readonly creditsPerPeriod: number;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Keeps profiles and credits in step with the billing provider (the signature is checked before).
 * Rules: each webhook id is acted on at most once (WebhookInbox); a subscription event writes the
 * subscription's status, period end and cancel flag to the user's profile; a paid order of a
 * subscription period grants `creditsPerPeriod` with the order id as the ledger reference, so even a
 * second delivery under a new webhook id grants nothing more. Events without a user (a customer with
 * no external id or the id of a user who no longer exists) and events the app does not use are
 * acknowledged and ignored. Any other failed write releases the claim and answers the error, so the
 * provider retries.
 */
export const makeHandleBillingWebhook =
  (deps: BillingWebhookDeps) =>
  async (event: BillingEvent): Promise<Result<WebhookOutcome>> => {
    if (event.kind === 'ignored') return ok('ignored');
    if (event.userId === null) {
      deps.logger.warn('A billing event names no app user; ignored', { webhookId: event.webhookId, type: event.type });
      return ok('ignored');
    }
    if (event.kind === 'order_paid' && (event.subscriptionId === null || !PERIOD_BILLING_REASONS.includes(event.billingReason))) {
      return ok('ignored');
    }
    const claimed = await deps.webhookInbox.claim(event.webhookId, event.type);
    if (!claimed.success) return claimed;
    if (!claimed.data) {
      deps.logger.info('Duplicate billing webhook skipped', { webhookId: event.webhookId, type: event.type });
      return ok('duplicate');
    }
    const applied = await apply(deps, event, event.userId);
    if (applied.success) return ok('processed');
    if (applied.error.code === 'not_found') {
      // The customer's external id names no user (an account deleted since it paid): retrying would
      // never help, so the event is acknowledged, kept as handled and reported.
      deps.logger.warn('A billing event names a user who does not exist; ignored', { webhookId: event.webhookId, type: event.type, userId: event.userId });
      return ok('ignored');
    }
    const released = await deps.webhookInbox.release(event.webhookId);
    if (!released.success) deps.logger.error('A failed webhook could not be released for retry', { webhookId: event.webhookId, error: released.error });
    deps.logger.error('A billing webhook could not be applied', { webhookId: event.webhookId, type: event.type, error: applied.error });
    return fail(applied.error);
  };

async function apply(deps: BillingWebhookDeps, event: Exclude<BillingEvent, { kind: 'ignored' }>, userId: string): Promise<Result<void>> {
  if (event.kind === 'subscription_changed') {
    const written = await deps.profileWriter.setSubscriptionState(userId, {
      status: event.status,
      billingCustomerId: event.customerId,
      subscriptionId: event.subscriptionId,
      currentPeriodEnd: event.currentPeriodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
    });
    if (!written.success) return written;
    deps.logger.info('Subscription state updated', { userId, status: event.status, type: event.type });
    return ok(undefined);
  }
  if (!Number.isInteger(deps.creditsPerPeriod) || deps.creditsPerPeriod <= 0) {
    return fail(domainError('unexpected', 'creditsPerPeriod must be a whole number greater than 0'));
  }
  const granted = await deps.usageLedger.grantCredits({
    userId,
    amount: deps.creditsPerPeriod,
    kind: 'subscription_grant',
    reason: `Subscription period paid (${event.billingReason})`,
    reference: `order:${event.orderId}`,
  });
  if (!granted.success) return granted;
  deps.logger.info('Subscription credits granted', { userId, orderId: event.orderId, amount: deps.creditsPerPeriod });
  return ok(undefined);
}
