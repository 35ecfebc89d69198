import type { ProfileWriter } from '../../core/account/index.js';
import type { UsageLedger } from '../../core/credits/index.js';
import { eventNotStorable, type BillingEffect, type InboxOutcome, type WebhookInbox } from '../../core/billing/index.js';
import { ok, fail, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';

/**
 * Webhooks applied once in memory. A delivery of an id being applied waits for it, as a second
 * insert of the same primary key waits for the first transaction; a failed effect records nothing.
 */
export class InMemoryWebhookInbox implements WebhookInbox {
  readonly failures = new FailureInjector<keyof WebhookInbox>();
  private readonly applied = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Each user's subscription state as last set (this inbox is its only writer): the event's time, the subscription and its status. */
  private readonly states = new Map<string, { at: number; modifiedAt: number; subscriptionId: string | null; status: string | null }>();

  constructor(private readonly deps: { profileWriter: ProfileWriter; usageLedger: UsageLedger }) {}

  async applyOnce(webhook: { id: string; type: string }, effect: BillingEffect): Promise<Result<InboxOutcome>> {
    const injected = this.failures.take('applyOnce');
    if (injected) return fail(injected);
    while (this.inFlight.has(webhook.id)) await this.inFlight.get(webhook.id);
    if (this.applied.has(webhook.id)) return ok('duplicate');
    if (effect.kind === 'subscription_state') {
      const stored = this.states.get(effect.userId);
      // Older, or of the same time and an older change of the subscription (a tie on both applies).
      const at = Date.parse(effect.occurredAt);
      if (stored && (stored.at > at || (stored.at === at && stored.modifiedAt > modifiedAtOf(effect)))) {
        this.applied.set(webhook.id, webhook.type);
        return ok('stale');
      }
      const other = stored?.subscriptionId != null && effect.state.subscriptionId != null && stored.subscriptionId !== effect.state.subscriptionId;
      if (other && stored?.status === 'active' && effect.state.status !== 'active' && effect.confirmed !== true) return ok('other_subscription');
    }
    const running = this.apply(effect);
    this.inFlight.set(webhook.id, running);
    try {
      const result = await running;
      if (result.success) {
        this.applied.set(webhook.id, webhook.type);
        if (effect.kind === 'subscription_state') {
          const before = this.states.get(effect.userId);
          const subscriptionId = effect.state.subscriptionId === undefined ? (before?.subscriptionId ?? null) : effect.state.subscriptionId;
          this.states.set(effect.userId, { at: Date.parse(effect.occurredAt), modifiedAt: modifiedAtOf(effect), subscriptionId, status: effect.state.status });
        }
      }
      else if (result.error.code === 'not_found') {
        this.applied.set(webhook.id, webhook.type);
        return ok('no_user');
      }
      if (result.success) return ok('applied');
      // A refusal of the effect's own values fails every delivery alike: the inbox's one error for it.
      if (result.error.code === 'validation') return fail(eventNotStorable(result.error.details?.['field'] === 'reference' ? 'orderId' : undefined));
      return result;
    } finally {
      this.inFlight.delete(webhook.id);
    }
  }

  private async apply(effect: BillingEffect): Promise<Result<unknown>> {
    if (effect.kind === 'subscription_state') return this.deps.profileWriter.setSubscriptionState(effect.userId, effect.state);
    return this.deps.usageLedger.grantCredits({ userId: effect.userId, amount: effect.amount, kind: 'subscription_grant', reason: effect.reason, reference: effect.reference });
  }

  get size(): number {
    return this.applied.size;
  }
}

/** The subscription's last change as a number; never changed since it was created is the oldest. */
const modifiedAtOf = (effect: Extract<BillingEffect, { kind: 'subscription_state' }>): number =>
  effect.modifiedAt ? Date.parse(effect.modifiedAt) : Number.NEGATIVE_INFINITY;
