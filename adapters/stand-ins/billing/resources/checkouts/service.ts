import type { z } from 'zod';
import type { checkoutConfirm, checkoutCreate, checkoutUpdate, checkoutUpdatePublic } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, orThrow, validationError } from '../../engine/errors.js';
import { runCheckoutFields } from '../../engine/hooks.js';
import { isUuid, newId, newSecret, SECRET_PREFIX } from '../../engine/ids.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { appliesToProduct } from '../discounts/rules.js';
import { currentPrices } from '../products/service.js';
import { checkoutDiscount, checkSubscriptionUniqueness, defaultPrice, validatedProducts } from './checks.js';
import type { CheckoutRecord } from './records.js';
import { expiresAtFor, initialAmount, requireOpen, validateCustomAmount } from './rules.js';
import { checkoutWire } from './wire.js';

type CreateInput = z.output<typeof checkoutCreate>;
type SellerUpdate = z.output<typeof checkoutUpdate>;
type PublicUpdate = z.output<typeof checkoutUpdatePublic> | z.output<typeof checkoutConfirm>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The provider validates e-mails (pydantic EmailStr): 422 on the field. */
function checkEmail(value: string | null | undefined): void {
  if (value !== null && value !== undefined && !EMAIL.test(value)) {
    throw validationError([{ type: 'value_error', loc: ['body', 'customer_email'], msg: 'value is not a valid email address: An email address must have an @-sign.', input: value }]);
  }
}

const hasMoreThanCountry = (a: { line1?: string | null; city?: string | null; postal_code?: string | null } | null | undefined) =>
  a !== null && a !== undefined && [a.line1, a.city, a.postal_code].some((v) => v !== null && v !== undefined && v !== '');

/** POST /v1/checkouts/: 201, open, expires in 24 h. */
export function createCheckout(ctx: SandboxContext, org: OrganizationRecord, input: CreateInput, extra: Partial<CheckoutRecord> = {}): CheckoutRecord {
  checkEmail(input.customer_email);
  const products = validatedProducts(ctx, org, input.products, 'products');
  const product = products[0];
  if (product === undefined) throw fieldError(['body', 'products'], 'No valid products.', input.products);
  const price = defaultPrice(ctx, product);
  const initial = initialAmount(price);
  const currency = initial.currency;
  let amount = initial.amount;
  if (input.amount !== null && input.amount !== undefined && price.amount_type === 'custom') {
    amount = orThrow(validateCustomAmount(price, input.amount));
  }
  const discount = input.discount_id ? checkoutDiscount(ctx, org.id, product, { discountId: input.discount_id }) : null;

  let customerId: string | null = null;
  if (input.customer_id) {
    const customer = isUuid(input.customer_id) ? ctx.db.customers.get(input.customer_id.toLowerCase()) : undefined;
    if (customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) {
      throw fieldError(['body', 'customer_id'], 'Customer does not exist.', input.customer_id);
    }
    customerId = customer.id;
  } else if (input.external_customer_id) {
    customerId = ctx.db.customers.oneByIndex('externalId', `${org.id}|${input.external_customer_id}`)?.id ?? null;
  }
  let subscriptionId: string | null = null;
  if (input.subscription_id) {
    const subscription = isUuid(input.subscription_id) ? ctx.db.subscriptions.get(input.subscription_id.toLowerCase()) : undefined;
    if (subscription === undefined || subscription.organization_id !== org.id) {
      throw fieldError(['body', 'subscription_id'], 'Subscription does not exist.', input.subscription_id);
    }
    if (subscription.amount > 0) throw fieldError(['body', 'subscription_id'], 'Only free subscriptions can be upgraded.', input.subscription_id);
    subscriptionId = subscription.id;
    customerId = subscription.customer_id;
  }
  const customer = customerId === null ? undefined : ctx.db.customers.get(customerId);
  const now = ctx.clock.now();
  const record: CheckoutRecord = {
    id: newId(), created_at: now.toISOString(), modified_at: null, organization_id: org.id, status: 'open',
    client_secret: newSecret(SECRET_PREFIX.checkout), expires_at: expiresAtFor(now).toISOString(),
    success_url: input.success_url ?? null, return_url: input.return_url ?? null, embed_origin: input.embed_origin ?? null,
    amount, currency, product_ids: products.map((p) => p.id), product_id: product.id, product_price_id: price.id,
    discount_id: discount?.id ?? null, allow_discount_codes: input.allow_discount_codes,
    require_billing_address: input.require_billing_address || hasMoreThanCountry(input.customer_billing_address),
    is_business_customer: input.is_business_customer, customer_id: customerId,
    external_customer_id: input.external_customer_id ?? customer?.external_id ?? null,
    customer_name: input.customer_name ?? customer?.name ?? null, customer_email: input.customer_email ?? customer?.email ?? null,
    customer_ip_address: input.customer_ip_address ?? null,
    customer_billing_name: input.customer_billing_name ?? customer?.billing_name ?? null,
    customer_billing_address: input.customer_billing_address ?? customer?.billing_address ?? null,
    customer_tax_id: input.customer_tax_id ?? customer?.tax_id?.[0] ?? null,
    metadata: input.metadata ?? {}, customer_metadata: input.customer_metadata ?? {}, custom_field_data: input.custom_field_data ?? {},
    subscription_id: subscriptionId, payment_processor_metadata: { publishable_key: 'pk_sandbox_local' }, redeemed_discount_id: null,
    ...extra,
  };
  runCheckoutFields(ctx, record, false);
  return ctx.store.transaction(() => {
    ctx.db.checkouts.put(record);
    ctx.emit('checkout.created', checkoutWire(ctx, record), org.id);
    return record;
  });
}

const SIMPLE_FIELDS = [
  'customer_name', 'customer_billing_name', 'customer_tax_id', 'is_business_customer', 'metadata', 'customer_metadata',
  'allow_discount_codes', 'require_billing_address', 'customer_ip_address', 'success_url', 'embed_origin',
] as const;

/**
 * Applies an update to an open checkout (the provider's `_update_checkout`): product and price
 * switch, PWYW amount, discount by id (seller) or code (customer), customer fields. Returns the new
 * record without storing it; 403 NotOpenCheckout when it is not open.
 */
export function applyCheckoutUpdate(
  ctx: SandboxContext,
  current: CheckoutRecord,
  update: SellerUpdate | PublicUpdate,
  side: 'seller' | 'public',
  confirming = false,
): CheckoutRecord {
  orThrow(requireOpen(current));
  checkEmail(update.customer_email);
  let next: CheckoutRecord = { ...current };
  if (update.product_id) {
    const product = isUuid(update.product_id) && current.product_ids.includes(update.product_id.toLowerCase()) ? ctx.db.products.get(update.product_id.toLowerCase()) : undefined;
    if (product === undefined) throw fieldError(['body', 'product_id'], 'Product is not available in this checkout.', update.product_id);
    if (product.is_archived) throw fieldError(['body', 'product_id'], 'Product is archived.', update.product_id);
    let price = defaultPrice(ctx, product);
    if (update.product_price_id) {
      const chosen = currentPrices(ctx, product).find((p) => p.id === update.product_price_id?.toLowerCase());
      if (chosen === undefined) throw fieldError(['body', 'product_price_id'], 'Price is not available in this checkout.', update.product_price_id);
      price = chosen;
    }
    const { amount, currency } = initialAmount(price);
    next = { ...next, product_id: product.id, product_price_id: price.id, amount, currency };
    const discount = next.discount_id === null ? undefined : ctx.db.discounts.get(next.discount_id);
    if (discount !== undefined && !appliesToProduct(discount, product.id)) next = { ...next, discount_id: null };
  }
  const price = ctx.db.prices.get(next.product_price_id);
  if (update.amount !== null && update.amount !== undefined && price?.amount_type === 'custom') {
    next = { ...next, amount: orThrow(validateCustomAmount(price, update.amount)) };
  }
  const product = ctx.db.products.get(next.product_id);
  if (product === undefined) throw new Error(`checkout ${current.id} lost its product`);
  if (side === 'seller' && 'discount_id' in update) {
    next = { ...next, discount_id: update.discount_id ? checkoutDiscount(ctx, next.organization_id, product, { discountId: update.discount_id }).id : null };
  } else if (side === 'public' && next.allow_discount_codes && 'discount_code' in update) {
    const code = (update as PublicUpdate).discount_code;
    next = { ...next, discount_id: code ? checkoutDiscount(ctx, next.organization_id, product, { discountCode: code }).id : null };
  }
  if (update.customer_billing_address) next = { ...next, customer_billing_address: update.customer_billing_address };
  if (update.custom_field_data) next = { ...next, custom_field_data: update.custom_field_data };
  if ('customer_email' in update && next.customer_id === null) next = { ...next, customer_email: update.customer_email ?? null };
  const fields = update as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const key of SIMPLE_FIELDS) {
    if (!(key in fields)) continue;
    const value = fields[key];
    // booleans and maps are not nullable on the record: a null leaves them as they were
    if (value === null && (key === 'is_business_customer' || key === 'allow_discount_codes' || key === 'require_billing_address' || key === 'metadata' || key === 'customer_metadata')) continue;
    patch[key] = value ?? null;
  }
  next = { ...next, ...patch, modified_at: ctx.now() } as CheckoutRecord;
  if (update.custom_field_data || confirming) {
    runCheckoutFields(ctx, next, confirming);
  }
  checkSubscriptionUniqueness(ctx, next);
  return next;
}
