import { Option, type Command } from 'commander';
import type { BillingClient } from '@ensemble/billing-client';
import { billingId, maxLength, nonEmpty, positiveInt } from '../arguments.js';
import type { Order, Refund } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { SUPPORT_ACTION_KEY } from './actions.js';
import { CliError, usageError } from '../errors.js';
import { statusOf, type Subject } from '../failures.js';
import { renderFields, renderTable, type Column } from '../format/table.js';
import { formatDate, formatMoney, text } from '../format/values.js';
import { addPaging, streamListing, type Paging } from '../listing.js';
import type { Act } from '../program.js';
import { lastOrderOf } from '../user-billing.js';

/** The refund reasons of the billing API (schemas/refund.ts; a unit test keeps them equal): not imported, to keep --help light. */
export const REFUND_REASONS = ['duplicate', 'fraudulent', 'customer_request', 'service_disruption', 'satisfaction_guarantee', 'other'] as const;
const refundReasons = REFUND_REASONS;

const orderSubject = (id?: string): Subject => ({ noun: 'order', ...(id ? { id } : {}), listCommand: 'ensemble orders list' });

const orderColumns = (ctx: CommandContext): Column<Order>[] => [
  { header: 'ID', cell: (o) => o.id },
  { header: 'DATE', cell: (o) => formatDate(o.createdAt) },
  { header: 'STATUS', cell: (o) => o.status },
  { header: 'CUSTOMER', cell: (o) => text(o.customer.email ?? o.customerId), max: 32 },
  { header: 'DESCRIPTION', cell: (o) => o.description, max: 30 },
  { header: 'TOTAL', cell: (o) => formatMoney(o.totalAmount, o.currency, ctx.locale), align: 'right' },
  { header: 'REFUNDED', cell: (o) => (o.refundedAmount > 0 ? formatMoney(o.refundedAmount, o.currency, ctx.locale) : '-'), align: 'right' },
];

const refundColumns = (ctx: CommandContext): Column<Refund>[] => [
  { header: 'ID', cell: (r) => r.id },
  { header: 'DATE', cell: (r) => formatDate(r.createdAt) },
  { header: 'STATUS', cell: (r) => r.status },
  { header: 'ORDER', cell: (r) => r.orderId },
  { header: 'REASON', cell: (r) => r.reason },
  { header: 'AMOUNT', cell: (r) => formatMoney(r.amount, r.currency, ctx.locale), align: 'right' },
  { header: 'BY', cell: (r) => text(typeof r.metadata.operator === 'string' ? r.metadata.operator : null) },
  { header: 'COMMENT', cell: (r) => text(typeof r.metadata.comment === 'string' ? r.metadata.comment : null), max: 40 },
];

function printOrder(ctx: CommandContext, o: Order): void {
  ctx.emitJson(o);
  const money = (n: number) => formatMoney(n, o.currency, ctx.locale);
  const fields: [string, string][] = [
    ['id', o.id],
    ['date', formatDate(o.createdAt)],
    ['status', `${o.status}${o.paid && o.status !== 'paid' ? ' (paid)' : ''}`],
    ['customer', `${o.customerId} ${text(o.customer.email)}`],
    ['description', o.description],
    ['billing reason', o.billingReason],
    ['subtotal', money(o.subtotalAmount)],
    ['discount', o.discountAmount > 0 ? `-${money(o.discountAmount)}` : '-'],
    ['tax', money(o.taxAmount)],
    ['total', money(o.totalAmount)],
    ['refunded', money(o.refundedAmount)],
    ['refundable', money(o.refundableAmount)],
    ['subscription', text(o.subscriptionId)],
    ['invoice', o.isInvoiceGenerated ? `generated (${text(o.invoiceNumber)})` : 'not generated'],
  ];
  for (const line of renderFields(fields, ctx.style.dim)) ctx.line(line);
  if (o.items.length > 0) {
    ctx.line();
    const items: Column<Order['items'][number]>[] = [
      { header: 'ITEM', cell: (i) => i.label, max: 50 },
      { header: 'AMOUNT', cell: (i) => money(i.amount), align: 'right' },
      { header: 'TAX', cell: (i) => money(i.taxAmount), align: 'right' },
    ];
    for (const line of renderTable(items, o.items, ctx.style.bold)) ctx.line(line);
  }
}

/** Invoices are rendered asynchronously after the 202: ask for the URL until it is there. */
async function waitForInvoice(ctx: CommandContext, id: string, attempts: number): Promise<string> {
  const client = await ctx.billing();
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const answer = await client.orders.invoice({ id });
    if (answer.success) return answer.data.url;
    const { error } = answer;
    const pending = (error.kind === 'provider' && error.error === 'InvoiceDoesNotExist') || statusOf(error) === 404;
    if (!pending) throw ctx.billingError(error, orderSubject(id));
    await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 2_000)));
  }
  throw new CliError(`The invoice of order ${id} is still being generated: run \`ensemble orders invoice ${id}\` again in a minute`);
}

export function registerOrders(program: Command, act: Act): void {
  const orders = program.command('orders').description('billing orders (payments) and their invoices');
  addPaging(
    orders
      .command('list')
      .description('list orders, newest first, streaming every page')
      .option('--customer <id>', 'only this customer', billingId('customer'))
      .option('--product <id>', 'only this product', billingId('product')),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble orders list --customer <customer-id>\n  $ ensemble --json orders list --limit 20')
    .action(
      act<{ customer?: string; product?: string } & Paging>(async (ctx, _args, o) => {
        await streamListing(
          ctx,
          {
            noun: 'orders',
            subject: orderSubject(),
            columns: orderColumns(ctx),
            list: (client: BillingClient) => client.orders.list,
            request: { customerId: o.customer, productId: o.product, sorting: ['-created_at'] },
          },
          o,
        );
      }),
    );
  orders
    .command('show')
    .description('one order with its amounts and items')
    .argument('<id>', 'order id', billingId('order'))
    .addHelpText('after', '\nExamples:\n  $ ensemble orders show <order-id>')
    .action(act(async (ctx, [id]) => printOrder(ctx, await ctx.call(orderSubject(String(id)), (c) => c.orders.get({ id: String(id) })))));
  orders
    .command('invoice')
    .description('generate the invoice of a paid order (if needed) and print its URL')
    .argument('<id>', 'order id', billingId('order'))
    .option('--attempts <n>', 'how many times to ask for the URL while it is generated', positiveInt('--attempts', 60), 12)
    .addHelpText('after', '\nExamples:\n  $ ensemble orders invoice <order-id>\n  $ open "$(ensemble --json orders invoice <order-id> | jq -r .url)"')
    .action(
      act<{ attempts: number }>(async (ctx, [rawId], o) => {
        const id = String(rawId);
        const order = await ctx.call(orderSubject(id), (c) => c.orders.get({ id }));
        if (!order.isInvoiceGenerated) {
          const client = await ctx.billing();
          const generated = await client.orders.generateInvoice({ id });
          if (!generated.success && !(generated.error.kind === 'provider' && generated.error.error === 'InvoiceAlreadyExists')) {
            throw ctx.billingError(generated.error, orderSubject(id));
          }
          ctx.debug('invoice generation requested');
        }
        const url = await waitForInvoice(ctx, id, o.attempts);
        ctx.emitJson({ orderId: id, url });
        ctx.line(url);
      }),
    );

  const refunds = program.command('refunds').description('refunds of orders');
  addPaging(
    refunds
      .command('list')
      .description('list refunds, newest first')
      .option('--order <id>', 'only refunds of this order', billingId('order'))
      .option('--customer <id>', 'only this customer', billingId('customer'))
      .option('--subscription <id>', 'only this subscription', billingId('subscription')),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble refunds list --order <order-id>')
    .action(
      act<{ order?: string; customer?: string; subscription?: string } & Paging>(async (ctx, _args, o) => {
        await streamListing(
          ctx,
          {
            noun: 'refunds',
            subject: { noun: 'refund' },
            columns: refundColumns(ctx),
            list: (client: BillingClient) => client.refunds.list,
            request: { orderId: o.order, customerId: o.customer, subscriptionId: o.subscription, sorting: ['-created_at'] },
          },
          o,
        );
      }),
    );
  refunds
    .command('create')
    .description('refund an order, in full unless --amount says less (asks first, naming amount, customer and environment)')
    .argument('[order-id]', 'order id (or give --user with --last-order)', billingId('order'))
    .option('--user <email|user-id>', "the Ensemble user whose order to refund (with --last-order)", nonEmpty('--user'))
    .option('--last-order', "with --user: the user's latest order")
    .option('--amount <cents>', 'amount in the smallest currency unit (cents), before tax (default: all that is left refundable)', positiveInt('--amount'))
    .addOption(new Option('--reason <reason>', 'why').choices(refundReasons).makeOptionMandatory())
    .option('--comment <text>', 'a note kept with the refund (in its metadata, shown by `refunds list` and `users show`, and in the support log)', maxLength('--comment', 500))
    .option('--revoke-benefits', "also revoke the benefits the order granted (ends the customer's access)")
    .option('--dry-run', 'say what would be refunded, change nothing')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble refunds create --user ada@example.com --last-order --reason customer_request\n  $ ensemble refunds create <order-id> --reason customer_request\n  $ ensemble refunds create <order-id> --amount 1000 --reason service_disruption --comment "outage" --yes\n  $ ensemble refunds create --user ada@example.com --last-order --reason duplicate --dry-run',
    )
    .action(
      act<{ user?: string; lastOrder?: boolean; amount?: number; reason: (typeof refundReasons)[number]; comment?: string; revokeBenefits?: boolean; dryRun?: boolean; yes?: boolean }>(
        async (ctx, [rawId], o) => {
          const order = await orderToRefund(ctx, rawId as string | undefined, o);
          const id = order.id;
          const money = (n: number) => `${formatMoney(n, order.currency, ctx.locale)} ${order.currency.toUpperCase()}`;
          if (order.refundableAmount <= 0) {
            throw new CliError(`Order ${id} has nothing left to refund (total ${money(order.totalAmount)}, refunded ${money(order.refundedAmount)}): nothing changed`);
          }
          const amount = o.amount ?? order.refundableAmount;
          if (amount > order.refundableAmount) {
            throw new CliError(`${money(amount)} is more than the ${money(order.refundableAmount)} left refundable on order ${id} (total ${money(order.totalAmount)}, refunded ${money(order.refundedAmount)}): nothing changed`);
          }
          const whole = amount === order.refundableAmount ? (order.refundedAmount === 0 ? ' (in full)' : ' (all that is left)') : '';
          const customer = text(order.customer.email);
          const what = `${money(amount)}${whole} of order ${id} (${formatDate(order.createdAt)}) to ${customer}${o.revokeBenefits ? ', and revoke its benefits' : ''}`;
          if (o.dryRun === true) {
            const environment = await ctx.environment();
            ctx.emitJson({ dryRun: true, orderId: id, amount, currency: order.currency, customerEmail: order.customer.email, refundableAmount: order.refundableAmount, environment: ctx.billingWhere.env, profile: (await ctx.profile()).name });
            ctx.line(`Dry run on ${environment}: would refund ${what}. Nothing changed.`);
            return;
          }
          await ctx.confirm(`Refund ${what}?`, o.yes);
          const operator = await ctx.operator();
          // The comment also goes into the refund's metadata, so `refunds list` shows it (the API never returns `comment`).
          const metadata = { operator, ...(o.comment === undefined ? {} : { comment: o.comment }) };
          const intent = { userId: order.customer.externalId ?? null, action: 'refund' as const, subject: id, amount, currency: order.currency, reason: o.reason, comment: o.comment ?? null };
          const refund = await ctx.carryOut(
            intent,
            // The support log's action id rides in the refund's metadata: `ensemble actions reconcile` finds the refund by it.
            (actionId) =>
              ctx.call(orderSubject(id), (c) =>
                c.refunds.create({ orderId: id, amount, reason: o.reason, comment: o.comment ?? null, revokeBenefits: o.revokeBenefits === true, metadata: actionId === null ? metadata : { ...metadata, [SUPPORT_ACTION_KEY]: actionId } }),
              ),
            (made) => ({ subject: made.id, amount: made.amount, currency: made.currency }),
          );
          ctx.emitJson(refund);
          ctx.line(`${ctx.style.green('Refunded')} ${formatMoney(refund.amount, refund.currency, ctx.locale)} of order ${id} to ${customer} as ${operator}: refund ${refund.id}, ${refund.status}.`);
        },
      ),
    );
}

/** The order a refund is for: the id given, or with `--user <email|id> --last-order` that user's latest order. */
async function orderToRefund(ctx: CommandContext, id: string | undefined, o: { user?: string; lastOrder?: boolean }): Promise<Order> {
  if (id !== undefined) {
    if (o.user !== undefined || o.lastOrder === true) throw usageError('Give an order id, or --user <email|user-id> --last-order, not both');
    return ctx.call(orderSubject(id), (c) => c.orders.get({ id }));
  }
  if (o.user === undefined) throw usageError('Give the order id, or --user <email|user-id> --last-order');
  if (o.lastOrder !== true) throw usageError('--user goes with --last-order (the only order --user can name); or give the order id');
  const { order } = await lastOrderOf(ctx, o.user);
  // The listing's order is re-read so the amounts left refundable are current.
  return ctx.call(orderSubject(order.id), (c) => c.orders.get({ id: order.id }));
}
