import type { Command } from 'commander';
import type { LedgerEntry } from '../../core/credits/index.js';
import type { UserOverview } from '../../core/account/index.js';
import { positiveInt, nonEmpty } from '../arguments.js';
import type { CommandContext } from '../context.js';
import { CliError } from '../errors.js';
import { statusOf } from '../failures.js';
import { renderFields, renderTable, type Column } from '../format/table.js';
import { formatDate, text, yesNo } from '../format/values.js';
import type { Act } from '../program.js';
import { printState } from './customers.js';

type CustomerState = Awaited<ReturnType<typeof loadState>>;

async function loadState(ctx: CommandContext, userId: string) {
  const client = await ctx.billing();
  const answer = await client.customers.getStateExternal({ externalId: userId });
  if (answer.success) return answer.data;
  if (statusOf(answer.error) === 404) return null;
  throw ctx.billingError(answer.error, { noun: 'billing customer with external id', id: userId });
}

const ledgerColumns: Column<LedgerEntry>[] = [
  { header: 'WHEN', cell: (e) => formatDate(e.createdAt) },
  { header: 'KIND', cell: (e) => e.kind },
  { header: 'AMOUNT', cell: (e) => (e.amount > 0 ? `+${e.amount}` : String(e.amount)), align: 'right' },
  { header: 'BALANCE', cell: (e) => String(e.balanceAfter), align: 'right' },
  { header: 'MODEL', cell: (e) => text(e.modelId) },
  { header: 'REASON', cell: (e) => e.reason, max: 50 },
];

function printOverview(ctx: CommandContext, view: UserOverview, state: CustomerState | undefined): void {
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
  else for (const line of renderTable(ledgerColumns, view.ledger, bold)) ctx.line(`  ${line}`);
  ctx.line();
  ctx.line(bold('Billing customer (external id = user id)'));
  if (state === undefined) ctx.line(dim('  unavailable (see the error below)'));
  else if (state === null) ctx.line(dim('  none: this user never reached checkout'));
  else printState(ctx, state, '  ');
  // The profile is updated by the billing webhooks; a mismatch usually means one never arrived.
  if (state !== undefined) {
    const billingActive = state !== null && state.activeSubscriptions.length > 0;
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

export function registerUsers(program: Command, act: Act): void {
  const users = program.command('users').description('Ensemble users: one view across Supabase and billing; credits');
  users
    .command('show')
    .description('profile, profiling answers, credit ledger and the billing customer state of one user')
    .argument('<user>', 'e-mail address or user id', nonEmpty('<user>'))
    .option('--ledger <n>', 'how many ledger entries to show', positiveInt('--ledger', 500), 20)
    .addHelpText('after', '\nExamples:\n  $ ensemble users show ada@example.com\n  $ ensemble --json users show 5b0c...-... | jq .account')
    .action(
      act<{ ledger: number }>(async (ctx, [query], options) => {
        const support = await ctx.support();
        const view = ctx.domain(await support.lookUpUser({ query: String(query), ledgerLimit: options.ledger }));
        let state: CustomerState | undefined;
        let billingError: CliError | null = null;
        try {
          state = await loadState(ctx, view.user.id);
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
          billingError = error;
        }
        if (ctx.json) ctx.emitJson({ ...view, billing: state === undefined ? { error: billingError?.message } : { customerState: state } });
        else printOverview(ctx, view, state);
        if (billingError !== null) throw billingError;
      }),
    );

  const credits = users.command('credits').description("a user's credits");
  credits
    .command('grant')
    .description('give a user credits, recorded in the credit ledger as a manual grant')
    .argument('<user>', 'e-mail address or user id', nonEmpty('<user>'))
    .argument('<amount>', 'whole number of credits', positiveInt('<amount>'))
    .requiredOption('--reason <text>', 'why (kept in the ledger)', nonEmpty('--reason'))
    .option('--reference <key>', 'idempotency key: granting twice with the same key changes nothing')
    .addHelpText('after', '\nExamples:\n  $ ensemble users credits grant ada@example.com 500 --reason "outage on 3 May"\n  $ ensemble users credits grant ada@example.com 500 --reason "ticket 1234" --reference ticket-1234')
    .action(
      act<{ reason: string; reference?: string }>(async (ctx, [query, amount], options) => {
        const support = await ctx.support();
        const user = ctx.domain(await support.findUser({ query: String(query) }));
        const entry = ctx.domain(await support.grantCredits({ userId: user.id, amount: Number(amount), reason: options.reason, reference: options.reference ?? null }));
        ctx.emitJson({ user, entry });
        ctx.line(`${ctx.style.green('Granted')} ${entry.amount} credits to ${user.email ?? user.id}: balance ${entry.balanceAfter}.`);
      }),
    );
}
