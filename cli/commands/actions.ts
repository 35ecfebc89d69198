import type { Command } from 'commander';
import type { SupportAction } from '../../core/account/index.js';
import { positiveInt, seconds } from '../arguments.js';
import type { ActionOutcome, CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { statusOf } from '../failures.js';
import { renderTable, type Column } from '../format/table.js';
import { formatDate, formatMoney, text } from '../format/values.js';
import type { Act } from '../program.js';

/** The refund metadata key that carries the support log's action id (`refunds create`). */
export const SUPPORT_ACTION_KEY = 'support_action';
export const RECONCILE_COMMAND = 'ensemble actions reconcile';

/** How old a pending action must be before reconcile judges it: younger ones may belong to a command still running. */
const DEFAULT_GRACE_SECONDS = 60;

const pendingColumns = (ctx: CommandContext): Column<SupportAction>[] => [
  { header: 'ID', cell: (a) => a.id, align: 'right' },
  { header: 'SINCE', cell: (a) => formatDate(a.createdAt) },
  { header: 'ACTION', cell: (a) => a.action },
  { header: 'BY', cell: (a) => a.operator },
  { header: 'SUBJECT', cell: (a) => a.subject },
  { header: 'AMOUNT', cell: (a) => (a.amount === null || a.currency === null ? '-' : formatMoney(a.amount, a.currency, ctx.locale)), align: 'right' },
  { header: 'ENV', cell: (a) => text(a.environment || null) },
  { header: 'USER', cell: (a) => text(a.userId) },
];

/** What the provider holds for a pending action: what to complete it with, or null when nothing changed. */
type Finding = { outcome: ActionOutcome; how: string } | { outcome: null; how: string };

/** The refund made for a pending refund action: found among the order's refunds by the action id in its metadata. */
async function findRefund(ctx: CommandContext, action: SupportAction): Promise<Finding> {
  const orderId = action.subject;
  for (let page = 1; ; page += 1) {
    const listed = await ctx.call({ noun: 'refunds of order', id: orderId }, (c) => c.refunds.list({ orderId, page, limit: 100 }));
    const made = listed.items.find((r) => r.metadata[SUPPORT_ACTION_KEY] === action.id);
    if (made !== undefined) {
      return { outcome: { subject: made.id, amount: made.amount, currency: made.currency }, how: `refund ${made.id} of ${formatMoney(made.amount, made.currency, ctx.locale)} was made` };
    }
    if (page >= listed.pagination.maxPage) return { outcome: null, how: `order ${orderId} has no refund made by this action` };
  }
}

/**
 * A pending subscription action, judged by the subscription as it stands (the provider keeps no
 * action id on a subscription): a cancel is done when the subscription cancels at period end or has
 * ended, a revoke when it has ended, a resume when it is active and renews.
 */
async function findSubscriptionChange(ctx: CommandContext, action: SupportAction): Promise<Finding> {
  const client = await ctx.billing();
  const answer = await client.subscriptions.get({ id: action.subject });
  if (!answer.success) {
    if (statusOf(answer.error) === 404) return { outcome: null, how: `subscription ${action.subject} does not exist` };
    throw ctx.billingError(answer.error, { noun: 'subscription', id: action.subject });
  }
  const s = answer.data;
  const ended = s.endedAt !== null || s.status === 'canceled';
  const done = action.action === 'cancel' ? ended || s.cancelAtPeriodEnd : action.action === 'revoke' ? ended : !ended && !s.cancelAtPeriodEnd;
  const state = `status ${s.status}${s.cancelAtPeriodEnd ? ', cancelling at period end' : ''}`;
  return done
    ? { outcome: { subject: s.id, amount: null, currency: null }, how: `subscription ${s.id} shows it (${state})` }
    : { outcome: null, how: `subscription ${s.id} does not show it (${state})` };
}

export function registerActions(program: Command, act: Act): void {
  const actions = program
    .command('actions')
    .description("the support log's billing actions whose outcome is not recorded (a command stopped between the provider's answer and the log)");
  actions
    .command('pending')
    .description('list the pending billing actions of every user, oldest first')
    .option('--limit <n>', 'at most this many', positiveInt('--limit', 500), 100)
    .addHelpText('after', '\nExamples:\n  $ ensemble actions pending\n  $ ensemble --json actions pending')
    .action(
      act<{ limit: number }>(async (ctx, _args, o) => {
        const support = await ctx.support();
        const pending = ctx.domain(await support.listPendingSupportActions({ limit: o.limit }));
        ctx.emitJson(pending);
        if (pending.length === 0) {
          ctx.line('No pending billing actions: every action in the support log is settled.');
          return;
        }
        for (const line of renderTable(pendingColumns(ctx), pending, ctx.style.bold)) ctx.line(line);
        ctx.line(ctx.style.dim(`\`${RECONCILE_COMMAND}\` settles them from what the billing provider holds.`));
      }),
    );
  actions
    .command('reconcile')
    .description('settle pending billing actions from what the billing provider holds: done when it shows the change, removed when nothing changed')
    .option('--older-than <seconds>', 'only actions pending at least this long (younger ones may belong to a command still running)', seconds('--older-than'), DEFAULT_GRACE_SECONDS)
    .option('--limit <n>', 'at most this many', positiveInt('--limit', 500), 100)
    .addHelpText(
      'after',
      `\nA refund is found by the action id its metadata carries; a subscription change is judged by the subscription as it stands.\nOnly actions of the billing environment in use (--env) are settled.\n\nExamples:\n  $ ${RECONCILE_COMMAND}\n  $ ${RECONCILE_COMMAND} --env sandbox --older-than 0`,
    )
    .action(
      act<{ olderThan: number; limit: number }>(async (ctx, _args, o) => {
        await ctx.billing();
        const support = await ctx.support();
        const pending = ctx.domain(await support.listPendingSupportActions({ limit: o.limit }));
        const environment = ctx.billingWhere.env;
        const cutoff = Date.now() - o.olderThan * 1000;
        let failed = 0;
        const report: { id: string; action: string; subject: string; result: 'done' | 'removed' | 'left pending'; why: string }[] = [];
        for (const action of pending) {
          const named = `action ${action.id} (${action.action} of ${action.subject} by ${action.operator})`;
          if (action.environment !== environment) {
            report.push({ id: action.id, action: action.action, subject: action.subject, result: 'left pending', why: `it was made on ${action.environment || 'an unnamed environment'}, not ${environment}` });
          } else if (Date.parse(action.createdAt) > cutoff) {
            report.push({ id: action.id, action: action.action, subject: action.subject, result: 'left pending', why: `younger than ${o.olderThan} s: its command may still be running` });
          } else {
            try {
              const found = action.action === 'refund' ? await findRefund(ctx, action) : await findSubscriptionChange(ctx, action);
              if (found.outcome === null) ctx.domain(await support.abandonSupportAction({ id: action.id }));
              else ctx.domain(await support.completeSupportAction({ id: action.id, ...found.outcome }));
              report.push({ id: action.id, action: action.action, subject: found.outcome?.subject ?? action.subject, result: found.outcome === null ? 'removed' : 'done', why: found.how });
            } catch (error) {
              // One action that cannot be judged now stays pending; the others are still settled.
              if (!(error instanceof CliError)) throw error;
              failed += 1;
              report.push({ id: action.id, action: action.action, subject: action.subject, result: 'left pending', why: error.message });
            }
          }
          const last = report[report.length - 1];
          if (last !== undefined) ctx.line(`${named}: ${last.result === 'done' ? ctx.style.green('done') : last.result}: ${last.why}.`);
        }
        ctx.emitJson(report);
        if (pending.length === 0) ctx.line('No pending billing actions: nothing to reconcile.');
        if (failed > 0) throw new CliError(`${failed} pending action${failed === 1 ? '' : 's'} could not be checked with the billing provider (see above); run it again later`);
      }),
    );
}
