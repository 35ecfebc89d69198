import { describe, expect, it } from 'vitest';
import { refundReasons } from '@ensemble/billing-client/schemas';
import { REFUND_REASONS } from '../../../cli/commands/orders.js';
import { csvCell } from '../../../cli/commands/export.js';
import { barChart } from '../../../cli/format/chart.js';
import { renderFields, renderTable, StreamingTable, type Column } from '../../../cli/format/table.js';
import { formatDate, formatMoney, localeFrom } from '../../../cli/format/values.js';

describe('CLI human output: money formatted with its currency (Intl)', () => {
  it('amounts are minor units of the currency', () => {
    expect(formatMoney(2500, 'usd')).toBe('$25.00');
    expect(formatMoney(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(formatMoney(null, 'usd')).toBe('-');
  });

  it('an unknown currency code still shows the amount and the code', () => {
    expect(formatMoney(123, 'zz')).toBe('123 ZZ');
  });

  it('the locale comes from LC_ALL, then LC_MONETARY, then LANG; C and POSIX mean en-US', () => {
    expect(localeFrom({ LANG: 'de_DE.UTF-8' })).toBe('de-DE');
    expect(localeFrom({ LC_ALL: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('fr-FR');
    expect(localeFrom({ LANG: 'C' })).toBe('en-US');
    expect(localeFrom({})).toBe('en-US');
    expect(localeFrom({ LANG: '!!' })).toBe('en-US');
  });
});

describe('CLI human output: dates in local time', () => {
  it('shows the local wall-clock minute of an instant, fixed width', () => {
    const iso = '2026-03-04T05:06:07Z';
    const local = new Date(iso);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatDate(iso)).toBe(expected);
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

interface Row {
  name: string;
  amount: string;
}
const columns: Column<Row>[] = [
  { header: 'NAME', cell: (r) => r.name, max: 8 },
  { header: 'AMOUNT', cell: (r) => r.amount, align: 'right' },
];

describe('CLI human output: aligned tables that stream', () => {
  it('pads every column to its widest cell, right-aligns numbers, trims line ends', () => {
    expect(renderTable(columns, [{ name: 'ada', amount: '$5.00' }, { name: 'grace', amount: '$125.00' }])).toEqual([
      'NAME    AMOUNT',
      'ada      $5.00',
      'grace  $125.00',
    ]);
  });

  it('measures widths on the first batch, so later wider cells are cut with an ellipsis', () => {
    const lines: string[] = [];
    const table = new StreamingTable(columns, (line) => lines.push(line));
    table.addBatch([{ name: 'ada', amount: '1' }]);
    expect(lines).toEqual(['NAME  AMOUNT', 'ada        1']);
    table.addBatch([{ name: 'bartholomew', amount: '22' }]);
    expect(lines[2]).toBe('bar…      22');
    expect(table.rows).toBe(2);
  });

  it('caps a column at its max width', () => {
    expect(renderTable(columns, [{ name: 'a-very-long-name', amount: '1' }])[1]).toBe('a-very-…       1');
  });

  it('label/value pairs share one label width', () => {
    expect(renderFields([['id', '1'], ['status', 'active']])).toEqual(['id      1', 'status  active']);
  });
});

describe('CLI metrics: a small text chart', () => {
  it('scales bars to the largest value and draws nothing for zero or negative values', () => {
    const lines = barChart(
      [
        { label: '2026-01', value: 100, shown: '$1.00' },
        { label: '2026-02', value: 50, shown: '$0.50' },
        { label: '2026-03', value: 0, shown: '$0.00' },
        { label: '2026-04', value: -5, shown: '-$0.05' },
      ],
      10,
    );
    expect(lines).toEqual(['2026-01   $1.00  ██████████', '2026-02   $0.50  █████', '2026-03   $0.00', '2026-04  -$0.05']);
  });

  it('uses eighth blocks for fractions', () => {
    expect(barChart([{ label: 'a', value: 8, shown: '8' }, { label: 'b', value: 1, shown: '1' }], 1)).toEqual(['a  8  █', 'b  1  ▏']);
  });
});

describe('CLI export: CSV cells (RFC 4180)', () => {
  it('quotes commas, quotes and newlines, and leaves plain values alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(2500)).toBe('2500');
    expect(csvCell(false)).toBe('false');
  });

  it('defuses spreadsheet formulas in text, not negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('CLI refunds create: --reason choices', () => {
  it('are the billing API refund reasons (kept in the CLI so --help does not load the schemas)', () => {
    expect([...REFUND_REASONS]).toEqual([...refundReasons]);
  });
});
