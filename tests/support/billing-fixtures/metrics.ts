export const metricsWire = () => ({
  periods: [
    { timestamp: '2026-03-01T00:00:00Z', orders: 3, revenue: 5700, cumulative_revenue: 5700, checkouts_conversion: 0.5 },
    { timestamp: '2026-03-02T00:00:00Z', orders: 1, revenue: 1900, cumulative_revenue: 7600, checkouts_conversion: 0.25 },
  ],
  totals: { orders: 4, revenue: 7600, cumulative_revenue: 7600, checkouts_conversion: 0.4 },
  metrics: {
    orders: { slug: 'orders', display_name: 'Orders', type: 'scalar' },
    revenue: { slug: 'revenue', display_name: 'Revenue', type: 'currency' },
    cumulative_revenue: { slug: 'cumulative_revenue', display_name: 'Cumulative Revenue', type: 'currency' },
    checkouts_conversion: { slug: 'checkouts_conversion', display_name: 'Checkouts Conversion', type: 'percentage' },
  },
});

export const metricsLimitsWire = () => ({
  min_date: '2023-01-01',
  intervals: {
    hour: { min_days: 0, max_days: 7 },
    day: { min_days: 0, max_days: 366 },
    week: { min_days: 14, max_days: 1092 },
    month: { min_days: 60, max_days: 3660 },
    year: { min_days: 366, max_days: 36600 },
  },
});
