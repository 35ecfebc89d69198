import { describe, expect, it } from 'vitest';
import { toSubscriptionSummary, type SubscriptionSummary } from '../../../core/billing/index.js';

const summary: SubscriptionSummary = {
  id: 'sub_1',
  status: 'active',
  productId: 'prod_1',
  amount: 2500,
  currency: 'usd',
  currentPeriodStart: '2026-01-01T00:00:00.000Z',
  currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  cancelAtPeriodEnd: true,
  endsAt: '2026-02-01T00:00:00.000Z',
  cancellationReason: 'too_expensive',
};

describe('toSubscriptionSummary', () => {
  it('keeps every field of the summary as it is', () => {
    expect(toSubscriptionSummary(summary)).toEqual(summary);
  });

  it('leaves out what else the record carries (a stored user id and comment, a provider field)', () => {
    const stored = { ...summary, userId: 'user_1', cancellationComment: 'private', customerCancellationReason: 'other' };
    const result = toSubscriptionSummary(stored);
    expect(result).toEqual(summary);
    expect(Object.keys(result).sort()).toEqual(Object.keys(summary).sort());
  });
});
