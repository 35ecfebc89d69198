/**
 * `GET /v1/subscriptions/export`: the provider streams a CSV (text/csv), one row per subscription.
 */
export interface ExportRow {
  readonly email: string;
  readonly created_at: string;
  readonly active: boolean;
  readonly product: string;
  readonly amount: number;
  readonly currency: string;
  readonly interval: string;
}

export const EXPORT_HEADER = ['Email', 'Created At', 'Active', 'Product', 'Price', 'Currency', 'Interval'] as const;

/** RFC 4180 quoting; formula-like cells are prefixed with `'` so spreadsheets do not evaluate them. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function subscriptionsCsv(rows: readonly ExportRow[]): string {
  const lines = [EXPORT_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [r.email, r.created_at, r.active ? 'true' : 'false', r.product, (r.amount / 100).toFixed(2), r.currency, r.interval]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
