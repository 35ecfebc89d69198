import { describe, expect, it } from 'vitest';
import { addInterval } from '../domain/billing-period.js';
import { appliesToCycle, isRedeemable, validateCheckoutDiscount, type DiscountFacts } from '../resources/discounts/rules.js';
import { cancelAtPeriodEnd, checkProrationBehavior, prorationLines, renewalSteps, revoke, uncancel, type SubscriptionFacts } from '../resources/subscriptions/rules.js';

const sub = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts & { recurring_interval: string } => ({
  id: 's1',
  status: 'active',
  current_period_start: '2026-01-31T10:00:00.000Z',
  current_period_end: '2026-02-28T10:00:00.000Z',
  cancel_at_period_end: false,
  canceled_at: null,
  ends_at: null,
  ended_at: null,
  customer_cancellation_reason: null,
  customer_cancellation_comment: null,
  recurring_interval: 'month',
  ...over,
});
const now = new Date('2026-02-10T00:00:00.000Z');

describe('billing periods', () => {
  it('adds months the provider way, clamping the day', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2024-02-29T00:00:00Z'), 'year').toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addInterval(new Date('2026-01-01T00:00:00Z'), 'week', 2).toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });
});

describe('subscription lifecycle (reference §4 "Subscriptions")', () => {
  it('cancel at period end keeps the status and sets canceled_at, ends_at and the reason', () => {
    const r = cancelAtPeriodEnd(sub(), now, { reason: 'too_expensive', comment: 'pricey' });
    expect(r).toEqual({
      success: true,
      data: {
        cancel_at_period_end: true,
        canceled_at: now.toISOString(),
        ends_at: '2026-02-28T10:00:00.000Z',
        customer_cancellation_reason: 'too_expensive',
        customer_cancellation_comment: 'pricey',
      },
    });
  });

  it('cancelling twice, or a revoked subscription, is 403 AlreadyCanceledSubscription', () => {
    for (const s of [sub({ cancel_at_period_end: true }), sub({ status: 'canceled', ended_at: now.toISOString() })]) {
      const r = cancelAtPeriodEnd(s, now);
      expect(r.success ? null : r.error).toMatchObject({ status: 403, error: 'AlreadyCanceledSubscription' });
    }
  });

  it('uncancel clears the cancellation; not cancelled is 400, ended is 410', () => {
    expect(uncancel(sub({ cancel_at_period_end: true, canceled_at: 'x', ends_at: 'y', customer_cancellation_reason: 'other' }))).toMatchObject({
      success: true,
      data: { cancel_at_period_end: false, canceled_at: null, ends_at: null, customer_cancellation_reason: null },
    });
    const notCanceled = uncancel(sub());
    expect(notCanceled.success ? null : notCanceled.error).toMatchObject({ status: 400 });
    const ended = uncancel(sub({ status: 'canceled', ended_at: 'z' }));
    expect(ended.success ? null : ended.error).toMatchObject({ status: 410 });
  });

  it('revoke ends now; revoking again is refused', () => {
    const r = revoke(sub(), now);
    expect(r).toMatchObject({ success: true, data: { status: 'canceled', ends_at: now.toISOString(), ended_at: now.toISOString() } });
    expect(revoke(sub({ status: 'canceled', ended_at: 'x' }), now).success).toBe(false);
  });

  it('a clock jump over two periods renews twice; a cancelled one ends at its period end', () => {
    const later = new Date('2026-04-01T00:00:00Z');
    const steps = renewalSteps(sub(), later);
    expect(steps.map((s) => s.kind)).toEqual(['cycle', 'cycle']);
    expect(steps[1]).toMatchObject({ periodStart: '2026-03-28T10:00:00.000Z', periodEnd: '2026-04-28T10:00:00.000Z' });
    const ending = renewalSteps(sub({ cancel_at_period_end: true, ends_at: '2026-02-28T10:00:00.000Z' }), later);
    expect(ending).toEqual([{ kind: 'end', at: '2026-02-28T10:00:00.000Z', patch: { status: 'canceled', ended_at: '2026-02-28T10:00:00.000Z', ends_at: '2026-02-28T10:00:00.000Z' } }]);
    expect(renewalSteps(sub(), now)).toEqual([]);
  });

  it('proration: invoice/prorate/next_period accepted, reset is 422; lines follow the time left', () => {
    expect(checkProrationBehavior(undefined, 'prorate')).toEqual({ success: true, data: 'prorate' });
    expect(checkProrationBehavior('next_period', 'invoice').success).toBe(true);
    expect(checkProrationBehavior('reset', 'invoice').success).toBe(false);
    const half = prorationLines({
      oldName: 'Basic', oldAmount: 1000, newName: 'Pro', newAmount: 3000,
      periodStart: new Date('2026-01-01T00:00:00Z'), periodEnd: new Date('2026-01-11T00:00:00Z'), now: new Date('2026-01-06T00:00:00Z'),
    });
    expect(half).toEqual({ lines: [{ label: 'Unused time on Basic', amount: -500 }, { label: 'Remaining time on Pro', amount: 1500 }], net: 1000 });
  });
});

describe('discounts on checkouts and cycles', () => {
  const d = (over: Partial<DiscountFacts> = {}): DiscountFacts => ({
    id: 'd1', code: 'SPRING', type: 'percentage', basis_points: 1000, duration: 'once', starts_at: null, ends_at: null,
    max_redemptions: null, redemptions_count: 0, product_ids: [], ...over,
  });
  const product = { id: 'prod', is_recurring: true, recurring_interval: 'month' };

  it('codes match case-insensitively only inside their window, limit and product list', () => {
    expect(validateCheckoutDiscount([d()], product, true, { discountCode: 'spring' }, now).success).toBe(true);
    for (const bad of [d({ ends_at: '2026-01-01T00:00:00Z' }), d({ starts_at: '2026-03-01T00:00:00Z' }), d({ max_redemptions: 1, redemptions_count: 1 }), d({ product_ids: ['other'] })]) {
      const r = validateCheckoutDiscount([bad], product, true, { discountCode: 'SPRING' }, now);
      expect(r.success ? null : r.error).toMatchObject({ kind: 'validation', items: [{ loc: ['body', 'discount_code'], msg: 'Discount does not exist.' }] });
    }
    expect(isRedeemable(d({ max_redemptions: 2, redemptions_count: 1 }), now)).toBe(true);
  });

  it('no discount on a product without a discountable price; no repeating discount on a one-time product', () => {
    const r = validateCheckoutDiscount([d()], product, false, { discountId: 'd1' }, now);
    expect(r.success ? null : r.error).toMatchObject({ items: [{ msg: 'Discounts are not applicable to this product.' }] });
    const oneTime = validateCheckoutDiscount([d({ duration: 'repeating', duration_in_months: 3 })], { id: 'prod', is_recurring: false, recurring_interval: null }, true, { discountId: 'd1' }, now);
    expect(oneTime.success ? null : oneTime.error).toMatchObject({ items: [{ msg: 'Discount is not applicable to this product.' }] });
  });

  it('once covers the first cycle, repeating N months, forever every cycle', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(appliesToCycle({ duration: 'once' }, start, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(appliesToCycle({ duration: 'repeating', duration_in_months: 3 }, start, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(appliesToCycle({ duration: 'repeating', duration_in_months: 3 }, start, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(appliesToCycle({ duration: 'forever' }, start, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});
