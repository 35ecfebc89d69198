import { addInterval, type RecurringInterval } from './billing-period.js';
import { endAtPeriodEnd, type SubscriptionFacts, type SubscriptionPatch } from './subscription-rules.js';

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
