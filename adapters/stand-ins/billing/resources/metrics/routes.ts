import type { Hono } from 'hono';
import { z } from 'zod';
import { timeIntervals } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import { parseQuery, q, querySchema } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { buckets, isTimeZone, nextBucket, zonedInstant } from '../../domain/time-buckets.js';
import { computeMetrics, MAX_DAYS, METRICS, MIN_DATE, MIN_DAYS, type MetricSlug } from './rules.js';

const day = q.string().pipe(z.iso.date());
const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Metrics and their limits, computed from the sandbox's own records. */
export function registerMetrics(app: Hono, ctx: SandboxContext): void {
  const metricsQuery = querySchema({
    start_date: day,
    end_date: day,
    timezone: q.string().optional(),
    interval: q.enumOf(timeIntervals),
    organization_id: q.uuids().optional(),
    product_id: q.uuids().optional(),
    billing_type: q.many(z.enum(['one_time', 'recurring'])).optional(),
    customer_id: q.uuids().optional(),
  });

  app.get('/v1/metrics/limits', (c) => {
    ctx.auth.organization(c);
    return json({ min_date: MIN_DATE, intervals: Object.fromEntries(Object.entries(MAX_DAYS).map(([k, v]) => [k, { min_days: MIN_DAYS[k as keyof typeof MIN_DAYS], max_days: v }])) });
  });

  app.get('/v1/metrics', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), metricsQuery);
    const zone = query.timezone ?? 'UTC';
    if (!isTimeZone(zone)) throw fieldError(['query', 'timezone'], 'Input should be a valid IANA time zone', zone);
    if (query.end_date < query.start_date) throw fieldError(['query', 'end_date'], 'end_date must be on or after start_date.', query.end_date);
    if (query.start_date < MIN_DATE) throw fieldError(['query', 'start_date'], `start_date must be on or after ${MIN_DATE}.`, query.start_date);
    const days = (Date.parse(query.end_date) - Date.parse(query.start_date)) / 86_400_000 + 1;
    if (days > MAX_DAYS[query.interval]) throw fieldError(['query', 'interval'], `The interval ${query.interval} allows at most ${MAX_DAYS[query.interval]} days.`, query.interval);
    const [sy, sm, sd] = query.start_date.split('-').map(Number) as [number, number, number];
    const [ey, em, ed] = query.end_date.split('-').map(Number) as [number, number, number];
    const from = zonedInstant(zone, { year: sy, month: sm, day: sd, hour: 0 });
    const to = zonedInstant(zone, { year: ey, month: em, day: ed + 1, hour: 0 }) - 1;
    const starts = buckets(zone, query.interval, from, to);

    const products = (id: string | null) => (id === null ? undefined : ctx.db.products.get(id));
    const keep = (r: { organization_id: string; product_id: string | null; customer_id: string | null }) => {
      if (r.organization_id !== org.id) return false;
      if (query.organization_id !== undefined && !query.organization_id.includes(r.organization_id)) return false;
      if (query.product_id !== undefined && (r.product_id === null || !query.product_id.includes(r.product_id))) return false;
      if (query.customer_id !== undefined && (r.customer_id === null || !query.customer_id.includes(r.customer_id))) return false;
      if (query.billing_type !== undefined) {
        const recurring = products(r.product_id)?.recurring_interval != null;
        if (!query.billing_type.includes(recurring ? 'recurring' : 'one_time')) return false;
      }
      return true;
    };
    const orders = ctx.db.orders.filter(keep);
    const subscriptions = ctx.db.subscriptions.filter(keep);
    const checkouts = ctx.db.checkouts.filter(keep);
    const { periods, totals } = computeMetrics(starts, (s) => Math.min(nextBucket(zone, query.interval, s), to + 1), {
      orders: orders.map((o) => ({ created_at: Date.parse(o.created_at), net_amount: o.net_amount, billing_reason: o.billing_reason, status: o.status })),
      subscriptions: subscriptions.map((s) => ({ started_at: ms(s.started_at), ended_at: ms(s.ended_at), amount: s.amount, recurring_interval: s.recurring_interval, recurring_interval_count: s.recurring_interval_count })),
      checkouts: checkouts.map((x) => ({ created_at: Date.parse(x.created_at), status: x.status })),
    });
    const metrics = Object.fromEntries(
      (Object.keys(METRICS) as MetricSlug[]).map((slug) => [slug, { slug, display_name: METRICS[slug][0], type: METRICS[slug][1] }]),
    );
    return json({ periods, totals, metrics });
  });
}
