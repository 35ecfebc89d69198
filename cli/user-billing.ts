import type { Customer, Order, Subscription } from './billing-types.js';
import type { CommandContext } from './context.js';
import { CliError, usageError } from './errors.js';
import { statusOf } from './failures.js';

/** An Ensemble user as the support program names them: found by e-mail or id in Supabase. */
export interface NamedUser {
  readonly id: string;
  readonly email: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user an `--user <email|user-id>` names (a precise error for an unknown one, exit 1). */
export async function findNamedUser(ctx: CommandContext, query: string): Promise<NamedUser> {
  const support = await ctx.support();
  const user = ctx.domain(await support.findUser({ query }));
  return { id: user.id, email: user.email };
}

/** The billing customer of a user (external id = user id), or null when the user never reached checkout. */
export async function customerOfUser(ctx: CommandContext, userId: string): Promise<Customer | null> {
  const client = await ctx.billing();
  const answer = await client.customers.getExternal({ externalId: userId });
  if (answer.success) return answer.data;
  if (statusOf(answer.error) === 404) return null;
  throw ctx.billingError(answer.error, { noun: 'billing customer with external id', id: userId });
}

const nameOf = (user: NamedUser) => user.email ?? user.id;

/** The user's one active subscription: a clear error when there is none or more than one. */
export async function activeSubscriptionOf(ctx: CommandContext, query: string): Promise<{ user: NamedUser; subscription: Subscription }> {
  const user = await findNamedUser(ctx, query);
  const page = await ctx.call({ noun: 'subscriptions of user', id: nameOf(user) }, (c) =>
    c.subscriptions.list({ externalCustomerId: user.id, active: true, limit: 10, sorting: ['-started_at'] }),
  );
  const [only, ...more] = page.items;
  if (only === undefined) throw new CliError(`${nameOf(user)} has no active subscription on ${ctx.billingWhere.env}: nothing to change (\`ensemble users show ${nameOf(user)}\` shows their billing)`);
  if (more.length > 0) {
    const ids = page.items.map((s) => s.id).join(', ');
    throw usageError(`${nameOf(user)} has ${page.pagination.totalCount} active subscriptions (${ids}): give the subscription id instead of --user`);
  }
  return { user, subscription: only };
}

/** The user's latest order: a clear error when they have none. */
export async function lastOrderOf(ctx: CommandContext, query: string): Promise<{ user: NamedUser; order: Order }> {
  const user = await findNamedUser(ctx, query);
  const customer = await customerOfUser(ctx, user.id);
  if (customer === null) throw new CliError(`${nameOf(user)} has no billing customer on ${ctx.billingWhere.env} (they never reached checkout): no order to refund`);
  const page = await ctx.call({ noun: 'orders of user', id: nameOf(user) }, (c) => c.orders.list({ customerId: customer.id, limit: 1, sorting: ['-created_at'] }));
  const order = page.items[0];
  if (order === undefined) throw new CliError(`${nameOf(user)} has no order on ${ctx.billingWhere.env}: nothing to refund`);
  return { user, order };
}

/** A `--customer` given as a customer id or an e-mail: the e-mail is looked up among billing customers. */
export async function customerIdOf(ctx: CommandContext, reference: string): Promise<string> {
  if (UUID.test(reference)) return reference.toLowerCase();
  if (!reference.includes('@')) throw usageError(`--customer takes a customer id (a UUID) or an e-mail address, not "${reference}"`);
  const page = await ctx.call({ noun: 'customer with e-mail', id: reference }, (c) => c.customers.list({ email: reference, limit: 10 }));
  const [only, ...more] = page.items;
  if (only === undefined) throw new CliError(`No billing customer with e-mail ${reference} on ${ctx.billingWhere.env}: check the address (\`ensemble customers list --query <text>\` searches)`);
  if (more.length > 0) throw usageError(`${page.items.length} billing customers have the e-mail ${reference} (${page.items.map((c) => c.id).join(', ')}): give the customer id`);
  return only.id;
}
