import { InvalidArgumentError, type Command } from 'commander';
import type { LedgerEntry } from '../../core/credits/index.js';
import type { SupportAction, UserOverview } from '../../core/account/index.js';

/** The most credits one grant or debit moves (core/account MAX_SUPPORT_CREDIT_CHANGE; not imported, to keep --help light). */
const MAX_SUPPORT_CREDIT_CHANGE = 1_000_000;
import { positiveInt, nonEmpty } from '../arguments.js';
import type { CommandContext } from '../context.js';
import { RECONCILE_COMMAND } from './actions.js';
import { CliError } from '../errors.js';
import { statusOf } from '../failures.js';
import { renderFields, renderTable, StreamingTable, type Column } from '../format/table.js';
import { formatDate, formatMoney, text, yesNo } from '../format/values.js';
import type { Act } from '../program.js';
import { openReports, type ReportUser } from '../reports.js';
import type { CustomerState as BillingState, Order, Refund, Subscription } from '../billing-types.js';
import { printState } from './customers.js';

/** The billing side of one user: what they have now, their subscriptions, orders and refunds (newest first). */
interface UserBilling {
  readonly customerState: BillingState;
  readonly subscriptions: readonly Subscription[];
  readonly orders: readonly Order[];
  readonly refunds: readonly Refund[];
}

/** The billing customer whose external id is the user id, or null when the user never reached checkout. */
async function loadBilling(ctx: CommandContext, userId: string, limit: number): Promise<UserBilling | null> {
  const client = await ctx.billing();
  const answer = await client.customers.getStateExternal({ externalId: userId });
  if (!answer.success) {
    if (statusOf(answer.error) === 404) return null;
    throw ctx.billingError(answer.error, { noun: 'billing customer with external id', id: userId });
  }
  const customerId = answer.data.id;
  const subject = { noun: 'billing customer', id: customerId };
  const size = Math.min(limit, 100);
  const [subscriptions, orders, refunds] = await Promise.all([
    ctx.call(subject, (c) => c.subscriptions.list({ customerId, limit: size, sorting: ['-started_at'] })),
    ctx.call(subject, (c) => c.orders.list({ customerId, limit: size, sorting: ['-created_at'] })),
    ctx.call(subject, (c) => c.refunds.list({ customerId, limit: size, sorting: ['-created_at'] })),
  ]);
  return { customerState: answer.data, subscriptions: subscriptions.items, orders: orders.items, refunds: refunds.items };
}

const subscriptionColumns: Column<Subscription>[] = [
  { header: 'SUBSCRIPTION ID', cell: (s) => s.id },
  { header: 'STATUS', cell: (s) => s.status },
  { header: 'PRODUCT', cell: (s) => s.product.name, max: 24 },
  { header: 'PERIOD END', cell: (s) => formatDate(s.endedAt ?? s.currentPeriodEnd) },
  { header: 'CANCELS AT PERIOD END', cell: (s) => yesNo(s.cancelAtPeriodEnd) },
];

const userOrderColumns = (ctx: CommandContext): Column<Order>[] => [
  { header: 'ORDER ID', cell: (o) => o.id },
  { header: 'DATE', cell: (o) => formatDate(o.createdAt) },
  { header: 'STATUS', cell: (o) => o.status },
  { header: 'AMOUNT', cell: (o) => formatMoney(o.totalAmount, o.currency, ctx.locale), align: 'right' },
  { header: 'REFUNDED', cell: (o) => (o.refundedAmount > 0 ? formatMoney(o.refundedAmount, o.currency, ctx.locale) : '-'), align: 'right' },
];

const metadataText = (r: Refund, key: string): string | null => (typeof r.metadata[key] === 'string' ? r.metadata[key] : null);

const userRefundColumns = (ctx: CommandContext): Column<Refund>[] => [
  { header: 'REFUND ID', cell: (r) => r.id },
  { header: 'DATE', cell: (r) => formatDate(r.createdAt) },
  { header: 'ORDER ID', cell: (r) => r.orderId },
  { header: 'AMOUNT', cell: (r) => formatMoney(r.amount, r.currency, ctx.locale), align: 'right' },
  { header: 'REASON', cell: (r) => r.reason },
  { header: 'BY', cell: (r) => text(metadataText(r, 'operator')) },
  { header: 'COMMENT', cell: (r) => text(metadataText(r, 'comment')), max: 50 },
];

function printBilling(ctx: CommandContext, billing: UserBilling): void {
  const { bold, dim } = ctx.style;
  printState(ctx, billing.customerState, '  ');
  const section = <T>(title: string, columns: Column<T>[], rows: readonly T[]) => {
    ctx.line();
    ctx.line(bold(`${title} (${rows.length === 0 ? 'none' : `latest ${rows.length}`})`));
    if (rows.length > 0) for (const line of renderTable(columns, rows, bold)) ctx.line(`  ${line}`);
    else ctx.line(dim('  none'));
  };
  section('Subscriptions', subscriptionColumns, billing.subscriptions);
  section('Orders', userOrderColumns(ctx), billing.orders);
  section('Refunds', userRefundColumns(ctx), billing.refunds);
}

/** A ledger line as `users show` prints it: with the operator who made it, when support did. */
type ShownEntry = LedgerEntry & { readonly operator: string | null };

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const ledgerColumns: Column<ShownEntry>[] = [
  { header: 'WHEN', cell: (e) => formatDate(e.createdAt) },
  { header: 'KIND', cell: (e) => e.kind },
  { header: 'AMOUNT', cell: (e) => signed(e.amount), align: 'right' },
  { header: 'BALANCE', cell: (e) => String(e.balanceAfter), align: 'right' },
  { header: 'MODEL', cell: (e) => text(e.modelId) },
  { header: 'BY', cell: (e) => text(e.operator) },
  { header: 'REFERENCE', cell: (e) => text(e.reference), max: 40 },
  { header: 'REASON', cell: (e) => e.reason, max: 50 },
];

const actionColumns = (ctx: CommandContext): Column<SupportAction>[] => [
  { header: 'WHEN', cell: (a) => formatDate(a.createdAt) },
  { header: 'ACTION', cell: (a) => (a.status === 'pending' ? `${a.action} (pending)` : a.action) },
  { header: 'BY', cell: (a) => a.operator },
  { header: 'SUBJECT', cell: (a) => a.subject },
  {
    header: 'AMOUNT',
    cell: (a) => (a.amount === null ? '-' : a.currency === null ? `${signed(a.amount)} credits` : formatMoney(a.amount, a.currency, ctx.locale)),
    align: 'right',
  },
  { header: 'ENV', cell: (a) => text(a.environment || null) },
  { header: 'REASON', cell: (a) => (a.comment ? `${a.reason}: ${a.comment}` : a.reason), max: 60 },
];

/** The ledger lines with the operator of each line support made (its support action's subject is `ledger:<id>`). */
function withOperators(ledger: readonly LedgerEntry[], actions: readonly SupportAction[]): ShownEntry[] {
  const byLine = new Map(actions.filter((a) => a.subject.startsWith('ledger:')).map((a) => [a.subject.slice('ledger:'.length), a.operator]));
  return ledger.map((e) => ({ ...e, operator: byLine.get(e.id) ?? null }));
}

function printOverview(ctx: CommandContext, view: UserOverview, ledger: readonly ShownEntry[], actions: readonly SupportAction[], billing: UserBilling | null | undefined): void {
  const { bold, dim } = ctx.style;
  ctx.line(bold(`User ${view.user.email ?? '(no e-mail)'}`));
  const fields: [string, string][] = [
    ['id', view.user.id],
    ['created', formatDate(view.user.createdAt)],
    ['last sign-in', formatDate(view.user.lastSignInAt)],
    ['subscription', `${text(view.profile?.subscriptionStatus)}${view.account.subscribed ? ' (subscribed)' : ''}`],
    ['feature flag', view.account.featureFlag ? 'on' : 'off'],
    ['credits', String(view.account.credits)],
    ['marketing', yesNo(view.profile?.marketingConsent)],
  ];
  if (view.profile === null) fields.push(['profile', 'no profile row (reads as not subscribed, flag off, 0 credits)']);
  for (const line of renderFields(fields, dim)) ctx.line(`  ${line}`);
  ctx.line();
  ctx.line(bold('Profiling'));
  const p = view.profiling;
  if (p === null) ctx.line(dim('  not started'));
  else {
    const other = (value: string, more: string) => (more ? `${value} (${more})` : value || '-');
    const answers: [string, string][] = [
      ['completed', p.completed ? 'yes' : `no (step ${p.currentStep})`],
      ['role', other(p.role, p.roleOther)],
      ['company size', p.companySize || '-'],
      ['work outputs', other(p.workOutputs.join(', '), p.workOutputOther)],
      ['uses Ensemble for', other(p.ensembleUse, p.ensembleUseOther)],
    ];
    for (const line of renderFields(answers, dim)) ctx.line(`  ${line}`);
  }
  ctx.line();
  ctx.line(bold(`Credit ledger and usage (latest ${view.ledger.length})`));
  if (view.ledger.length === 0) ctx.line(dim('  no entries'));
  else for (const line of renderTable(ledgerColumns, ledger, bold)) ctx.line(`  ${line}`);
  ctx.line();
  ctx.line(bold(`Support actions (latest ${actions.length})`));
  if (actions.length === 0) ctx.line(dim('  none'));
  else for (const line of renderTable(actionColumns(ctx), actions, bold)) ctx.line(`  ${line}`);
  if (actions.some((a) => a.status === 'pending')) ctx.line(dim(`  (pending: the billing provider's answer was not recorded; \`${RECONCILE_COMMAND}\` settles it)`));
  ctx.line();
  ctx.line(bold('Billing customer (external id = user id)'));
  if (billing === undefined) ctx.line(dim('  unavailable (see the error below)'));
  else if (billing === null) ctx.line(dim('  none: this user never reached checkout'));
  else printBilling(ctx, billing);
  // The profile is updated by the billing webhooks; a mismatch usually means one never arrived.
  if (billing !== undefined) {
    const billingActive = billing !== null && billing.customerState.activeSubscriptions.length > 0;
    if (billingActive !== view.account.subscribed) {
      ctx.line();
      ctx.line(
        ctx.style.yellow(
          `Note: billing says ${billingActive ? 'subscribed' : 'not subscribed'} but the profile says ${view.account.subscribed ? 'subscribed' : 'not subscribed'}: check \`ensemble webhooks deliveries\` for a failed delivery`,
        ),
      );
    }
  }
}

/** A listed user: e-mail and id to copy into `users show`, when they came and went, balance and plan. */
const listColumns: Column<ReportUser>[] = [
  { header: 'EMAIL', cell: (u) => text(u.email) },
  { header: 'ID', cell: (u) => u.id },
  { header: 'SIGNED UP', cell: (u) => formatDate(u.createdAt) },
  { header: 'LAST SIGN-IN', cell: (u) => (u.lastSignInAt === null ? 'never' : formatDate(u.lastSignInAt)) },
  { header: 'CREDITS', cell: (u) => String(u.credits), align: 'right' },
  { header: 'PLAN', cell: (u) => (u.subscriptionStatus === null ? 'none' : `${u.subscriptionStatus}${u.cancelAtPeriodEnd ? ' (ends)' : ''}`) },
];

/** What `--json` prints of a listed user (the cursor's exact time is the program's own business). */
const listedJson = ({ createdAtExact: _exact, ...user }: ReportUser) => user;

/** Rows read per request while listing users. */
const USERS_PAGE = 100;

/**
 * `users list`: newest sign-ups first, each page printed as it arrives (a table, or the elements of one
 * JSON array), until `limit` rows or the last user; with `query`, only the users it matches.
 */
async function listUsers(ctx: CommandContext, query: string | null, limit: number): Promise<void> {
  const { reports, data } = await openReports(ctx);
  const table = new StreamingTable(listColumns, (line) => ctx.line(line), ctx.style.bold);
  const write = (chunk: string) => ctx.io.stdout.write(chunk);
  const progress = ctx.io.isTTY && !ctx.json;
  let before: { createdAt: string; id: string } | null = null;
  let shown = 0;
  try {
    while (shown < limit) {
      const page: ReportUser[] = data(await reports.searchUsers({ query, before, limit: Math.min(USERS_PAGE, limit - shown) }));
      if (ctx.json) page.forEach((user, i) => write(`${shown + i === 0 ? '[\n' : ',\n'}${JSON.stringify(listedJson(user))}`));
      else if (page.length > 0) table.addBatch(page);
      shown += page.length;
      if (progress) ctx.io.stderr.write(`\r${ctx.style.dim(`${shown} users`)}`);
      // Until an empty page: a project's "Max rows" may answer fewer rows than asked before the end.
      const last = page[page.length - 1];
      if (last === undefined) break;
      before = { createdAt: last.createdAtExact, id: last.id };
    }
  } finally {
    if (ctx.json && shown > 0) write('\n]\n');
    if (progress) ctx.io.stderr.write('\r\u001b[K');
  }
  if (ctx.json && shown === 0) write('[]\n');
  if (!ctx.json && shown === 0) ctx.line(ctx.style.dim(query === null ? 'No users.' : `No user's e-mail holds "${query}", and no id starts with it.`));
  const matching = query === null ? '' : ` matching "${query}"`;
  ctx.note(ctx.style.dim(`${shown} ${shown === 1 ? 'user' : 'users'}${matching}${shown === limit ? ` (--limit ${limit}; there may be more)` : ''}`));
}

export function registerUsers(program: Command, act: Act): void {
  const users = program.command('users').description('Ensemble users: one view across Supabase and billing; credits');
  users
    .command('list')
    .description('users, newest sign-up first: e-mail, id, sign-up and last sign-in, credits and plan; --query finds them by part of the e-mail or the start of the id')
    .option('--query <text>', 'only users whose e-mail holds this text (any case) or whose id starts with it', nonEmpty('--query'))
    .option('--limit <n>', 'the most users to show', positiveInt('--limit', 100_000), 50)
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble users list\n  $ ensemble users list --query @acme.com --limit 500\n  $ ensemble users list --query 5b0c\n  $ ensemble --json users list --query ada | jq -r \'.[].id\'',
    )
    .action(
      act<{ query?: string; limit: number }>(async (ctx, _args, options) => {
        await listUsers(ctx, options.query ?? null, options.limit);
      }),
    );
  users
    .command('show')
    .description('profile, profiling answers, credit ledger, support actions, and the billing customer with its subscriptions, orders and refunds')
    .argument('<user>', 'e-mail address or user id', nonEmpty('<user>'))
    .option('--ledger <n>', 'how many ledger entries and support actions to show (also orders and refunds, at most 100)', positiveInt('--ledger', 500), 20)
    .addHelpText('after', '\nExamples:\n  $ ensemble users show ada@example.com\n  $ ensemble --json users show 5b0c...-... | jq .account')
    .action(
      act<{ ledger: number }>(async (ctx, [query], options) => {
        const support = await ctx.support();
        const view = ctx.domain(await support.lookUpUser({ query: String(query), ledgerLimit: options.ledger }));
        const actions = ctx.domain(await support.listSupportActions({ userId: view.user.id, limit: options.ledger }));
        const ledger = withOperators(view.ledger, actions);
        let billing: UserBilling | null | undefined;
        let billingError: CliError | null = null;
        try {
          billing = await loadBilling(ctx, view.user.id, options.ledger);
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
          billingError = error;
        }
        const billingJson =
          billing === undefined
            ? { error: billingError?.message }
            : billing === null
              ? { customerState: null, subscriptions: [], orders: [], refunds: [] }
              : billing;
        if (ctx.json) ctx.emitJson({ ...view, ledger, supportActions: actions, billing: billingJson });
        else printOverview(ctx, view, ledger, actions, billing);
        if (billingError !== null) throw billingError;
      }),
    );

  const credits = users.command('credits').description("a user's credits: grant or debit, recorded with who did it");
  const change = (verb: 'grant' | 'debit') =>
    credits
      .command(verb)
      .description(
        verb === 'grant'
          ? 'give a user credits, recorded in the credit ledger as a manual grant with your operator name'
          : 'take credits from a user (never below a zero balance), recorded in the ledger as an adjustment with your operator name',
      )
      .argument('<user>', 'e-mail address or user id', nonEmpty('<user>'))
      .argument('<amount>', 'whole number of credits', creditAmount(verb))
      .requiredOption('--reason <text>', 'why (kept in the ledger)', nonEmpty('--reason'))
      .option('--reference <key>', 'idempotency key (a ticket id): the same key again changes nothing and says so; with another amount it is refused')
      .option('--dry-run', 'say what would change, change nothing')
      .addHelpText(
        'after',
        verb === 'grant'
          ? '\nExamples:\n  $ ensemble users credits grant ada@example.com 500 --reason "outage on 3 May"\n  $ ensemble users credits grant ada@example.com 500 --reason "ticket 1234" --reference ticket-1234'
          : '\nExamples:\n  $ ensemble users credits debit ada@example.com 200 --reason "granted twice by mistake" --reference ticket-1234-fix',
      )
      .action(
        act<{ reason: string; reference?: string; dryRun?: boolean }>(async (ctx, [query, rawAmount], options) => {
          const support = await ctx.support();
          const operator = await ctx.operator();
          const user = ctx.domain(await support.findUser({ query: String(query) }));
          const who = user.email ?? user.id;
          const amount = Number(rawAmount);
          if (options.dryRun === true) {
            const view = ctx.domain(await support.lookUpUser({ query: user.id, ledgerLimit: 1 }));
            const balance = view.account.credits;
            const after = verb === 'grant' ? balance + amount : balance - amount;
            ctx.emitJson({ dryRun: true, user, amount: verb === 'grant' ? amount : -amount, balance, balanceAfter: after, operator });
            ctx.line(
              after < 0
                ? `Dry run: ${who} has ${balance} credits, less than the debit of ${amount}: the debit would be refused.`
                : `Dry run: would ${verb} ${amount} credits ${verb === 'grant' ? 'to' : 'from'} ${who} as ${operator}: balance ${balance} → ${after}. Nothing changed.`,
            );
            return;
          }
          const signed = verb === 'grant' ? amount : -amount;
          const answer = await support.changeCredits({ userId: user.id, amount: signed, reason: options.reason, reference: options.reference ?? null, operator });
          if (!answer.success) {
            if (answer.error.code === 'insufficient_credits') {
              throw new CliError(`${who} has ${String(answer.error.details?.balance)} credits, less than the debit of ${amount}: nothing changed`);
            }
            if (answer.error.code === 'conflict' && answer.error.details?.usedAmount !== undefined) {
              const used = Number(answer.error.details.usedAmount);
              throw new CliError(
                `Reference ${options.reference ?? ''} was already used for ${used > 0 ? `a grant of ${used}` : `a debit of ${-used}`} credits, not ${amount}: nothing changed (use another --reference for another change)`,
              );
            }
          }
          const changed = ctx.domain(answer);
          ctx.emitJson({ user, ...changed });
          const done = verb === 'grant' ? `${amount} credits to ${who}` : `${amount} credits from ${who}`;
          if (changed.repeated) {
            const by = changed.operator === null ? '' : ` by ${changed.operator}`;
            const word = verb === 'grant' ? 'granted' : 'debited';
            if (ctx.json) ctx.note(`Already ${word} under ${options.reference ?? ''}: nothing changed.`);
            ctx.line(`Already ${word} under ${options.reference ?? ''} (${done}${by}, ${formatDate(changed.entry.createdAt)}): nothing changed; balance ${changed.balance}.`);
            return;
          }
          ctx.line(`${ctx.style.green(verb === 'grant' ? 'Granted' : 'Debited')} ${done} as ${operator}: balance ${changed.balance}.`);
        }),
      );
  change('grant');
  change('debit');
}

/** A grant's or a debit's amount: a whole number of credits; a negative grant points at `debit`. */
function creditAmount(verb: 'grant' | 'debit') {
  const parse = positiveInt('<amount>', MAX_SUPPORT_CREDIT_CHANGE);
  return (value: string): number => {
    if (verb === 'grant' && /^-\d+$/.test(value.trim())) {
      throw new InvalidArgumentError(`<amount> of a grant is positive; to take ${value.trim().slice(1)} credits away run \`ensemble users credits debit <user> ${value.trim().slice(1)} --reason ...\`.`);
    }
    return parse(value);
  };
}
