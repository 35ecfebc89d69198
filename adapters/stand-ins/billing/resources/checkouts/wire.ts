import type { SandboxContext } from '../../engine/context.js';
import { checkoutAttachedFields } from '../../engine/hooks.js';
import type { DiscountRecord, OrganizationRecord, PriceRecord, ProductRecord } from '../../engine/records.js';
import { currentPrices } from '../products/service.js';
import { checkoutProductWire, priceWire } from '../products/wire.js';
import type { CheckoutRecord } from './records.js';
import { billingAddressFields, checkoutAmounts, resolveSuccessUrl, type CheckoutAmounts } from './rules.js';

/** The discount as a checkout (and a checkout link) embeds it: id, name, code and its kind. */
export function checkoutDiscountWire(d: DiscountRecord) {
  return {
    id: d.id,
    name: d.name,
    code: d.code,
    duration: d.duration,
    ...(d.duration === 'repeating' ? { duration_in_months: d.duration_in_months ?? 1 } : {}),
    type: d.type,
    ...(d.type === 'fixed'
      ? { amount: d.amount ?? 0, currency: d.currency ?? 'usd', amounts: { [d.currency ?? 'usd']: d.amount ?? 0 } }
      : { basis_points: d.basis_points ?? 0 }),
  };
}

export const checkoutUrl = (ctx: SandboxContext, clientSecret: string): string => `${ctx.publicUrl}/checkout/${clientSecret}`;

export interface CheckoutParts {
  readonly product: ProductRecord;
  readonly price: PriceRecord;
  readonly discount: DiscountRecord | null;
  readonly amounts: CheckoutAmounts;
}

/** The related records and derived amounts of a checkout, as its wire views and the rules need them. */
export function checkoutParts(ctx: SandboxContext, c: CheckoutRecord): CheckoutParts {
  const product = ctx.db.products.get(c.product_id);
  const price = ctx.db.prices.get(c.product_price_id);
  if (product === undefined || price === undefined) throw new Error(`checkout ${c.id} lost its product or price`);
  const discount = c.discount_id === null ? null : (ctx.db.discounts.get(c.discount_id) ?? null);
  const amounts = checkoutAmounts({
    amount: c.amount,
    productPrices: currentPrices(ctx, product),
    productIsRecurring: product.recurring_interval !== null,
    discount,
  });
  return { product, price, discount, amounts };
}

function commonFields(ctx: SandboxContext, c: CheckoutRecord) {
  const { product, price, discount, amounts } = checkoutParts(ctx, c);
  const products = c.product_ids.map((id) => ctx.db.products.get(id)).filter((p): p is ProductRecord => p !== undefined);
  const url = checkoutUrl(ctx, c.client_secret);
  return {
    id: c.id, created_at: c.created_at, modified_at: c.modified_at, custom_field_data: c.custom_field_data,
    payment_processor: 'stripe' as const, status: c.status, client_secret: c.client_secret, url, expires_at: c.expires_at,
    success_url: resolveSuccessUrl(c.success_url, c.id, url), return_url: c.return_url, embed_origin: c.embed_origin,
    ...amounts,
    // No tax engine: no tax behaviour is chosen (SDK 0.48 requires the key, nullable).
    tax_behavior: null,
    currency: c.currency, allow_trial: null, active_trial_interval: null, active_trial_interval_count: null, trial_end: null,
    organization_id: c.organization_id, product_id: c.product_id, product_price_id: c.product_price_id, discount_id: c.discount_id,
    allow_discount_codes: c.allow_discount_codes, require_billing_address: c.require_billing_address,
    customer_id: c.customer_id, is_business_customer: c.is_business_customer, customer_name: c.customer_name,
    customer_email: c.customer_email, customer_ip_address: c.customer_ip_address, customer_billing_name: c.customer_billing_name,
    customer_billing_address: c.customer_billing_address, customer_tax_id: c.customer_tax_id, locale: null,
    payment_processor_metadata: c.payment_processor_metadata,
    billing_address_fields: billingAddressFields({
      address: c.customer_billing_address,
      requireBillingAddress: c.require_billing_address,
      isBusinessCustomer: c.is_business_customer,
    }),
    products: products.map((p) => checkoutProductWire(ctx, p)),
    product: checkoutProductWire(ctx, product),
    product_price: priceWire(ctx, price, product),
    prices: Object.fromEntries(products.map((p) => [p.id, currentPrices(ctx, p).map((x) => priceWire(ctx, x, p))])),
    discount: discount === null ? null : checkoutDiscountWire(discount),
    attached_custom_fields: checkoutAttachedFields(ctx, c.product_id),
  };
}

/** Seller view of a checkout. */
export function checkoutWire(ctx: SandboxContext, c: CheckoutRecord) {
  return {
    ...commonFields(ctx, c),
    metadata: c.metadata,
    customer_metadata: c.customer_metadata,
    external_customer_id: c.external_customer_id,
    subscription_id: c.subscription_id,
    trial_interval: null,
    trial_interval_count: null,
  };
}

export function checkoutOrganizationWire(o: OrganizationRecord) {
  return {
    id: o.id, created_at: o.created_at, modified_at: o.modified_at, name: o.name, slug: o.slug, avatar_url: o.avatar_url,
    proration_behavior: o.subscription_settings.proration_behavior,
    allow_customer_updates: o.subscription_settings.allow_customer_updates,
  };
}

/** Public (client-secret) view: no seller fields, plus the organization. */
export function checkoutPublicWire(ctx: SandboxContext, c: CheckoutRecord) {
  const organization = ctx.db.organizations.get(c.organization_id);
  if (organization === undefined) throw new Error(`checkout ${c.id} lost its organization`);
  return { ...commonFields(ctx, c), organization: checkoutOrganizationWire(organization) };
}
