import { describe, expect, it } from 'vitest';
import { camelize, snakify } from '../casing.js';

describe('casing (billing specs §1: camelCase client, snake_case wire)', () => {
  it('camelizes nested objects and arrays, product prices included, but leaves opaque maps untouched', () => {
    const wire = {
      is_recurring: true,
      metadata: { plan_key: 'pro', Tier_Level: 2 },
      custom_field_data: { team_size: 'small' },
      prices: [{ price_amount: 2500, amount_type: 'fixed' }],
      customer: { external_id: 'u1', billing_address: { postal_code: 'N1' } },
    };
    expect(camelize(wire)).toEqual({
      isRecurring: true,
      metadata: { plan_key: 'pro', Tier_Level: 2 },
      customFieldData: { team_size: 'small' },
      prices: [{ priceAmount: 2500, amountType: 'fixed' }],
      customer: { externalId: 'u1', billingAddress: { postalCode: 'N1' } },
    });
  });

  it('snakify is the reverse and keeps metadata keys as the seller wrote them', () => {
    expect(snakify({ customerEmail: 'a@b.c', metadata: { planKey: 'pro' }, customerBillingAddress: { postalCode: 'N1' } })).toEqual({
      customer_email: 'a@b.c',
      metadata: { planKey: 'pro' },
      customer_billing_address: { postal_code: 'N1' },
    });
  });

  it('gives the same answer on repeated calls (memoized key renaming) and keeps null and dates', () => {
    const date = new Date('2026-03-01T00:00:00Z');
    for (let i = 0; i < 3; i += 1) expect(camelize({ ends_at: null, when_at: date, list_of: [1, 'a_b'] })).toEqual({ endsAt: null, whenAt: date, listOf: [1, 'a_b'] });
  });
});
