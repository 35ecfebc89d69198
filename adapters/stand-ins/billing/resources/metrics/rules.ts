/**
 * Revenue metrics from the sandbox's own orders, subscriptions and checkouts. Pure: takes plain facts and the period starts (epoch ms) and answers periods and totals.
 */
export interface OrderFact {
  readonly created_at: number;
  readonly net_amount: number;
  readonly billing_reason: string;
  readonly status: string;
}
export interface SubscriptionFact {
  readonly started_at: number | null;
  readonly ended_at: number | null;
  readonly amount: number;
  readonly recurring_interval: string;
  readonly recurring_interval_count: number;
}
export interface CheckoutFact {
  readonly created_at: number;
  readonly status: string;
}

export const METRICS = {
  orders: ['Orders', 'scalar'],
  revenue: ['Revenue', 'currency'],
  cumulative_revenue: ['Cumulative Revenue', 'currency'],
  average_order_value: ['Average Order Value', 'currency'],
  one_time_products: ['One-Time Products', 'scalar'],
  one_time_products_revenue: ['One-Time Products Revenue', 'currency'],
  new_subscriptions: ['New Subscriptions', 'scalar'],
  new_subscriptions_revenue: ['New Subscriptions Revenue', 'currency'],
  renewed_subscriptions: ['Renewed Subscriptions', 'scalar'],
  renewed_subscriptions_revenue: ['Renewed Subscriptions Revenue', 'currency'],
  active_subscriptions: ['Active Subscriptions', 'scalar'],
  monthly_recurring_revenue: ['Monthly Recurring Revenue', 'currency'],
  checkouts: ['Checkouts', 'scalar'],
  succeeded_checkouts: ['Succeeded Checkouts', 'scalar'],
  checkouts_conversion: ['Checkouts Conversion Rate', 'percentage'],
} as const;
export type MetricSlug = keyof typeof METRICS;

/** Max days per interval the sandbox accepts (its `/v1/metrics/limits`). */
export const MAX_DAYS = { hour: 7, day: 366, week: 371, month: 3660, year: 36600 } as const;
/** The provider's shortest sensible span per interval; reported by `/v1/metrics/limits`, not enforced by the sandbox. */
export const MIN_DAYS = { hour: 0, day: 0, week: 14, month: 60, year: 366 } as const;
export const MIN_DATE = '2020-01-01';

const PAID = new Set(['paid', 'refunded', 'partially_refunded']);

/** The subscription's amount per month (day ≈ 1/30, week ≈ 12/52... of a month), rounded. */
export function monthlyAmount(s: SubscriptionFact): number {
  const perInterval = s.amount / Math.max(1, s.recurring_interval_count);
  const factor = { day: 30, week: 52 / 12, month: 1, year: 1 / 12 }[s.recurring_interval] ?? 1;
  return Math.round(perInterval * factor);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function computeMetrics(
  periodStarts: readonly number[],
  periodEnd: (start: number) => number,
  facts: { orders: readonly OrderFact[]; subscriptions: readonly SubscriptionFact[]; checkouts: readonly CheckoutFact[] },
): { periods: Record<MetricSlug | 'timestamp', number | string>[]; totals: Record<MetricSlug, number> } {
  let cumulative = 0;
  const periods = periodStarts.map((start) => {
    const end = periodEnd(start);
    const inside = (t: number | null) => t !== null && t >= start && t < end;
    const orders = facts.orders.filter((o) => PAID.has(o.status) && inside(o.created_at));
    const revenue = sum(orders.map((o) => o.net_amount));
    cumulative += revenue;
    const byReason = (reason: string) => orders.filter((o) => o.billing_reason === reason);
    const active = facts.subscriptions.filter((s) => s.started_at !== null && s.started_at < end && (s.ended_at === null || s.ended_at >= end));
    const checkouts = facts.checkouts.filter((c) => inside(c.created_at));
    const succeeded = checkouts.filter((c) => c.status === 'succeeded').length;
    return {
      timestamp: new Date(start).toISOString(),
      orders: orders.length,
      revenue,
      cumulative_revenue: cumulative,
      average_order_value: orders.length === 0 ? 0 : Math.round(revenue / orders.length),
      one_time_products: byReason('purchase').length,
      one_time_products_revenue: sum(byReason('purchase').map((o) => o.net_amount)),
      new_subscriptions: facts.subscriptions.filter((s) => inside(s.started_at)).length,
      new_subscriptions_revenue: sum(byReason('subscription_create').map((o) => o.net_amount)),
      renewed_subscriptions: byReason('subscription_cycle').length,
      renewed_subscriptions_revenue: sum(byReason('subscription_cycle').map((o) => o.net_amount)),
      active_subscriptions: active.length,
      monthly_recurring_revenue: sum(active.map(monthlyAmount)),
      checkouts: checkouts.length,
      succeeded_checkouts: succeeded,
      checkouts_conversion: checkouts.length === 0 ? 0 : succeeded / checkouts.length,
    };
  });
  const total = (slug: MetricSlug) => sum(periods.map((p) => p[slug]));
  const last = periods.at(-1);
  const orders = total('orders');
  const checkouts = total('checkouts');
  const totals: Record<MetricSlug, number> = {
    orders,
    revenue: total('revenue'),
    cumulative_revenue: last?.cumulative_revenue ?? 0,
    average_order_value: orders === 0 ? 0 : Math.round(total('revenue') / orders),
    one_time_products: total('one_time_products'),
    one_time_products_revenue: total('one_time_products_revenue'),
    new_subscriptions: total('new_subscriptions'),
    new_subscriptions_revenue: total('new_subscriptions_revenue'),
    renewed_subscriptions: total('renewed_subscriptions'),
    renewed_subscriptions_revenue: total('renewed_subscriptions_revenue'),
    active_subscriptions: last?.active_subscriptions ?? 0,
    monthly_recurring_revenue: last?.monthly_recurring_revenue ?? 0,
    checkouts,
    succeeded_checkouts: total('succeeded_checkouts'),
    checkouts_conversion: checkouts === 0 ? 0 : total('succeeded_checkouts') / checkouts,
  };
  return { periods, totals };
}
