/**
 * Calendar buckets for meter quantities and metrics: hour, day, week (ISO, Monday), month, year,
 * in an IANA time zone. Pure; uses Intl for the zone's offset at each instant.
 */
export type Interval = 'hour' | 'day' | 'week' | 'month' | 'year';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, instant: number): Parts & { minute: number; second: number } {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  const get = (type: string) => Number(f.formatToParts(new Date(instant)).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The zone's offset (ms) at an instant. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a wall-clock time in the zone (two passes handle DST changes). */
export function zonedInstant(zone: string, p: Parts): number {
  const guess = Date.UTC(p.year, p.month - 1, p.day, p.hour);
  const first = guess - offsetAt(zone, guess);
  return guess - offsetAt(zone, first);
}

/** Start of the bucket containing `instant`. */
export function bucketStart(zone: string, interval: Interval, instant: number): number {
  const p = partsIn(zone, instant);
  switch (interval) {
    case 'hour':
      return zonedInstant(zone, p);
    case 'day':
      return zonedInstant(zone, { ...p, hour: 0 });
    case 'week': {
      const weekday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
      const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - weekday));
      return zonedInstant(zone, { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate(), hour: 0 });
    }
    case 'month':
      return zonedInstant(zone, { year: p.year, month: p.month, day: 1, hour: 0 });
    case 'year':
      return zonedInstant(zone, { year: p.year, month: 1, day: 1, hour: 0 });
  }
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(zone: string, interval: Interval, start: number): number {
  const p = partsIn(zone, start);
  switch (interval) {
    case 'hour':
      return start + 3_600_000;
    case 'day':
      return zonedInstant(zone, { ...p, day: p.day + 1, hour: 0 });
    case 'week':
      return zonedInstant(zone, { ...p, day: p.day + 7, hour: 0 });
    case 'month':
      return zonedInstant(zone, { year: p.year, month: p.month + 1, day: 1, hour: 0 });
    case 'year':
      return zonedInstant(zone, { year: p.year + 1, month: 1, day: 1, hour: 0 });
  }
}

/** Every bucket start from the one containing `from` up to the one containing `to` (inclusive). */
export function buckets(zone: string, interval: Interval, from: number, to: number, max = 10_000): number[] {
  const out: number[] = [];
  for (let start = bucketStart(zone, interval, from); start <= to && out.length < max; start = nextBucket(zone, interval, start)) out.push(start);
  return out;
}
