import type { SubscriptionState } from '../../account/index.js';
import type { Result } from '../../shared/index.js';

/** What one billing webhook changes: a user's subscription state, or a credit grant. */
export type BillingEffect =
  | {
      readonly kind: 'subscription_state';
      readonly userId: string;
      readonly state: SubscriptionState;
      /** The event's time: the state changes only when it is newer than the one that set it. */
      readonly occurredAt: string;
      /**
       * The subscription's last change as the event carried it (null or absent: never changed since
       * it was created, the oldest): of two events of the same time, the later change wins.
       */
      readonly modifiedAt?: string | null;
      /**
       * The provider, asked again, confirmed it (no active subscription of the plan is left): the
       * state may then replace an active state of another subscription.
       */
      readonly confirmed?: boolean;
    }
  | { readonly kind: 'credit_grant'; readonly userId: string; readonly amount: number; readonly reason: string; readonly reference: string };

export type InboxOutcome = 'applied' | 'duplicate' | 'no_user' | 'stale' | 'other_subscription';

/**
 * Billing webhooks acted on exactly once. `applyOnce` records the webhook id and applies its effect
 * in one transaction: a crash or a failure at any point leaves nothing (so the provider's retry
 * applies it) or everything (so the retry is a `duplicate`). Of concurrent deliveries of one id,
 * one applies. An effect for a user who does not exist is recorded and answers `no_user` (retrying
 * would never help). A subscription state older than the one stored (providers retry for hours, so
 * late deliveries are normal), or of the same time and an older `modifiedAt`, is recorded and
 * answers `stale`, changing nothing. A state that is not
 * active, for a subscription other than the user's active one, is in doubt (a late event of an
 * older subscription, or the active one ended and its event is still to come): unless `confirmed`,
 * it answers `other_subscription` and records nothing, so the caller can ask the provider and
 * apply the answer.
 */
export interface WebhookInbox {
  applyOnce(webhook: { readonly id: string; readonly type: string }, effect: BillingEffect): Promise<Result<InboxOutcome>>;
}
