/**
 * Calendar arithmetic for billing periods. Months are added the way the provider's `relativedelta`
 * does: the day is clamped to the target month's length (Jan 31 + 1 month = Feb 28/29), in UTC.
 */
export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

const DAY_MS = 86_400_000;

export function addInterval(start: Date, interval: RecurringInterval, count = 1): Date {
  switch (interval) {
    case 'day':
      return new Date(start.getTime() + count * DAY_MS);
    case 'week':
      return new Date(start.getTime() + count * 7 * DAY_MS);
    case 'month':
      return addMonths(start, count);
    case 'year':
      return addMonths(start, 12 * count);
  }
}

function addMonths(start: Date, months: number): Date {
  const totalMonths = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}

/** Share of the period still ahead at `now`, in [0, 1]; 0 once the period is over. */
export function remainingFraction(periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = periodEnd.getTime() - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.min(1, left / total);
}
