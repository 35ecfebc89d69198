import { z } from 'zod';
import { dateTime, int, openEnum } from './common.js';

export const timeIntervals = ['year', 'month', 'week', 'day', 'hour'] as const;
export const timeInterval = z.enum(timeIntervals);

/** Metrics dates are plain calendar days. */
export const isoDate = z.iso.date();

/** The provider keeps adding metrics: every period value besides the timestamp is a number. */
export const metricPeriod = z.object({ timestamp: dateTime }).catchall(z.number());

export const metricDescription = z.object({
  slug: z.string(),
  display_name: z.string(),
  type: openEnum(['scalar', 'currency', 'percentage'] as const),
});

/** `totals` is newer than SDK 0.48, which the reference says to accept as well. */
export const metricsResponse = z.object({
  periods: z.array(metricPeriod),
  totals: z.record(z.string(), z.number()),
  metrics: z.record(z.string(), metricDescription),
});

const maxDays = z.object({ min_days: int, max_days: int });
export const metricsLimits = z.object({
  min_date: isoDate,
  intervals: z.object({ hour: maxDays, day: maxDays, week: maxDays, month: maxDays, year: maxDays }),
});
