import { Option, type Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import { CANCELLATION_REASONS } from '../../core/billing/index.js';
import { billingId, nonEmpty } from '../arguments.js';
import type { Subscription } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import { providerErrorOf, type Subject } from '../failures.js';
import { renderFields, type Column } from '../format/table.js';
import { formatDate, formatMoney, text, yesNo } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';
import { activeSubscriptionOf, customerIdOf } from '../user-billing.js';

const subject = (id?: string): Subject => ({ noun: 'subscription', ...(id ? { id } : {}), listCommand: 'ensemble subscriptions list' });

export const subscriptionColumns = (ctx: CommandContext): Column<Subscription>[] => [
  { header: 'ID', cell: (s) => s.id },
  { header: 'STATUS', cell: (s) => (s.cancelAtPeriodEnd && s.status === 'active' ? 'active (cancels)' : s.status) },
  { header: 'CUSTOMER', cell: (s) => text(s.customer.email ?? s.customerId), max: 32 },
  { header: 'PRODUCT', cell: (s) => s.product.name, max: 24 },
  { header: 'AMOUNT', cell: (s) => `${formatMoney(s.amount, s.currency, ctx.locale)}/${s.recurringInterval}`, align: 'right' },
  { header: 'PERIOD END', cell: (s) => formatDate(s.currentPeriodEnd) },
];

function printSubscription(ctx: CommandContext, s: Subscription): void {
  ctx.emitJson(s);
  const fields: [string, string][] = [
    ['id', s.id],
    ['status', s.status],
    ['customer', `${s.customerId} ${text(s.customer.email)}`],
    ['product', `${s.product.name} (${s.productId})`],
    ['amount', `${formatMoney(s.amount, s.currency, ctx.locale)} every ${s.recurringIntervalCount ?? 1} ${s.recurringInterval}`],
    ['started', formatDate(s.startedAt)],
    ['current period', `${formatDate(s.currentPeriodStart)} → ${formatDate(s.currentPeriodEnd)}`],
    ['cancel at period end', yesNo(s.cancelAtPeriodEnd)],
    ['canceled at', formatDate(s.canceledAt)],
    ['ends at', formatDate(s.endsAt)],
    ['ended at', formatDate(s.endedAt)],
    ['cancellation reason', text(s.customerCancellationReason)],
    ['comment', text(s.customerCancellationComment)],
    ['discount', s.discount ? `${s.discount.name} (${s.discount.id})` : '-'],
  ];
  for (const line of renderFields(fields, ctx.style.dim)) ctx.line(line);
}

type SubscriptionUpdate = Parameters<BillingClient['subscriptions']['update']>[0]['subscriptionUpdate'];

/**
 * Cancels or revokes; a subscription the provider already counts as cancelled (403
 * `AlreadyCanceledSubscription`) is not a failure: nothing changed, and the command says so, exit 0.
 * Answers null when nothing changed (the subscription as it stands was printed).
 */
async function updateOrAlready(ctx: CommandContext, id: string, update: SubscriptionUpdate): Promise<Subscription | null> {
  const client = await ctx.billing();
  const answer = await client.subscriptions.update({ id, subscriptionUpdate: update });
  if (answer.success) return answer.data;
  if (providerErrorOf(answer.error) !== 'AlreadyCanceledSubscription') throw ctx.billingError(answer.error, subject(id));
  const s = await ctx.call(subject(id), (c) => c.subscriptions.get({ id }));
  const when = s.endedAt !== null ? `ended ${formatDate(s.endedAt)}` : `ends ${formatDate(s.endsAt ?? s.currentPeriodEnd)}`;
  const message = `Subscription ${s.id} is already cancelled (status ${s.status}, ${when}): nothing changed.`;
  // With --json stdout holds the subscription as it stands, as after a change; the words go to stderr.
  ctx.emitJson(s);
  if (ctx.json) ctx.note(message);
  else ctx.line(message);
  return null;
}

/**
 * Changes a subscription with the support log's record of it written first (see `carryOut`), on the
 * user whose id is the customer's external id: the subscription is read first when it has not been.
 * Answers null when nothing changed.
 */
async function changeRecorded(
  ctx: CommandContext,
  id: string,
  found: Subscription | null,
  record: { action: 'cancel' | 'revoke' | 'resume'; reason: string; comment: string | undefined },
  change: () => Promise<Subscription | null>,
): Promise<Subscription | null> {
  await ctx.billing();
  const before = found ?? (await ctx.call(subject(id), (c) => c.subscriptions.get({ id })));
  const intent = { userId: before.customer.externalId ?? null, action: record.action, subject: before.id, amount: null, currency: null, reason: record.reason, comment: record.comment ?? null };
  return ctx.carryOut(intent, change, (s) => (s === null ? null : { subject: s.id, amount: null, currency: null }));
}

const idArgument = (command: Command) => command.argument('<id>', 'subscription id', billingId('subscription'));

/** A subscription named by its id, or by `--user <email|user-id>` (the user's one active subscription). */
const idOrUser = (command: Command) =>
  command
    .argument('[id]', 'subscription id (or give --user)', billingId('subscription'))
    .option('--user <email|user-id>', "the Ensemble user's one active subscription", nonEmpty('--user'));

function checkIdOrUser(id: string | undefined, user: string | undefined): void {
  if (id !== undefined && user !== undefined) throw usageError('Give a subscription id or --user, not both');
  if (id === undefined && user === undefined) throw usageError('Give the subscription id, or --user <email|user-id>');
}

async function subscriptionOf(ctx: CommandContext, id: string | undefined, user: string | undefined): Promise<Subscription> {
  checkIdOrUser(id, user);
  if (id !== undefined) return ctx.call(subject(id), (c) => c.subscriptions.get({ id }));
  if (user === undefined) throw usageError('Give the subscription id, or --user <email|user-id>');
  return (await activeSubscriptionOf(ctx, user)).subscription;
}

const endOf = (s: Subscription) => formatDate(s.endsAt ?? s.currentPeriodEnd);

export function registerSubscriptions(program: Command, act: Act): void {
  const subscriptions = program.command('subscriptions').description('billing subscriptions: list, show, cancel, uncancel');
  addPaging(
    subscriptions
      .command('list')
      .description('list subscriptions, newest first, streaming every page')
      .option('--customer <id|email>', 'only this customer, by id or e-mail', nonEmpty('--customer'))
      .option('--external-customer <user-id>', "only the customer whose external id is this Ensemble user id")
      .option('--product <id>', 'only this product', billingId('product'))
      .option('--active', 'only active (and trialing) subscriptions')
      .option('--inactive', 'only ended or not yet active subscriptions'),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble subscriptions list --active\n  $ ensemble subscriptions list --customer <customer-id>\n  $ ensemble subscriptions list --customer ada@example.com')
    .action(
      act<{ customer?: string; externalCustomer?: string; product?: string; active?: boolean; inactive?: boolean } & Paging>(async (ctx, _args, o) => {
        const active = o.active === true ? true : o.inactive === true ? false : undefined;
        const customerId = o.customer === undefined ? undefined : await customerIdOf(ctx, o.customer);
        await streamListing(
          ctx,
          {
            noun: 'subscriptions',
            subject: subject(),
            columns: subscriptionColumns(ctx),
            list: (client: BillingClient) => client.subscriptions.list,
            request: { customerId, externalCustomerId: o.externalCustomer, productId: o.product, active, sorting: ['-started_at'] },
          },
          o,
        );
      }),
    );
  idArgument(subscriptions.command('show').description('one subscription in full'))
    .addHelpText('after', '\nExamples:\n  $ ensemble subscriptions show <subscription-id>')
    .action(
      act(async (ctx, [id]) => {
        printSubscription(ctx, await ctx.call(subject(String(id)), (client) => client.subscriptions.get({ id: String(id) })));
      }),
    );
  idOrUser(subscriptions.command('cancel').description('cancel at the end of the paid period, or at once with --now'))
    .addOption(new Option('--reason <reason>', 'why the customer leaves').choices(CANCELLATION_REASONS).makeOptionMandatory())
    .option('--comment <text>', "the customer's own words")
    .option('--now', 'revoke immediately: access ends now (asks first)')
    .option('--dry-run', 'say what would change, change nothing')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble subscriptions cancel <id> --reason too_expensive\n  $ ensemble subscriptions cancel --user ada@example.com --reason too_expensive\n  $ ensemble subscriptions cancel <id> --reason unused --comment "moving to a team plan" --now --yes\n  $ ensemble subscriptions cancel --user ada@example.com --reason unused --now --dry-run',
    )
    .action(
      act<{ user?: string; reason: (typeof CANCELLATION_REASONS)[number]; comment?: string; now?: boolean; dryRun?: boolean; yes?: boolean }>(async (ctx, [rawId], o) => {
        const given = rawId as string | undefined;
        checkIdOrUser(given, o.user);
        const why = { customerCancellationReason: o.reason, customerCancellationComment: o.comment ?? null };
        // By id the provider answers for itself; --user and --dry-run read the subscription first.
        const found = given === undefined || o.dryRun === true ? await subscriptionOf(ctx, given, o.user) : null;
        const id = found?.id ?? (given as string);
        const who = found === null ? '' : ` of ${text(found.customer.email)}`;
        if (o.dryRun === true && found !== null) {
          await dryRun(ctx, found, o.now === true ? 'revoke' : 'cancel', `would ${o.now === true ? 'revoke' : 'cancel at period end'} subscription ${id}${who} (status ${found.status}, ${found.cancelAtPeriodEnd ? 'already cancelling, ' : ''}period ends ${endOf(found)})`);
          return;
        }
        if (o.now === true) {
          await ctx.confirm(`Revoke subscription ${id}${who} now? The customer loses access immediately`, o.yes);
          const s = await changeRecorded(ctx, id, found, { action: 'revoke', reason: o.reason, comment: o.comment }, () => updateOrAlready(ctx, id, { revoke: true, ...why }));
          if (s === null) return;
          ctx.emitJson(s);
          ctx.line(`${ctx.style.green('Revoked')} subscription ${s.id}: status ${s.status}, ended ${formatDate(s.endedAt ?? s.canceledAt)}.`);
          return;
        }
        const s = await changeRecorded(ctx, id, found, { action: 'cancel', reason: o.reason, comment: o.comment }, () => updateOrAlready(ctx, id, { cancelAtPeriodEnd: true, ...why }));
        if (s === null) return;
        ctx.emitJson(s);
        ctx.line(`${ctx.style.green('Canceled')} subscription ${s.id}${who} at period end: it stays ${s.status} until ${endOf(s)}.`);
      }),
    );
  idOrUser(subscriptions.command('uncancel').description('undo a cancellation at period end (the subscription renews again)'))
    .option('--dry-run', 'say what would change, change nothing')
    .addHelpText('after', '\nExamples:\n  $ ensemble subscriptions uncancel <subscription-id>\n  $ ensemble subscriptions uncancel --user ada@example.com')
    .action(
      act<{ user?: string; dryRun?: boolean }>(async (ctx, [rawId], o) => {
        const given = rawId as string | undefined;
        checkIdOrUser(given, o.user);
        const found = given === undefined || o.dryRun === true ? await subscriptionOf(ctx, given, o.user) : null;
        const id = found?.id ?? (given as string);
        if (o.dryRun === true && found !== null) {
          const s = found;
          const what = s.cancelAtPeriodEnd ? `would resume subscription ${id} of ${text(s.customer.email)}: it would renew on ${formatDate(s.currentPeriodEnd)}` : `subscription ${id} is not cancelling: resuming it would change nothing`;
          await dryRun(ctx, s, 'resume', what);
          return;
        }
        const s = await changeRecorded(ctx, id, found, { action: 'resume', reason: '', comment: undefined }, () =>
          ctx.call(subject(id), (client) => client.subscriptions.update({ id, subscriptionUpdate: { cancelAtPeriodEnd: false } })),
        );
        if (s === null) return;
        ctx.emitJson(s);
        ctx.line(`${ctx.style.green('Uncanceled')} subscription ${s.id}: it renews on ${formatDate(s.currentPeriodEnd)}.`);
      }),
    );
}

/** `--dry-run`: what would change, on which environment; nothing is called that writes. */
async function dryRun(ctx: CommandContext, s: Subscription, action: 'cancel' | 'revoke' | 'resume', what: string): Promise<void> {
  const environment = await ctx.environment();
  ctx.emitJson({ dryRun: true, action, environment: ctx.billingWhere.env, profile: (await ctx.profile()).name, subscription: s });
  ctx.line(`Dry run on ${environment}: ${what}. Nothing changed.`);
}
