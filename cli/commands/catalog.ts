import { InvalidArgumentError, Option, type Command } from 'commander';
import { billingId, checked, nonEmpty, positiveInt } from '../arguments.js';
import type { BillingClient } from '@ensemble/billing-client';
import type { Checkout, Discount, Product } from '../billing-types.js';
import type { CommandContext } from '../context.js';
import { usageError } from '../errors.js';
import { renderFields, type Column } from '../format/table.js';
import { formatDate, formatMoney, text, yesNo } from '../format/values.js';
import { addPaging, streamListing, type ListCall, type Paging } from '../listing.js';
import type { Act } from '../program.js';

function priceOf(p: Product, locale: string): string {
  const price = p.prices[0] as { amountType?: string; priceAmount?: number; priceCurrency?: string } | undefined;
  if (price === undefined) return '-';
  if (price.amountType === 'fixed') return formatMoney(price.priceAmount, price.priceCurrency, locale);
  return price.amountType ?? '-';
}

const productColumns = (ctx: CommandContext): Column<Product>[] => [
  { header: 'ID', cell: (p) => p.id },
  { header: 'NAME', cell: (p) => p.name, max: 30 },
  { header: 'PRICE', cell: (p) => `${priceOf(p, ctx.locale)}${p.isRecurring ? `/${text(p.recurringInterval)}` : ''}`, align: 'right' },
  { header: 'BENEFITS', cell: (p) => String(p.benefits.length), align: 'right' },
  { header: 'ARCHIVED', cell: (p) => yesNo(p.isArchived) },
];

const discountColumns = (ctx: CommandContext): Column<Discount>[] => [
  { header: 'ID', cell: (d) => d.id },
  { header: 'NAME', cell: (d) => d.name, max: 30 },
  { header: 'CODE', cell: (d) => text(d.code) },
  {
    header: 'VALUE',
    cell: (d) => ('basisPoints' in d && typeof d.basisPoints === 'number' ? `${d.basisPoints / 100} %` : formatMoney((d as { amount?: number }).amount, (d as { currency?: string }).currency, ctx.locale)),
    align: 'right',
  },
  { header: 'DURATION', cell: (d) => (d.duration === 'repeating' ? `${String((d as { durationInMonths?: number }).durationInMonths)} months` : d.duration) },
  { header: 'REDEEMED', cell: (d) => `${d.redemptionsCount}${d.maxRedemptions ? `/${d.maxRedemptions}` : ''}`, align: 'right' },
];

const checkoutColumns = (ctx: CommandContext): Column<Checkout>[] => [
  { header: 'ID', cell: (c) => c.id },
  { header: 'CREATED', cell: (c) => formatDate(c.createdAt) },
  { header: 'STATUS', cell: (c) => c.status },
  { header: 'EMAIL', cell: (c) => text(c.customerEmail), max: 32 },
  { header: 'PRODUCT', cell: (c) => c.product?.name ?? '-', max: 24 },
  { header: 'TOTAL', cell: (c) => formatMoney(c.totalAmount, c.currency, ctx.locale), align: 'right' },
];

const listAction =
  <O, R extends Paging, T>(noun: string, columns: (ctx: CommandContext) => Column<T>[], list: (client: BillingClient) => ListCall<R, T>, request: (o: O) => NoInfer<R>) =>
  async (ctx: CommandContext, o: O & Paging) =>
    streamListing(ctx, { noun: `${noun}s`, subject: { noun }, columns: columns(ctx), list, request: request(o) }, o);

type ProductFilters = { query?: string; archived?: boolean };
type DiscountFilters = { query?: string };
type CheckoutFilters = { customer?: string; query?: string };

export function registerBillingCatalog(program: Command, act: Act): void {
  const products = program.command('products').description('products of the organization');
  const listProducts = listAction('product', productColumns, (c: BillingClient) => c.products.list, (o: ProductFilters) => ({ query: o.query, isArchived: o.archived === true ? undefined : false }));
  addPaging(products.command('list').description('list products').option('--query <text>', 'search by name').option('--archived', 'include archived products'))
    .addHelpText('after', '\nExamples:\n  $ ensemble products list')
    .action(act<ProductFilters & Paging>(async (ctx, _a, o) => listProducts(ctx, o)));

  const discounts = program.command('discounts').description('discount codes');
  const listDiscounts = listAction('discount', discountColumns, (c: BillingClient) => c.discounts.list, (o: DiscountFilters) => ({ query: o.query }));
  addPaging(discounts.command('list').description('list discounts').option('--query <text>', 'search by name or code'))
    .addHelpText('after', '\nExamples:\n  $ ensemble discounts list --query WELCOME')
    .action(act<DiscountFilters & Paging>(async (ctx, _a, o) => listDiscounts(ctx, o)));
  discounts
    .command('create')
    .description('create a discount: a percentage or a fixed amount, once, forever or for some months')
    .requiredOption('--name <name>', 'shown to customers at checkout', nonEmpty('--name'))
    .option('--code <code>', 'the code customers type (letters, digits, - and _)')
    .option('--percent <n>', 'percentage off, 0.01 to 100', (v) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0 || n > 100) throw new InvalidArgumentError(`--percent must be between 0.01 and 100, not "${v}".`);
      return n;
    })
    .option('--amount <cents>', 'fixed amount off, in cents', positiveInt('--amount'))
    .option('--currency <code>', 'currency of --amount', 'usd')
    .addOption(new Option('--duration <duration>', 'how long it applies').choices(['once', 'forever', 'repeating']).default('once'))
    .option('--months <n>', 'with --duration repeating: for how many months', positiveInt('--months', 999))
    .option('--max-redemptions <n>', 'how many times it may be used', positiveInt('--max-redemptions'))
    .option('--product <id...>', 'only for these products')
    .option('--dry-run', 'say what would be created, change nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ ensemble discounts create --name "Spring" --code SPRING25 --percent 25 --duration repeating --months 3\n  $ ensemble discounts create --name "Sorry" --amount 500 --duration once\n  $ ensemble discounts create --name "Sorry" --amount 500 --dry-run',
    )
    .action(
      act<{ name: string; code?: string; percent?: number; amount?: number; currency: string; duration: 'once' | 'forever' | 'repeating'; months?: number; maxRedemptions?: number; product?: string[]; dryRun?: boolean }>(
        async (ctx, _a, o) => {
          if ((o.percent === undefined) === (o.amount === undefined)) throw usageError('Give exactly one of --percent and --amount');
          if ((o.duration === 'repeating') !== (o.months !== undefined)) throw usageError('--months goes with --duration repeating, and only with it');
          const products = o.product?.map((id) => checked(billingId('product'), id));
          const kind = o.percent !== undefined ? { type: 'percentage' as const, basisPoints: Math.round(o.percent * 100) } : { type: 'fixed' as const, amount: o.amount!, currency: o.currency.toLowerCase() };
          const timing = o.duration === 'repeating' ? { duration: 'repeating' as const, durationInMonths: o.months! } : { duration: o.duration };
          const body = { name: o.name, code: o.code ?? null, maxRedemptions: o.maxRedemptions ?? null, products: products ?? null, ...kind, ...timing };
          if (o.dryRun === true) {
            const environment = await ctx.environment();
            ctx.emitJson({ dryRun: true, environment: ctx.billingWhere.env, profile: (await ctx.profile()).name, discount: body });
            const value = kind.type === 'percentage' ? `${kind.basisPoints / 100} % off` : `${formatMoney(kind.amount, kind.currency, ctx.locale)} off`;
            const span = timing.duration === 'repeating' ? `for ${timing.durationInMonths} months` : timing.duration;
            ctx.line(`Dry run on ${environment}: would create discount ${o.name} (${value}, ${span}${o.code ? `, code ${o.code}` : ''}). Nothing changed.`);
            return;
          }
          const created = await ctx.call({ noun: 'discount' }, (c) => c.discounts.create(body));
          ctx.emitJson(created);
          ctx.line(`${ctx.style.green('Created')} discount ${created.name} (${created.id})${created.code ? `, code ${created.code}` : ''}.`);
        },
      ),
    );

  const checkouts = program.command('checkouts').description('checkout sessions');
  const listCheckouts = listAction('checkout', checkoutColumns, (c: BillingClient) => c.checkouts.list, (o: CheckoutFilters) => ({ customerId: o.customer, query: o.query, sorting: ['-created_at'] }));
  addPaging(
    checkouts
      .command('list')
      .description('list checkouts, newest first')
      .option('--customer <id>', 'only this customer', billingId('customer'))
      .option('--query <text>', 'search by customer e-mail'),
  )
    .addHelpText('after', '\nExamples:\n  $ ensemble checkouts list --query ada@example.com')
    .action(act<CheckoutFilters & Paging>(async (ctx, _a, o) => listCheckouts(ctx, o)));
  checkouts
    .command('show')
    .description('one checkout session')
    .argument('<id>', 'checkout id', billingId('checkout'))
    .addHelpText('after', '\nExamples:\n  $ ensemble checkouts show <checkout-id>')
    .action(
      act(async (ctx, [id]) => {
        const c = await ctx.call({ noun: 'checkout', id: String(id), listCommand: 'ensemble checkouts list' }, (client) => client.checkouts.get({ id: String(id) }));
        ctx.emitJson(c);
        const fields: [string, string][] = [
          ['id', c.id],
          ['status', c.status],
          ['created', formatDate(c.createdAt)],
          ['expires', formatDate(c.expiresAt)],
          ['customer', `${text(c.customerId)} ${text(c.customerEmail)}`],
          ['external customer id', text(c.externalCustomerId)],
          ['product', c.product ? `${c.product.name} (${c.productId})` : '-'],
          ['total', formatMoney(c.totalAmount, c.currency, ctx.locale)],
          ['discount', text(c.discountId)],
          ['url', c.url],
        ];
        for (const line of renderFields(fields, ctx.style.dim)) ctx.line(line);
      }),
    );
}
