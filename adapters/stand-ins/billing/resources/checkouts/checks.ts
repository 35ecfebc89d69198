import type { SandboxContext } from '../../engine/context.js';
import { fieldError, orThrow, validationError, type ValidationItem } from '../../engine/errors.js';
import { isUuid } from '../../engine/ids.js';
import type { DiscountRecord, OrganizationRecord, PriceRecord, ProductRecord } from '../../engine/records.js';
import { validateCheckoutDiscount, type DiscountLookup } from '../discounts/rules.js';
import { liveDiscounts } from '../discounts/service.js';
import { currentPrices } from '../products/service.js';
import type { CheckoutRecord } from './records.js';
import { alreadyActiveSubscription, isDiscountablePrice, staticPrice } from './rules.js';

/** Products of a create call: every id must be a live product of the caller's organization. */
export function validatedProducts(ctx: SandboxContext, org: OrganizationRecord, ids: readonly string[], loc: string): ProductRecord[] {
  const errors: ValidationItem[] = [];
  const products: ProductRecord[] = [];
  ids.forEach((id, index) => {
    const product = isUuid(id) ? ctx.db.products.get(id.toLowerCase()) : undefined;
    if (product === undefined || product.organization_id !== org.id) {
      errors.push({ type: 'value_error', loc: ['body', loc, index], msg: 'Product does not exist.', input: id });
    } else if (product.is_archived) {
      errors.push({ type: 'value_error', loc: ['body', loc, index], msg: 'Product is archived.', input: id });
    } else if (currentPrices(ctx, product).length === 0) {
      errors.push({ type: 'value_error', loc: ['body', loc, index], msg: 'Product has no price.', input: id });
    } else {
      products.push(product);
    }
  });
  if (errors.length > 0) throw validationError(errors);
  return products;
}

/** The price a checkout starts with for a product: the static one first (fixed, custom, free). */
export function defaultPrice(ctx: SandboxContext, product: ProductRecord): PriceRecord {
  const price = staticPrice(currentPrices(ctx, product));
  if (price === undefined) throw fieldError(['body', 'product_id'], 'Product has no price.', product.id);
  return price;
}

/** A discount for a checkout's product, by id (seller) or by code (customer), with the provider's 422s. */
export function checkoutDiscount(ctx: SandboxContext, organizationId: string, product: ProductRecord, lookup: DiscountLookup): DiscountRecord {
  const prices = currentPrices(ctx, product);
  const found = orThrow(
    validateCheckoutDiscount(
      liveDiscounts(ctx, organizationId),
      { id: product.id, is_recurring: product.recurring_interval !== null, recurring_interval: product.recurring_interval },
      prices.some(isDiscountablePrice),
      lookup,
      ctx.clock.now(),
    ),
  );
  return found as DiscountRecord;
}

/**
 * One subscription per customer unless the organization allows several (the provider's
 * `_validate_subscription_uniqueness`): 403 AlreadyActiveSubscriptionError.
 */
export function checkSubscriptionUniqueness(ctx: SandboxContext, c: CheckoutRecord): void {
  const org = ctx.db.organizations.get(c.organization_id);
  const product = ctx.db.products.get(c.product_id);
  if (org === undefined || product === undefined) return;
  if (org.subscription_settings.allow_multiple_subscriptions || product.recurring_interval === null) return;
  if (c.subscription_id !== null) return;
  let customerId = c.customer_id;
  if (customerId === null && c.customer_email !== null) {
    customerId = ctx.db.customers.oneByIndex('email', `${org.id}|${c.customer_email.toLowerCase()}`)?.id ?? null;
  }
  if (customerId === null) return;
  const billable = ctx.db.subscriptions
    .byIndex('customer', customerId)
    .some((s) => s.organization_id === org.id && ['active', 'trialing', 'past_due'].includes(s.status));
  if (billable) orThrow({ success: false, error: alreadyActiveSubscription() });
}
