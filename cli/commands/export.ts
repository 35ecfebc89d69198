import { Option, type Command } from 'commander';
import type { Subscription } from '../billing-types.js';
import type { Act } from '../program.js';

const CSV_COLUMNS: readonly [string, (s: Subscription) => unknown][] = [
  ['id', (s) => s.id],
  ['status', (s) => s.status],
  ['customer_id', (s) => s.customerId],
  ['customer_email', (s) => s.customer.email],
  ['external_customer_id', (s) => s.customer.externalId],
  ['product_id', (s) => s.productId],
  ['product_name', (s) => s.product.name],
  ['amount', (s) => s.amount],
  ['currency', (s) => s.currency],
  ['recurring_interval', (s) => s.recurringInterval],
  ['started_at', (s) => s.startedAt],
  ['current_period_end', (s) => s.currentPeriodEnd],
  ['cancel_at_period_end', (s) => s.cancelAtPeriodEnd],
  ['canceled_at', (s) => s.canceledAt],
  ['ended_at', (s) => s.endedAt],
  ['cancellation_reason', (s) => s.customerCancellationReason],
];

/** RFC 4180: quote when needed, double inner quotes; a leading formula character is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function registerExport(program: Command, act: Act): void {
  const exporter = program.command('export').description('export data for spreadsheets and scripts');
  exporter
    .command('subscriptions')
    .description('every subscription, streamed page by page to stdout; progress on stderr')
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json']).default('csv'))
    .option('--active', 'only active subscriptions')
    .addHelpText('after', '\nExamples:\n  $ ensemble export subscriptions --format csv > subscriptions.csv\n  $ ensemble --env production export subscriptions --format json | jq length')
    .action(
      act<{ format: 'csv' | 'json'; active?: boolean }>(async (ctx, _a, o) => {
        const client = await ctx.billing();
        const out = (text: string) => ctx.io.stdout.write(text);
        let count = 0;
        let total = 0;
        if (o.format === 'csv') out(`${CSV_COLUMNS.map(([name]) => name).join(',')}\n`);
        try {
          for await (const page of client.subscriptions.list.pages({ limit: 100, sorting: ['started_at'], ...(o.active ? { active: true } : {}) })) {
            total = page.pagination.totalCount;
            const chunk = page.items.map((s) =>
              o.format === 'csv' ? `${CSV_COLUMNS.map(([, get]) => csvCell(get(s))).join(',')}\n` : `${count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(s)}`,
            );
            if (o.format === 'csv') count += page.items.length;
            out(chunk.join(''));
            const progress = `exported ${count} of ${total} subscriptions`;
            ctx.io.stderr.write(ctx.io.isTTY ? `\r${progress}` : `${progress}\n`);
          }
        } catch (error) {
          throw ctx.billingError(error, { noun: 'subscriptions' });
        } finally {
          if (ctx.io.isTTY) ctx.io.stderr.write('\n');
        }
        if (o.format === 'json') out(count === 0 ? '[]\n' : '\n]\n');
        if (count === 0) ctx.note(`exported 0 subscriptions`);
      }),
    );
}
