import { describe, expect, it } from 'vitest';
import { customFieldDataErrors, type FieldSpec } from '../resources/custom-fields/rules.js';
import { checkActivation, checkValidation, displayKey, expiryFrom, formatKey } from '../resources/license-keys/rules.js';
import { aggregate, filterMatches, likeMatches, type MeterEvent } from '../resources/usage/rules.js';
import { computeMetrics, monthlyAmount } from '../resources/metrics/rules.js';
import { bucketStart, buckets } from '../domain/time-buckets.js';

const ev = (name: string, metadata: Record<string, unknown> = {}): MeterEvent => ({ name, source: 'user', timestamp: '2026-01-01T00:00:00.000Z', metadata });

describe('meter filters and aggregations (billing-api-part-a.md §3 "Meter")', () => {
  it('the eight operators compare numbers as numbers and strings as strings', () => {
    const e = ev('prompt', { tokens: 10, model: 'gpt-4o' });
    const one = (property: string, operator: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'not_like', value: string | number) =>
      filterMatches(e, { conjunction: 'and', clauses: [{ property, operator, value }] });
    expect([one('tokens', 'eq', 10), one('tokens', 'ne', 10), one('tokens', 'gt', 9), one('tokens', 'gte', 10), one('tokens', 'lt', 10), one('tokens', 'lte', 10)]).toEqual([true, false, true, true, false, true]);
    expect([one('model', 'like', 'gpt%'), one('model', 'like', '4o'), one('model', 'not_like', 'claude%'), one('name', 'eq', 'prompt'), one('metadata.model', 'eq', 'gpt-4o')]).toEqual([true, true, true, true, true]);
    expect(one('missing', 'gt', 1)).toBe(false);
    expect(likeMatches('abc', 'a_c')).toBe(true);
  });

  it('and/or groups nest; an empty group matches everything', () => {
    const f = { conjunction: 'and' as const, clauses: [{ property: 'name', operator: 'eq' as const, value: 'prompt' }, { conjunction: 'or' as const, clauses: [{ property: 'model', operator: 'eq' as const, value: 'a' }, { property: 'model', operator: 'eq' as const, value: 'b' }] }] };
    expect([filterMatches(ev('prompt', { model: 'b' }), f), filterMatches(ev('prompt', { model: 'c' }), f), filterMatches(ev('x', { model: 'a' }), f)]).toEqual([true, false, false]);
    expect(filterMatches(ev('anything'), { conjunction: 'or', clauses: [] })).toBe(true);
  });

  it('count, sum, max, min, avg; events without a numeric property are left out', () => {
    const events = [ev('a', { t: 2 }), ev('a', { t: '4' }), ev('a', { t: 'x' }), ev('a')];
    expect(aggregate(events, { func: 'count' })).toBe(4);
    expect([aggregate(events, { func: 'sum', property: 't' }), aggregate(events, { func: 'max', property: 't' }), aggregate(events, { func: 'min', property: 't' }), aggregate(events, { func: 'avg', property: 't' })]).toEqual([6, 4, 2, 3]);
    expect(aggregate([], { func: 'avg', property: 't' })).toBe(0);
  });
});

describe('time buckets (billing-api-part-b.md §7 quantities and metrics intervals)', () => {
  it('starts hours, days, ISO weeks, months and years in the given zone', () => {
    const t = Date.parse('2026-03-18T15:30:00Z'); // a Wednesday
    expect(new Date(bucketStart('UTC', 'week', t)).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(new Date(bucketStart('UTC', 'month', t)).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(bucketStart('Asia/Tokyo', 'day', t)).toISOString()).toBe('2026-03-18T15:00:00.000Z');
    expect(buckets('UTC', 'hour', Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-01-01T23:59:59Z'))).toHaveLength(24);
    // the day of the spring DST change is 23 hours long
    expect(buckets('Europe/Paris', 'day', Date.parse('2026-03-28T23:00:00Z'), Date.parse('2026-03-30T21:59:59Z')).map((s) => new Date(s).toISOString())).toEqual([
      '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z',
    ]);
  });
});

describe('license-key rules (billing-api-part-b.md §8 "license activation" 403)', () => {
  const key = { status: 'granted', expires_at: null, usage: 1, limit_usage: 3, limit_activations: 2, benefit_id: 'b', customer_id: 'c' };
  const now = new Date('2026-01-01T00:00:00Z');
  it('formats, masks and dates keys', () => {
    expect(formatKey('ens', 'ab-cd')).toBe('ENS-AB-CD');
    expect(displayKey('ENS-1234567890')).toBe('****-567890');
    expect(expiryFrom(new Date('2026-01-31T10:00:00Z'), { ttl: 1, timeframe: 'month' })).toBe('2026-02-28T10:00:00.000Z');
    expect(expiryFrom(new Date('2028-02-29T00:00:00Z'), { ttl: 1, timeframe: 'year' })).toBe('2029-02-28T00:00:00.000Z');
    expect(expiryFrom(now, { ttl: 3, timeframe: 'day' })).toBe('2026-01-04T00:00:00.000Z');
    expect(expiryFrom(now, null)).toBeNull();
  });
  it('refuses usage past the limit, activations past the limit, and revoked or expired keys', () => {
    expect(checkValidation(key, { increment_usage: 2 }, now)).toEqual({ success: true, data: { usage: 3 } });
    expect(checkValidation(key, { increment_usage: 3 }, now)).toMatchObject({ success: false, error: { status: 403, error: 'NotPermitted' } });
    expect(checkValidation({ ...key, status: 'revoked' }, {}, now)).toMatchObject({ success: false, error: { status: 404 } });
    expect(checkValidation({ ...key, expires_at: '2025-12-31T00:00:00Z' }, {}, now)).toMatchObject({ success: false, error: { detail: 'License key has expired.' } });
    expect(checkActivation(key, 2, now)).toMatchObject({ success: false, error: { detail: 'License key activation limit already reached.' } });
    expect(checkActivation({ ...key, limit_activations: null }, 0, now)).toMatchObject({ success: false, error: { status: 403 } });
  });
});

describe('custom-field data (billing-api-part-b.md §3 "Custom field")', () => {
  const fields: FieldSpec[] = [
    { slug: 'company', type: 'text', required: true, properties: { max_length: 5 } },
    { slug: 'seats', type: 'number', required: false, properties: { ge: 1 } },
    { slug: 'terms', type: 'checkbox', required: true, properties: {} },
    { slug: 'size', type: 'select', required: false, properties: { options: [{ value: 's', label: 'S' }] } },
    { slug: 'start', type: 'date', required: false, properties: {} },
  ];
  it('checks types and bounds always, required fields only when confirming', () => {
    expect(customFieldDataErrors(fields, {}, false)).toEqual([]);
    expect(customFieldDataErrors(fields, { terms: false }, true).map((e) => e.loc)).toEqual([['body', 'custom_field_data', 'company'], ['body', 'custom_field_data', 'terms']]);
    const bad = customFieldDataErrors(fields, { company: 'toolong', seats: 0, size: 'xl', start: 'soon' }, false);
    expect(bad.map((e) => e.type)).toEqual(['string_too_long', 'greater_than_equal', 'enum', 'date_parsing']);
    expect(customFieldDataErrors(fields, { company: 'ACME', terms: true, seats: 3, size: 's', start: '2026-01-01' }, true)).toEqual([]);
  });
});

describe('metrics (billing-api-part-b.md §3 "Metrics")', () => {
  it('sums paid orders per period, counts subscriptions active at the period end and the checkout conversion', () => {
    const day = 86_400_000;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const { periods, totals } = computeMetrics([t0, t0 + day], (s) => s + day, {
      orders: [
        { created_at: t0 + 1, net_amount: 1000, billing_reason: 'purchase', status: 'paid' },
        { created_at: t0 + day + 1, net_amount: 2500, billing_reason: 'subscription_create', status: 'paid' },
        { created_at: t0 + 2, net_amount: 9999, billing_reason: 'purchase', status: 'pending' },
      ],
      subscriptions: [{ started_at: t0 + day + 1, ended_at: null, amount: 12000, recurring_interval: 'year', recurring_interval_count: 1 }],
      checkouts: [{ created_at: t0 + 1, status: 'succeeded' }, { created_at: t0 + 5, status: 'open' }, { created_at: t0 + day + 1, status: 'succeeded' }],
    });
    expect(periods.map((p) => [p.orders, p.revenue, p.cumulative_revenue, p.active_subscriptions, p.monthly_recurring_revenue])).toEqual([[1, 1000, 1000, 0, 0], [1, 2500, 3500, 1, 1000]]);
    expect(totals).toMatchObject({ orders: 2, revenue: 3500, average_order_value: 1750, one_time_products: 1, new_subscriptions: 1, checkouts: 3, succeeded_checkouts: 2 });
    expect(totals.checkouts_conversion).toBeCloseTo(2 / 3);
    expect(monthlyAmount({ started_at: 0, ended_at: null, amount: 700, recurring_interval: 'week', recurring_interval_count: 1 })).toBe(3033);
  });
});
