import type { SandboxContext } from '../../engine/context.js';
import { customerWire } from '../customers/wire.js';
import { discountWire } from '../discounts/wire.js';
import { customerOrganizationWire } from '../portal/wire.js';
import { checkoutProductWire, productSummaryWire } from '../products/wire.js';
import { refundableAmount } from '../refunds/rules.js';
import { subscriptionCoreWire } from '../subscriptions/wire.js';
import type { OrderRecord } from './records.js';

function orderCore(o: OrderRecord) {
  return {
    id: o.id, created_at: o.created_at, modified_at: o.modified_at, status: o.status, paid: o.status !== 'pending' && o.status !== 'draft' && o.status !== 'void',
    subtotal_amount: o.subtotal_amount, discount_amount: o.discount_amount, net_amount: o.net_amount, tax_amount: o.tax_amount,
    total_amount: o.total_amount, applied_balance_amount: o.applied_balance_amount,
    due_amount: o.status === 'pending' ? o.total_amount : 0, refunded_amount: o.refunded_amount,
    refunded_tax_amount: o.refunded_tax_amount, currency: o.currency, billing_reason: o.billing_reason,
    billing_name: o.billing_name, billing_address: o.billing_address, invoice_number: o.invoice_number,
    receipt_number: o.receipt_number ?? null, is_invoice_generated: o.is_invoice_generated, customer_id: o.customer_id, product_id: o.product_id,
    discount_id: o.discount_id, subscription_id: o.subscription_id, checkout_id: o.checkout_id,
    items: o.items, description: o.description,
  };
}

/** Seller view of an order, with its customer, product, discount and subscription. */
export function orderWire(ctx: SandboxContext, o: OrderRecord) {
  const customer = ctx.db.customers.get(o.customer_id);
  if (customer === undefined) throw new Error(`order ${o.id} lost its customer`);
  const product = o.product_id === null ? undefined : ctx.db.products.get(o.product_id);
  const discount = o.discount_id === null ? undefined : ctx.db.discounts.get(o.discount_id);
  const subscription = o.subscription_id === null ? undefined : ctx.db.subscriptions.get(o.subscription_id);
  return {
    ...orderCore(o),
    metadata: o.metadata, custom_field_data: o.custom_field_data, platform_fee_amount: 0, platform_fee_currency: null,
    customer: customerWire(customer),
    product: product === undefined ? null : productSummaryWire(product),
    discount: discount === undefined ? null : discountWire(ctx, discount),
    subscription: subscription === undefined ? null : subscriptionCoreWire(subscription),
    refundable_amount: refundableAmount(o),
    refundable_tax_amount: 0,
  };
}

/** Customer-portal view: the product with its organization, no seller fields. */
export function customerOrderWire(ctx: SandboxContext, o: OrderRecord) {
  const product = o.product_id === null ? undefined : ctx.db.products.get(o.product_id);
  const org = ctx.db.organizations.get(o.organization_id);
  const subscription = o.subscription_id === null ? undefined : ctx.db.subscriptions.get(o.subscription_id);
  let subscriptionView = null;
  if (subscription !== undefined) {
    const { metadata: _metadata, ...rest } = subscriptionCoreWire(subscription);
    subscriptionView = rest;
  }
  return {
    ...orderCore(o),
    product: product === undefined || org === undefined ? null : { ...checkoutProductWire(ctx, product), organization: customerOrganizationWire(org) },
    subscription: subscriptionView,
    refundable_amount: refundableAmount(o),
    refundable_tax_amount: 0,
  };
}
