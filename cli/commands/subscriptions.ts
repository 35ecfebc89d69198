import { Option, type Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import { CANCELLATION_REASONS } from '../../core/billing/index.js';
import { billingId } from '../arguments.js';
import type { Subscription } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { providerErrorOf, type Subject } from '../failures.js';
import { renderFields, type Column } from '../format/table.js';
import { formatDate, formatMoney, text, yesNo } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';

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

/** The support log's record of a change to a subscription, on the user whose id is the customer's external id. */
const recordOn = (ctx: CommandContext, s: Subscription, action: 'cancel' | 'revoke' | 'resume', reason: string, comment: string | undefined) =>
  ctx.recordAction({ userId: s.customer.externalId ?? null, action, subject: s.id, amount: null, currency: null, reason, comment: comment ?? null });

const idArgument = (command: Command) => command.argument('<id>', 'subscription id', billingId('subscription'));

export function registerSubscriptions(program: Command, act: Act): void {
  const subscriptions = program.command('subscriptions').description('billing subscriptions: list, show, cancel, uncancel');
  addPaging(
    subscriptions
      .command('list')
      .description('list subscriptions, newest first, streaming every page')
      .option('--customer <id>', 'only this customer', billingId('customer'))
      .option('--external-customer <user-id>', "only the customer whose external id is this Ensemble user id")
      .option('--product <id>', 'only this product', billingId('product'))
      .option('--active', 'only active (and trialing) subscriptions')
      .option('--inactive', 'only ended or not yet active subscriptions'),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble subscriptions list --active\n  $ ensemble subscriptions list --customer <customer-id>')
    .action(
      act<{ customer?: string; externalCustomer?: string; product?: string; active?: boolean; inactive?: boolean } & Paging>(async (ctx, _args, o) => {
        const active = o.active === true ? true : o.inactive === true ? false : undefined;
        await streamListing(
          ctx,
          {
            noun: 'subscriptions',
            subject: subject(),
            columns: subscriptionColumns(ctx),
            list: (client: BillingClient) => client.subscriptions.list,
            request: { customerId: o.customer, externalCustomerId: o.externalCustomer, productId: o.product, active, sorting: ['-started_at'] },
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
  idArgument(subscriptions.command('cancel').description('cancel at the end of the paid period, or at once with --now'))
    .addOption(new Option('--reason <reason>', 'why the customer leaves').choices(CANCELLATION_REASONS).makeOptionMandatory())
    .option('--comment <text>', "the customer's own words")
    .option('--now', 'revoke immediately: access ends now (asks first)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble subscriptions cancel <id> --reason too_expensive\n  $ ensemble subscriptions cancel <id> --reason unused --comment "moving to a team plan" --now --yes',
    )
    .action(
      act<{ reason: (typeof CANCELLATION_REASONS)[number]; comment?: string; now?: boolean; yes?: boolean }>(async (ctx, [rawId], o) => {
        const id = String(rawId);
        const why = { customerCancellationReason: o.reason, customerCancellationComment: o.comment ?? null };
        if (o.now === true) {
          await ctx.confirm(`Revoke subscription ${id} now? The customer loses access immediately`, o.yes);
          const s = await updateOrAlready(ctx, id, { revoke: true, ...why });
          if (s === null) return;
          await recordOn(ctx, s, 'revoke', o.reason, o.comment);
          ctx.emitJson(s);
          ctx.line(`${ctx.style.green('Revoked')} subscription ${s.id}: status ${s.status}, ended ${formatDate(s.endedAt ?? s.canceledAt)}.`);
          return;
        }
        const s = await updateOrAlready(ctx, id, { cancelAtPeriodEnd: true, ...why });
        if (s === null) return;
        await recordOn(ctx, s, 'cancel', o.reason, o.comment);
        ctx.emitJson(s);
        ctx.line(`${ctx.style.green('Canceled')} subscription ${s.id} at period end: it stays ${s.status} until ${formatDate(s.endsAt ?? s.currentPeriodEnd)}.`);
      }),
    );
  idArgument(subscriptions.command('uncancel').description('undo a cancellation at period end (the subscription renews again)'))
    .addHelpText('after', '\nExamples:\n  $ ensemble subscriptions uncancel <subscription-id>')
    .action(
      act(async (ctx, [rawId]) => {
        const id = String(rawId);
        const s = await ctx.call(subject(id), (client) => client.subscriptions.update({ id, subscriptionUpdate: { cancelAtPeriodEnd: false } }));
        await recordOn(ctx, s, 'resume', '', undefined);
        ctx.emitJson(s);
        ctx.line(`${ctx.style.green('Uncanceled')} subscription ${s.id}: it renews on ${formatDate(s.currentPeriodEnd)}.`);
      }),
    );
}
