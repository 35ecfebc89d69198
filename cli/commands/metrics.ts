import { Option, type Command } from 'commander';
import { isoDay } from '../arguments.js';
import type { Metrics } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { barChart } from '../format/chart.js';
import { renderTable, type Column } from '../format/table.js';
import { formatMoney } from '../format/values.js';
import type { Act } from '../program.js';

type Period = Metrics['periods'][number];

/** A metric by its camelCase name, accepting the snake_case key a server may send. */
const metric = (period: Period, camel: string): number | undefined => {
  const record = period as unknown as Record<string, unknown>;
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const value = record[camel] ?? record[snake];
  return typeof value === 'number' ? value : undefined;
};

const label = (timestamp: string, interval: string): string => (interval === 'month' ? timestamp.slice(0, 7) : timestamp.slice(0, 10));

function printMetrics(ctx: CommandContext, data: Metrics, interval: string): void {
  // The provider reports money metrics in USD cents.
  const money = (n: number | undefined) => (n === undefined ? '-' : formatMoney(n, 'usd', ctx.locale));
  const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
  const columns: Column<Period>[] = [
    { header: 'PERIOD', cell: (p) => label(p.timestamp, interval) },
    { header: 'REVENUE', cell: (p) => money(metric(p, 'revenue')), align: 'right' },
    { header: 'MRR', cell: (p) => money(metric(p, 'monthlyRecurringRevenue')), align: 'right' },
    { header: 'ACTIVE SUBS', cell: (p) => count(metric(p, 'activeSubscriptions')), align: 'right' },
    { header: 'NEW SUBS', cell: (p) => count(metric(p, 'newSubscriptions')), align: 'right' },
  ];
  for (const line of renderTable(columns, data.periods, ctx.style.bold)) ctx.line(line);
  ctx.line();
  ctx.line(ctx.style.bold('Revenue'));
  const points = data.periods.map((p) => ({ label: label(p.timestamp, interval), value: metric(p, 'revenue') ?? 0, shown: money(metric(p, 'revenue')) }));
  for (const line of barChart(points, 30)) ctx.line(line);
}

export function registerMetrics(program: Command, act: Act): void {
  program
    .command('metrics')
    .description('revenue, MRR and subscriptions per day, week or month, as a table and a chart')
    .requiredOption('--from <date>', 'first day, YYYY-MM-DD', isoDay('--from'))
    .requiredOption('--to <date>', 'last day, YYYY-MM-DD', isoDay('--to'))
    .addOption(new Option('--interval <interval>', 'one row per').choices(['day', 'week', 'month']).default('month'))
    .option('--timezone <tz>', 'IANA time zone of the periods', Intl.DateTimeFormat().resolvedOptions().timeZone)
    .addHelpText('after', '\nExamples:\n  $ ensemble metrics --from 2026-01-01 --to 2026-06-30 --interval month\n  $ ensemble --json metrics --from 2026-05-01 --to 2026-05-31 --interval day')
    .action(
      act<{ from: string; to: string; interval: 'day' | 'week' | 'month'; timezone: string }>(async (ctx, _a, o) => {
        if (o.from > o.to) throw usageError(`--from ${o.from} is after --to ${o.to}`);
        const client = await ctx.billing();
        const answer = await client.metrics.get({ startDate: o.from, endDate: o.to, interval: o.interval, timezone: o.timezone });
        if (!answer.success) {
          if (answer.error.kind === 'api' && answer.error.statusCode === 404) {
            throw new CliError(`The billing server at ${ctx.billingWhere.server} has no metrics (GET /v1/metrics/ is not served there); try --env sandbox or production`);
          }
          throw ctx.billingError(answer.error, { noun: 'metrics' });
        }
        ctx.emitJson(answer.data);
        if (!ctx.json) printMetrics(ctx, answer.data, o.interval);
      }),
    );
}
