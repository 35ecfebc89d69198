import type { BillingEvent } from '../domain/billing-events.js';
import { PERIOD_BILLING_REASONS } from '../domain/billing-events.js';
import { isEventNotStorable, orderReference, unstorableFieldOf } from '../domain/billing-event-limits.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { type Logger, domainError, type DomainError, fail, ok, type Result } from '../../shared/index.js';
import type { ProfileWriter } from '../../account/index.js';
import type { UsageLedger } from '../../credits/index.js';
import type { BillingEffect, InboxOutcome, WebhookInbox } from '../ports/webhook-inbox.js';

export interface BillingWebhookDeps {
  readonly profileWriter: ProfileWriter;
  readonly usageLedger: UsageLedger;
  readonly webhookInbox: WebhookInbox;
  readonly logger: Logger;
  /** Credits granted for each paid subscription period (order.paid). */
  readonly creditsPerPeriod: number;
  /** The plan's product: events of any other product are ignored (null: every product counts). */
  readonly planProductId: string | null;
  /** Asked when an event is in doubt (it would end the user's active subscription with another one's state). */
  readonly billingGateway: Pick<BillingGateway, 'getCustomerState'>;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Keeps profiles and credits in step with the billing provider (the signature is checked before).
 * Rules: each webhook id is acted on exactly once, recorded and applied in one transaction
 * (WebhookInbox.applyOnce); a subscription event writes the
 * subscription's status, period end and cancel flag to the user's profile; a paid order of a
 * subscription period grants `creditsPerPeriod` with the order id as the ledger reference, so even a
 * second delivery under a new webhook id grants nothing more. Events without a user (a customer with
 * no external id or the id of a user who no longer exists) and events the app does not use are
 * acknowledged and ignored. An event with a stored field longer than its store keeps (billing-event-
 * limits.ts) is refused before anything is written, or when the store refuses it, with the same
 * `event_not_storable` error: it can never be applied, and the HTTP edge tells the provider so. Any
 * other failure records nothing and answers the error, so the provider retries.
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
    if (deps.planProductId !== null && event.productId !== deps.planProductId) {
      deps.logger.info('A billing event of another product; ignored', { webhookId: event.webhookId, type: event.type, productId: event.productId });
      return ok('ignored');
    }
    if (event.kind === 'order_paid' && (!Number.isInteger(deps.creditsPerPeriod) || deps.creditsPerPeriod <= 0)) {
      return fail(domainError('unexpected', 'creditsPerPeriod must be a whole number greater than 0'));
    }
    const unstorable = unstorableFieldOf(event);
    if (unstorable) return notStorable(deps, event, unstorable);
    // Recorded and applied in one transaction: a crash leaves nothing or everything.
    const effect = effectOf(deps, event, event.userId);
    let applied = await deps.webhookInbox.applyOnce({ id: event.webhookId, type: event.type }, effect);
    if (applied.success && applied.data === 'other_subscription' && event.kind === 'subscription_changed' && effect.kind === 'subscription_state') {
      applied = await settleDoubt(deps, event, effect);
      if (applied.success && applied.data === 'other_subscription') return ok('ignored');
    }
    if (!applied.success) {
      if (isEventNotStorable(applied.error)) return notStorable(deps, event, applied.error);
      deps.logger.error('A billing webhook could not be applied; the provider will retry it', { webhookId: event.webhookId, type: event.type, code: applied.error.code, error: applied.error });
      return applied;
    }
    if (applied.data === 'duplicate') {
      deps.logger.info('Duplicate billing webhook skipped', { webhookId: event.webhookId, type: event.type });
      return ok('duplicate');
    }
    if (applied.data === 'stale') {
      deps.logger.info('An older subscription event arrived late; the newer state stays', { webhookId: event.webhookId, type: event.type, userId: event.userId });
      return ok('ignored');
    }
    if (applied.data === 'no_user') {
      // The customer's external id names no user (an account deleted since it paid): retrying would
      // never help, so the event is acknowledged, kept as handled and reported.
      deps.logger.warn('A billing event names a user who does not exist; ignored', { webhookId: event.webhookId, type: event.type, userId: event.userId });
      return ok('ignored');
    }
    deps.logger.info(event.kind === 'order_paid' ? 'Subscription credits granted' : 'Subscription state updated', { userId: event.userId, type: event.type });
    return ok('processed');
  };

function effectOf(deps: BillingWebhookDeps, event: Exclude<BillingEvent, { kind: 'ignored' }>, userId: string): BillingEffect {
  if (event.kind === 'subscription_changed') {
    return {
      kind: 'subscription_state',
      userId,
      state: {
        status: event.status,
        billingCustomerId: event.customerId,
        subscriptionId: event.subscriptionId,
        currentPeriodEnd: event.currentPeriodEnd,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      },
      occurredAt: event.occurredAt,
      modifiedAt: event.modifiedAt,
    };
  }
  return { kind: 'credit_grant', userId, amount: deps.creditsPerPeriod, reason: `Subscription period paid (${event.billingReason})`, reference: orderReference(event.orderId) };
}

/**
 * Logged at error: the provider sent it, so a paid period or a subscription change is missing until
 * someone looks. The line names the event and the field, never the values it carried.
 */
function notStorable(deps: BillingWebhookDeps, event: BillingEvent, error: DomainError): Result<never> {
  deps.logger.error('A billing event cannot be stored and was not applied', {
    webhookId: event.webhookId, type: event.type, code: error.details?.['reason'], field: error.details?.['field'] ?? null,
  });
  return fail(error);
}

/**
 * An event would end the user's active subscription with the state of another one: the payload is
 * not trusted, the provider is asked. When it still lists an active subscription of the plan, the
 * event changes nothing (`other_subscription`, nothing recorded); when none is left, the event's state
 * is the truth and is applied, once, under the webhook's id. When the provider cannot be asked, the
 * failure goes back to it, and it delivers the event again later.
 */
async function settleDoubt(
  deps: BillingWebhookDeps,
  event: Extract<BillingEvent, { kind: 'subscription_changed' }>,
  effect: Extract<BillingEffect, { kind: 'subscription_state' }>,
): Promise<Result<InboxOutcome>> {
  const truth = await deps.billingGateway.getCustomerState(effect.userId);
  if (!truth.success) {
    deps.logger.warn('A subscription event in doubt could not be checked with the billing provider; it will be retried', { webhookId: event.webhookId, error: truth.error });
    return truth;
  }
  const active = truth.data?.activeSubscriptions.find((s) => deps.planProductId === null || s.productId === deps.planProductId);
  if (active) {
    deps.logger.info('An event of another subscription; the active one stays', { webhookId: event.webhookId, type: event.type, userId: effect.userId, activeSubscriptionId: active.id });
    return ok('other_subscription');
  }
  return deps.webhookInbox.applyOnce({ id: event.webhookId, type: event.type }, { ...effect, confirmed: true });
}
