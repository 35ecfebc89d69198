import { remainingFraction } from './billing-period.js';
import { bodyError, invalid, type RuleResult } from './provider-failure.js';
import { fail, ok } from '../../../../core/shared/result.js';

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
