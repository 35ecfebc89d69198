import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Customer, Order, Refund, Subscription } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import type { Result } from '../../core/shared/index.js';
import { statusOf } from '../failures.js';
import type { Act } from '../program.js';
import { openReports, type CliReports, type ReportUser } from '../reports.js';

type Format = 'csv' | 'json';
type Csv<T> = readonly (readonly [string, (row: T) => unknown])[];

const SUBSCRIPTION_COLUMNS: Csv<Subscription> = [
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

const CUSTOMER_COLUMNS: Csv<Customer> = [
  ['id', (c) => c.id],
  ['email', (c) => c.email],
  ['name', (c) => c.name],
  ['external_id', (c) => c.externalId],
  ['created_at', (c) => c.createdAt],
  ['email_verified', (c) => c.emailVerified],
  ['country', (c) => c.billingAddress?.country],
  ['deleted_at', (c) => c.deletedAt],
];

/** RFC 4180: quote when needed, double inner quotes; a leading formula character is defused for spreadsheets. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\n`;

/**
 * Where an export goes: stdout, or `--output <file>` written beside as `<file>.partial` and renamed
 * when complete, so a failed export never leaves a file that looks whole. Writes wait for the stream
 * to drain, so a large export streams in bounded memory.
 */
class ExportSink {
  private file: WriteStream | null = null;
  private readonly partial: string | null;

  constructor(
    private readonly ctx: CommandContext,
    private readonly output: string | undefined,
  ) {
    this.partial = output === undefined ? null : `${resolve(ctx.io.cwd ?? process.cwd(), output)}.partial`;
  }

  async open(): Promise<void> {
    if (this.partial === null) return;
    const stream = createWriteStream(this.partial, { flags: 'w', mode: 0o600 });
    await new Promise<void>((done, failed) => {
      stream.once('open', () => done());
      stream.once('error', (error) => failed(usageError(`Cannot write --output ${this.output ?? ''}: ${error.message}`)));
    });
    this.file = stream;
  }

  async write(text: string): Promise<void> {
    if (text === '') return;
    const target = this.file;
    if (target === null) {
      this.ctx.io.stdout.write(text);
      return;
    }
    if (!target.write(text)) await new Promise<void>((done) => target.once('drain', () => done()));
  }

  async finish(): Promise<void> {
    const target = this.file;
    if (target === null || this.partial === null || this.output === undefined) return;
    await new Promise<void>((done, failed) => target.end((error?: Error | null) => (error ? failed(error) : done())));
    await rename(this.partial, resolve(this.ctx.io.cwd ?? process.cwd(), this.output));
  }

  async abort(): Promise<void> {
    const target = this.file;
    if (target === null || this.partial === null) return;
    target.destroy();
    await rm(this.partial, { force: true });
  }
}

/** Writes rows as CSV lines or as the elements of one JSON array, with progress on stderr. */
class Exporter<T> {
  private count = 0;
  private lastProgress = '';

  constructor(
    private readonly ctx: CommandContext,
    private readonly sink: ExportSink,
    private readonly format: Format,
    private readonly noun: string,
    private readonly header: readonly string[],
  ) {}

  async start(): Promise<void> {
    await this.sink.open();
    if (this.format === 'csv') await this.sink.write(csvLine(this.header));
  }

  /** One exported item: in JSON one element, in CSV one or more lines. */
  async add(json: T, csvRows: readonly (readonly unknown[])[]): Promise<void> {
    if (this.format === 'json') await this.sink.write(`${this.count === 0 ? '[\n' : ',\n'}${JSON.stringify(json)}`);
    else await this.sink.write(csvRows.map(csvLine).join(''));
    this.count += 1;
  }

  progress(total: number): void {
    const line = `exported ${this.count} of ${total} ${this.noun}`;
    if (line === this.lastProgress) return;
    this.lastProgress = line;
    this.ctx.io.stderr.write(this.ctx.io.isTTY ? `\r${line}` : `${line}\n`);
  }

  async end(): Promise<void> {
    if (this.format === 'json') await this.sink.write(this.count === 0 ? '[]\n' : '\n]\n');
    await this.sink.finish();
    if (this.ctx.io.isTTY && this.lastProgress !== '') this.ctx.io.stderr.write('\n');
    if (this.count === 0) this.ctx.note(`exported 0 ${this.noun}`);
  }

  async fail(): Promise<void> {
    if (this.ctx.io.isTTY && this.lastProgress !== '') this.ctx.io.stderr.write('\n');
    await this.sink.abort();
  }
}

/** Runs one export: start, the rows, the end; on a failure the partial file is removed. */
async function runExport<T>(exporter: Exporter<T>, body: () => Promise<void>): Promise<void> {
  await exporter.start();
  try {
    await body();
  } catch (error) {
    await exporter.fail();
    throw error;
  }
  await exporter.end();
}

const NESTED = ['ledger', 'orders', 'refunds'] as const;
type Nested = (typeof NESTED)[number];

/** `--with ledger,orders,refunds`: a comma-separated subset. */
export function nestedList(value: string): Nested[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const unknown = parts.filter((p) => !(NESTED as readonly string[]).includes(p));
  if (parts.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`--with takes a comma-separated list of ${NESTED.join(', ')}, not "${value}".`);
  }
  return [...new Set(parts)] as Nested[];
}

const USER_COLUMNS = ['user_id', 'email', 'created_at', 'last_sign_in_at', 'balance', 'plan_status', 'subscription_id', 'current_period_end', 'cancel_at_period_end'] as const;
/** With --with, each nested item is a row of its own after the user's fields (a user with none keeps one row). */
const NESTED_COLUMNS = ['record', 'record_id', 'record_created_at', 'kind', 'amount', 'currency', 'balance_after', 'status', 'reference', 'detail'] as const;

const userCells = (u: ReportUser): unknown[] => [
  u.id,
  u.email,
  u.createdAt,
  u.lastSignInAt,
  u.credits,
  u.subscriptionStatus,
  u.subscriptionId,
  u.currentPeriodEnd,
  u.cancelAtPeriodEnd,
];

interface UserExport {
  readonly id: string;
  readonly email: string | null;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
  readonly balance: number;
  readonly planStatus: string | null;
  readonly subscriptionId: string | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly billingCustomerId: string | null;
  ledger?: unknown[];
  orders?: Order[];
  refunds?: Refund[];
}

/** Every page of a billing list call, gathered (one user's orders or refunds: a few pages at most). */
async function allPages<T>(ctx: CommandContext, pages: AsyncIterable<{ items: readonly T[] }>, noun: string): Promise<T[]> {
  const items: T[] = [];
  try {
    for await (const page of pages) items.push(...page.items);
  } catch (error) {
    throw ctx.billingError(error, { noun });
  }
  return items;
}

/** The user's billing customer: the profile's, else the customer whose external id is the user id. */
async function customerIdOf(ctx: CommandContext, user: ReportUser): Promise<string | null> {
  if (user.billingCustomerId !== null) return user.billingCustomerId;
  const client = await ctx.billing();
  const answer = await client.customers.getExternal({ externalId: user.id });
  if (answer.success) return answer.data.id;
  if (statusOf(answer.error) === 404) return null;
  throw ctx.billingError(answer.error, { noun: 'billing customer with external id', id: user.id });
}

async function exportUser(ctx: CommandContext, reports: CliReports, data: <R>(answer: Result<R>) => R, user: ReportUser, nested: readonly Nested[]) {
  const out: UserExport = {
    id: user.id,
    email: user.email,
    createdAt: user.createdAt,
    lastSignInAt: user.lastSignInAt,
    balance: user.credits,
    planStatus: user.subscriptionStatus,
    subscriptionId: user.subscriptionId,
    currentPeriodEnd: user.currentPeriodEnd,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    billingCustomerId: user.billingCustomerId,
  };
  const rows: unknown[][] = [];
  const base = userCells(user);
  if (nested.includes('ledger')) {
    const ledger = data(await reports.ledger(user.id));
    out.ledger = ledger;
    for (const e of ledger) rows.push([...base, 'ledger', e.id, e.createdAt, e.kind, e.amount, 'credits', e.balanceAfter, '', e.reference, e.reason]);
  }
  if (nested.includes('orders') || nested.includes('refunds')) {
    const customerId = await customerIdOf(ctx, user);
    const client = await ctx.billing();
    if (nested.includes('orders')) {
      out.orders = customerId === null ? [] : await allPages(ctx, client.orders.list.pages({ customerId, limit: 100, sorting: ['created_at'] }), `orders of ${user.id}`);
      for (const o of out.orders) rows.push([...base, 'order', o.id, o.createdAt, o.billingReason, o.totalAmount, o.currency, '', o.status, '', o.description]);
    }
    if (nested.includes('refunds')) {
      out.refunds = customerId === null ? [] : await allPages(ctx, client.refunds.list.pages({ customerId, limit: 100 }), `refunds of ${user.id}`);
      for (const r of out.refunds) {
        const comment = typeof r.metadata.comment === 'string' ? r.metadata.comment : '';
        rows.push([...base, 'refund', r.id, r.createdAt, r.reason, r.amount, r.currency, '', r.status, r.orderId, comment]);
      }
    }
  }
  if (rows.length === 0) rows.push(nested.length > 0 ? [...base, ...NESTED_COLUMNS.map(() => '')] : base);
  return { out, rows };
}

const formatOption = () => new Option('--format <format>', 'output format').choices(['csv', 'json']).default('csv');
const outputOption = () => new Option('--output <file>', 'write to this file instead of stdout (written whole or not at all)');

export function registerExport(program: Command, act: Act): void {
  const exporter = program.command('export').description('export data for spreadsheets and scripts (CSV or JSON, streamed page by page)');
  exporter
    .command('subscriptions')
    .description('every subscription, streamed page by page to stdout or --output; progress on stderr')
    .addOption(formatOption())
    .addOption(outputOption())
    .option('--active', 'only active subscriptions')
    .addHelpText('after', '\nExamples:\n  $ ensemble export subscriptions --format csv > subscriptions.csv\n  $ ensemble --env production export subscriptions --format json | jq length')
    .action(
      act<{ format: Format; active?: boolean; output?: string }>(async (ctx, _a, o) => {
        const client = await ctx.billing();
        const out = new Exporter<Subscription>(ctx, new ExportSink(ctx, o.output), o.format, 'subscriptions', SUBSCRIPTION_COLUMNS.map(([name]) => name));
        await runExport(out, async () => {
          try {
            for await (const page of client.subscriptions.list.pages({ limit: 100, sorting: ['started_at'], ...(o.active ? { active: true } : {}) })) {
              for (const s of page.items) await out.add(s, [SUBSCRIPTION_COLUMNS.map(([, get]) => get(s))]);
              out.progress(page.pagination.totalCount);
            }
          } catch (error) {
            throw ctx.billingError(error, { noun: 'subscriptions' });
          }
        });
      }),
    );
  exporter
    .command('customers')
    .description('every billing customer, oldest first, streamed page by page to stdout or --output; progress on stderr')
    .addOption(formatOption())
    .addOption(outputOption())
    .addHelpText('after', '\nExamples:\n  $ ensemble export customers > customers.csv\n  $ ensemble export customers --format json --output customers.json')
    .action(
      act<{ format: Format; output?: string }>(async (ctx, _a, o) => {
        const client = await ctx.billing();
        const out = new Exporter<Customer>(ctx, new ExportSink(ctx, o.output), o.format, 'customers', CUSTOMER_COLUMNS.map(([name]) => name));
        await runExport(out, async () => {
          try {
            for await (const page of client.customers.list.pages({ limit: 100, sorting: ['created_at'] })) {
              for (const c of page.items) await out.add(c, [CUSTOMER_COLUMNS.map(([, get]) => get(c))]);
              out.progress(page.pagination.totalCount);
            }
          } catch (error) {
            throw ctx.billingError(error, { noun: 'customers' });
          }
        });
      }),
    );
  exporter
    .command('users')
    .description("every Ensemble user (e-mail, created, balance, plan status), in sign-up order; --with adds each one's ledger, orders and refunds")
    .addOption(formatOption())
    .addOption(outputOption())
    .option('--with <parts>', `nested data: a comma-separated list of ${NESTED.join(', ')} (JSON: nested arrays; CSV: one row per item)`, nestedList)
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble export users > users.csv\n  $ ensemble export users --with ledger,orders,refunds --format json --output users.json\n  $ ensemble export users --with refunds | grep ",refund,"',
    )
    .action(
      act<{ format: Format; output?: string; with?: Nested[] }>(async (ctx, _a, o) => {
        const nested = o.with ?? [];
        const { reports, data } = await openReports(ctx);
        if (nested.includes('orders') || nested.includes('refunds')) await ctx.billing();
        const header = nested.length > 0 ? [...USER_COLUMNS, ...NESTED_COLUMNS] : [...USER_COLUMNS];
        const out = new Exporter<UserExport>(ctx, new ExportSink(ctx, o.output), o.format, 'users', header);
        const total = data(await reports.countUsers());
        await runExport(out, async () => {
          let after: { createdAt: string; id: string } | null = null;
          for (;;) {
            const page: ReportUser[] = data(await reports.users(after, 100));
            for (const user of page) {
              const { out: item, rows } = await exportUser(ctx, reports, data, user, nested);
              await out.add(item, rows);
            }
            out.progress(total);
            const last = page[page.length - 1];
            if (last === undefined || page.length < 100) break;
            after = { createdAt: last.createdAtExact, id: last.id };
          }
        });
      }),
    );
}
