import { Option, type Command } from 'commander';
import { isoDay } from '../arguments.js';
import type { Metrics } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { barChart } from '../format/chart.js';
import { renderTable, type Column } from '../format/table.js';
import { formatMoney } from '../format/values.js';
import type { Act } from '../program.js';
import { openReports, type UsageTotal } from '../reports.js';

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

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `--from`/`--to`, each optional: by default the 30 days ending today (UTC); one given, the other follows. */
export function periodOf(o: { from?: string; to?: string }, now = Date.now()): { from: string; to: string } {
  const to = o.to ?? (o.from !== undefined ? dayOf(Math.max(Date.parse(`${o.from}T00:00:00Z`) + 29 * DAY_MS, Date.parse(`${o.from}T00:00:00Z`))) : dayOf(now));
  const from = o.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  if (from > to) throw usageError(`--from ${from} is after --to ${to}`);
  return { from, to };
}

interface UsageRow extends Omit<UsageTotal, 'key'> {
  readonly model?: string;
  readonly userId?: string;
  readonly email?: string | null;
}

async function usageReport(ctx: CommandContext, o: { from?: string; to?: string; by: 'model' | 'user' }): Promise<void> {
  const period = periodOf(o);
  const { reports, data } = await openReports(ctx);
  const range = { from: `${period.from}T00:00:00.000Z`, to: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS).toISOString() };
  const totals = data(await reports.usage(range, o.by));
  let rows: UsageRow[];
  if (o.by === 'user') {
    const users = data(await reports.usersById(totals.map((t) => t.key)));
    const email = new Map(users.map((u) => [u.id, u.email]));
    rows = totals.map(({ key, ...t }) => ({ userId: key, email: email.get(key) ?? null, ...t }));
  } else {
    rows = totals.map(({ key, ...t }) => ({ model: key, ...t }));
  }
  const sum = (pick: (r: UsageRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const total = { calls: sum((r) => r.calls), credits: sum((r) => r.credits), inputTokens: sum((r) => r.inputTokens), outputTokens: sum((r) => r.outputTokens) };
  ctx.emitJson({ from: period.from, to: period.to, by: o.by, rows, total });
  if (ctx.json) return;
  const n = new Intl.NumberFormat(ctx.locale);
  ctx.line(ctx.style.bold(`Usage from ${period.from} to ${period.to} (UTC days), by ${o.by}`));
  if (rows.length === 0) {
    ctx.line(ctx.style.dim('No usage in this period.'));
    return;
  }
  const figures: Column<UsageRow>[] = [
    { header: 'CALLS', cell: (r) => n.format(r.calls), align: 'right' },
    { header: 'CREDITS', cell: (r) => n.format(r.credits), align: 'right' },
    { header: 'INPUT TOKENS', cell: (r) => n.format(r.inputTokens), align: 'right' },
    { header: 'OUTPUT TOKENS', cell: (r) => n.format(r.outputTokens), align: 'right' },
  ];
  const columns: Column<UsageRow>[] =
    o.by === 'model'
      ? [{ header: 'MODEL', cell: (r) => r.model ?? '-', id: true }, ...figures]
      : [{ header: 'USER', cell: (r) => r.email ?? '-', id: true }, { header: 'USER ID', cell: (r) => r.userId ?? '-' }, ...figures];
  const totalRow: UsageRow = o.by === 'model' ? { model: 'TOTAL', ...total } : { email: 'TOTAL', userId: '', ...total };
  for (const line of renderTable(columns, [...rows, totalRow], ctx.style.bold)) ctx.line(line);
}

export function registerMetrics(program: Command, act: Act): void {
  const metrics = program
    .command('metrics')
    .description('revenue and subscriptions (`metrics revenue`, the default) and the app\'s usage of credits and tokens (`metrics usage`)');
  // `revenue` is the default subcommand, so `ensemble metrics --from …` reads as before.
  metrics
    .command('revenue', { isDefault: true })
    .description('revenue, MRR and subscriptions per day, week or month, as a table and a chart')
    .option('--from <date>', 'first day, YYYY-MM-DD (default: 29 days before --to)', isoDay('--from'))
    .option('--to <date>', 'last day, YYYY-MM-DD (default: today, or 29 days after --from)', isoDay('--to'))
    .addOption(new Option('--interval <interval>', 'one row per').choices(['day', 'week', 'month']).default('month'))
    .option('--timezone <tz>', 'IANA time zone of the periods', Intl.DateTimeFormat().resolvedOptions().timeZone)
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble metrics                      # revenue of the last 30 days\n  $ ensemble metrics revenue --from 2026-01-01 --to 2026-06-30 --interval month\n  $ ensemble --json metrics --from 2026-05-01 --to 2026-05-31 --interval day\n  $ ensemble metrics usage --by user',
    )
    .action(
      act<{ from?: string; to?: string; interval: 'day' | 'week' | 'month'; timezone: string }>(async (ctx, _a, o) => {
        const { from, to } = periodOf(o);
        const client = await ctx.billing();
        const answer = await client.metrics.get({ startDate: from, endDate: to, interval: o.interval, timezone: o.timezone });
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
  metrics
    .command('usage')
    .description("the app's usage: credits spent and tokens in and out, by model or by user, read from its database (usage_events)")
    .option('--from <date>', 'first day, YYYY-MM-DD, UTC (default: 29 days before --to)', isoDay('--from'))
    .option('--to <date>', 'last day, YYYY-MM-DD, UTC (default: today, or 29 days after --from)', isoDay('--to'))
    .addOption(new Option('--by <what>', 'one row per').choices(['model', 'user']).default('model'))
    .addHelpText('after', '\nExamples:\n  $ ensemble metrics usage                         # the last 30 days, by model\n  $ ensemble metrics usage --by user --from 2026-11-01\n  $ ensemble --json metrics usage --by user | jq \'.rows[0]\'')
    .action(act<{ from?: string; to?: string; by: 'model' | 'user' }>(async (ctx, _a, o) => usageReport(ctx, o)));
}
