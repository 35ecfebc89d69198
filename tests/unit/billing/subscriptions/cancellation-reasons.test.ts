import { describe, expect, it } from 'vitest';
import { cancellationReason, cancellationReasons } from '@ensemble/billing-client/schemas';
import { CANCELLATION_REASONS } from '../../../../core/billing/index.js';

/**
 * The billing client keeps the provider's own list of cancellation reasons (billing-api-part-b.md §3)
 * and imports nothing of the product; the product offers its customers the same reasons. The two lists
 * are compared here rather than one imported by the other.
 */
describe('cancellation reasons (billing-api-part-b.md §3)', () => {
  it("the product's reasons are the provider's, no more and no fewer, in the same order", () => {
    expect([...CANCELLATION_REASONS]).toEqual([...cancellationReasons]);
  });

  it("the client's schema accepts each of them and refuses any other", () => {
    for (const reason of CANCELLATION_REASONS) expect(cancellationReason.safeParse(reason).success, reason).toBe(true);
    expect(cancellationReason.safeParse('bored').success).toBe(false);
  });
});
