import type { Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import type { Customer, CustomerState } from '../billing-types.js';
import { billingId, checked, nonEmpty } from '../arguments.js';
import type { CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import type { Subject } from '../failures.js';
import { renderFields, type Column } from '../format/table.js';
import { formatDate, formatMoney, text } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';


const columns: Column<Customer>[] = [
  { header: 'ID', cell: (c) => c.id },
  { header: 'EMAIL', cell: (c) => text(c.email) },
  { header: 'NAME', cell: (c) => text(c.name), max: 30 },
  { header: 'EXTERNAL ID', cell: (c) => text(c.externalId) },
  { header: 'CREATED', cell: (c) => formatDate(c.createdAt) },
];

const subject = (id?: string): Subject => ({ noun: 'customer', ...(id ? { id } : {}), listCommand: 'ensemble customers list' });

/** A customer by its id or, with --external-id, by the external id (Ensemble's user id). */
function pickCustomer(id: string | undefined, externalId: string | undefined): { id: string } | { externalId: string } {
  if (id !== undefined && externalId !== undefined) throw usageError('Give a customer id or --external-id, not both');
  if (id !== undefined) return { id: checked(billingId('customer'), id) };
  if (externalId !== undefined) return { externalId };
  throw usageError('Give a customer id, or --external-id <user-id>');
}

export function printState(ctx: CommandContext, s: CustomerState, indent = ''): void {
  const { bold, dim } = ctx.style;
  const line = (text: string) => ctx.line(`${indent}${text}`);
  line(bold(`Customer ${text(s.email)}`));
  for (const field of renderFields([['id', s.id], ['external id', text(s.externalId)], ['name', text(s.name)]], dim)) line(`  ${field}`);
  line(bold('Active subscriptions'));
  if (s.activeSubscriptions.length === 0) line(dim('  none'));
  for (const sub of s.activeSubscriptions) {
    const end = sub.cancelAtPeriodEnd ? `ends ${formatDate(sub.currentPeriodEnd)}` : `renews ${formatDate(sub.currentPeriodEnd)}`;
    line(`  ${sub.id}  ${sub.status}  ${formatMoney(sub.amount, sub.currency, ctx.locale)}/${sub.recurringInterval}  ${end}`);
  }
  line(bold('Granted benefits'));
  if (s.grantedBenefits.length === 0) line(dim('  none'));
  for (const b of s.grantedBenefits) line(`  ${b.benefitId}  ${b.benefitType}  since ${formatDate(b.grantedAt)}`);
  line(bold('Meters'));
  if (s.activeMeters.length === 0) line(dim('  none'));
  for (const m of s.activeMeters) line(`  ${m.meterId}  consumed ${m.consumedUnits}  credited ${m.creditedUnits}  balance ${m.balance}`);
}

export function registerCustomers(program: Command, act: Act): void {
  const customers = program.command('customers').description('billing customers');
  addPaging(
    customers
      .command('list')
      .description('list customers, newest first, streaming every page')
      .option('--email <email>', 'only the customer with this e-mail', nonEmpty('--email'))
      .option('--query <text>', 'search name, e-mail and external id', nonEmpty('--query')),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble customers list --query ada\n  $ ensemble customers list --page 2 --limit 50\n  $ ensemble --json customers list > customers.json')
    .action(
      act<{ email?: string; query?: string } & Paging>(async (ctx, _args, options) => {
        await streamListing(
          ctx,
          {
            noun: 'customers',
            subject: subject(),
            columns,
            list: (client: BillingClient) => client.customers.list,
            request: { email: options.email, query: options.query, sorting: ['-created_at'] },
          },
          options,
        );
      }),
    );
  customers
    .command('show')
    .description('one customer by id, or by external id (the Ensemble user id)')
    .argument('[id]', 'customer id')
    .option('--external-id <id>', 'the external id instead of the customer id', nonEmpty('--external-id'))
    .addHelpText('after', '\nExamples:\n  $ ensemble customers show 8c6e...-...\n  $ ensemble customers show --external-id <user-id>')
    .action(
      act<{ externalId?: string }>(async (ctx, [id], options) => {
        const which = pickCustomer(id as string | undefined, options.externalId);
        const named = 'id' in which ? which.id : `with external id ${which.externalId}`;
        const c = await ctx.call(subject(named), (client) => ('id' in which ? client.customers.get({ id: which.id }) : client.customers.getExternal({ externalId: which.externalId })));
        ctx.emitJson(c);
        const fields: [string, string][] = [
          ['id', c.id],
          ['email', text(c.email)],
          ['name', text(c.name)],
          ['external id', text(c.externalId)],
          ['created', formatDate(c.createdAt)],
          ['country', text(c.billingAddress?.country)],
        ];
        for (const line of renderFields(fields, ctx.style.dim)) ctx.line(line);
      }),
    );
  customers
    .command('state')
    .description('what a customer has now: active subscriptions, granted benefits, meters')
    .argument('[id]', 'customer id')
    .option('--external-id <id>', 'the external id instead of the customer id', nonEmpty('--external-id'))
    .addHelpText('after', '\nExamples:\n  $ ensemble customers state --external-id <user-id>')
    .action(
      act<{ externalId?: string }>(async (ctx, [id], options) => {
        const which = pickCustomer(id as string | undefined, options.externalId);
        const named = 'id' in which ? which.id : `with external id ${which.externalId}`;
        const state = await ctx.call(subject(named), (client) =>
          'id' in which ? client.customers.getState({ id: which.id }) : client.customers.getStateExternal({ externalId: which.externalId }),
        );
        ctx.emitJson(state);
        if (!ctx.json) printState(ctx, state);
      }),
    );
}
