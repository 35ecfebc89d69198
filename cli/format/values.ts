/** Human formatting of money, dates and small values; the locale comes from LC_ALL / LANG. */

export function localeFrom(env: Readonly<Record<string, string | undefined>>): string {
  const raw = env.LC_ALL ?? env.LC_MONETARY ?? env.LANG ?? '';
  const tag = raw.split('.')[0]?.replace('_', '-') ?? '';
  if (tag === '' || tag === 'C' || tag === 'POSIX') return 'en-US';
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Amounts are in the currency's minor unit (cents), as the billing API sends them. */
export function formatMoney(minorUnits: number | null | undefined, currency: string | null | undefined, locale = 'en-US'): string {
  if (minorUnits === null || minorUnits === undefined) return '-';
  const code = (currency ?? 'usd').toUpperCase();
  const key = `${locale}|${code}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    } catch {
      return `${minorUnits} ${code}`;
    }
    moneyFormats.set(key, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time, minutes precision, sortable and fixed width: `2026-11-22 14:05`. */
export function formatDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const yesNo = (value: boolean | null | undefined): string => (value === true ? 'yes' : value === false ? 'no' : '-');

export const text = (value: unknown): string => (value === null || value === undefined || value === '' ? '-' : String(value));
