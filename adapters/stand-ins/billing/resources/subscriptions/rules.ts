import { fail, ok } from '../../domain/result.js';
import { addInterval, remainingFraction, type RecurringInterval } from '../../domain/billing-period.js';
import { bodyError, invalid, named, type ProviderFailure, type RuleResult } from '../../domain/provider-failure.js';

/** The subscription facts the lifecycle rules read and write (wire names). */
export interface SubscriptionFacts {
  readonly id: string;
  readonly status: string;
  readonly current_period_start: string;
  readonly current_period_end: string | null;
  readonly cancel_at_period_end: boolean;
  readonly canceled_at: string | null;
  readonly ends_at: string | null;
  readonly ended_at: string | null;
  readonly customer_cancellation_reason: string | null;
  readonly customer_cancellation_comment: string | null;
}

export type SubscriptionPatch = Partial<Omit<SubscriptionFacts, 'id'>>;

/** Statuses that are still billed, so can be cancelled (the provider's `billable`). */
const BILLABLE = new Set(['active', 'trialing', 'past_due']);
export const hasEnded = (s: Pick<SubscriptionFacts, 'status' | 'ended_at'>): boolean =>
  s.ended_at !== null || !BILLABLE.has(s.status);

export const alreadyCanceled = (): ProviderFailure =>
  named(403, 'AlreadyCanceledSubscription', 'This subscription is already canceled or will be at the end of the period.');

export interface CancelInput {
  readonly reason?: string | null;
  readonly comment?: string | null;
}

/** Cancel at period end: `canceled_at = now`, `ends_at = current_period_end`, status unchanged. */
export function cancelAtPeriodEnd(s: SubscriptionFacts, now: Date, input: CancelInput = {}): RuleResult<SubscriptionPatch> {
  if (s.cancel_at_period_end || hasEnded(s)) return fail(alreadyCanceled());
  return ok({
    cancel_at_period_end: true,
    canceled_at: now.toISOString(),
    ends_at: s.current_period_end,
    customer_cancellation_reason: input.reason ?? null,
    customer_cancellation_comment: input.comment ?? null,
  });
}

/**
 * Uncancel: only a subscription set to cancel at period end and still billed; an ended one is gone
 * (410), anything else is a bad request.
 */
export function uncancel(s: SubscriptionFacts): RuleResult<SubscriptionPatch> {
  if (s.ended_at !== null || s.status === 'canceled') {
    return fail(named(410, 'ResourceGone', 'This subscription has ended and cannot be uncanceled.'));
  }
  if (!s.cancel_at_period_end || !BILLABLE.has(s.status)) {
    return fail(named(400, 'BadRequest', 'This subscription is not set to cancel at the end of the period.'));
  }
  return ok({
    cancel_at_period_end: false,
    ends_at: null,
    canceled_at: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
  });
}

/** Revoke now (DELETE or `{revoke: true}`): status `canceled`, `ends_at = ended_at = now`. */
export function revoke(s: SubscriptionFacts, now: Date, input: CancelInput = {}): RuleResult<SubscriptionPatch> {
  if (hasEnded(s)) return fail(alreadyCanceled());
  const at = now.toISOString();
  return ok({
    status: 'canceled',
    cancel_at_period_end: false,
    canceled_at: s.canceled_at ?? at,
    ends_at: at,
    ended_at: at,
    customer_cancellation_reason: input.reason ?? s.customer_cancellation_reason,
    customer_cancellation_comment: input.comment ?? s.customer_cancellation_comment,
  });
}

/** At the end of a period set to cancel, the subscription ends: canceled, `ended_at` = period end. */
export function endAtPeriodEnd(s: SubscriptionFacts): SubscriptionPatch {
  const end = s.ends_at ?? s.current_period_end;
  return { status: 'canceled', ended_at: end, ends_at: end };
}

/** The webhook types a subscription change sends, in order, before `customer.state_changed`. */
export function changeEvents(kind: 'created' | 'canceled' | 'uncanceled' | 'revoked' | 'updated' | 'ended'): string[] {
  switch (kind) {
    case 'created':
      return ['subscription.created', 'subscription.active', 'subscription.updated'];
    case 'canceled':
      return ['subscription.updated', 'subscription.canceled'];
    case 'uncanceled':
      return ['subscription.updated', 'subscription.uncanceled'];
    case 'revoked':
      return ['subscription.updated', 'subscription.canceled', 'subscription.revoked'];
    case 'ended':
      return ['subscription.updated', 'subscription.revoked'];
    case 'updated':
      return ['subscription.updated'];
  }
}

export type ProrationBehavior = 'invoice' | 'prorate' | 'next_period';

/** `reset` exists on the provider behind a feature flag, which the sandbox leaves off (422). */
export function checkProrationBehavior(value: string | null | undefined, orgDefault: string): RuleResult<ProrationBehavior> {
  const behavior = value ?? orgDefault;
  if (behavior === 'invoice' || behavior === 'prorate' || behavior === 'next_period') return ok(behavior);
  return fail(invalid(bodyError('proration_behavior', 'The reset proration behavior is not enabled for this organization.', behavior)));
}

export interface ProrationLine {
  readonly label: string;
  readonly amount: number;
}

/**
 * What a mid-period plan change is worth: the unused part of the old plan as a credit and the
 * remaining part of the new plan as a charge, both in proportion to the time left in the period.
 */
export function prorationLines(input: {
  readonly oldName: string;
  readonly oldAmount: number;
  readonly newName: string;
  readonly newAmount: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly now: Date;
}): { lines: ProrationLine[]; net: number } {
  const fraction = remainingFraction(input.periodStart, input.periodEnd, input.now);
  const credit = Math.round(input.oldAmount * fraction);
  const charge = Math.round(input.newAmount * fraction);
  const lines: ProrationLine[] = [];
  if (credit > 0) lines.push({ label: `Unused time on ${input.oldName}`, amount: -credit });
  if (charge > 0) lines.push({ label: `Remaining time on ${input.newName}`, amount: charge });
  return { lines, net: charge - credit };
}

/** One thing that happens to a subscription when the clock passes the end of its period. */
export type RenewalStep =
  | { readonly kind: 'cycle'; readonly periodStart: string; readonly periodEnd: string; readonly patch: SubscriptionPatch }
  | { readonly kind: 'end'; readonly at: string; readonly patch: SubscriptionPatch };

interface RenewalInput extends SubscriptionFacts {
  readonly recurring_interval: string;
  readonly recurring_interval_count?: number | undefined;
}

/**
 * Every period boundary at or before `now`, in order: a subscription set to cancel ends at its
 * period end; any other billed one starts a new period (one `subscription_cycle` order each).
 * A clock jump over several periods yields several cycles, as the provider's scheduler would.
 */
export function renewalSteps(s: RenewalInput, now: Date, maxSteps = 1000): RenewalStep[] {
  const steps: RenewalStep[] = [];
  if (s.status !== 'active' && s.status !== 'trialing' && s.status !== 'past_due') return steps;
  let start = s.current_period_start;
  let end = s.current_period_end;
  const interval = s.recurring_interval as RecurringInterval;
  const count = s.recurring_interval_count ?? 1;
  while (end !== null && new Date(end).getTime() <= now.getTime() && steps.length < maxSteps) {
    if (s.cancel_at_period_end) {
      steps.push({ kind: 'end', at: end, patch: endAtPeriodEnd({ ...s, current_period_start: start, current_period_end: end }) });
      return steps;
    }
    const nextStart = end;
    const nextEnd = addInterval(new Date(end), interval, count).toISOString();
    steps.push({
      kind: 'cycle',
      periodStart: nextStart,
      periodEnd: nextEnd,
      patch: { current_period_start: nextStart, current_period_end: nextEnd, status: 'active' },
    });
    start = nextStart;
    end = nextEnd;
  }
  return steps;
}
