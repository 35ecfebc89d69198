import type { z } from 'zod';
import type { orderUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { newId } from '../../engine/ids.js';
import type { Address, CustomerRecord } from '../../engine/records.js';
import type { Card } from '../../engine/test-payments.js';
import type { CustomFieldData } from '../checkouts/records.js';
import type { PaymentRecord } from '../payments/records.js';
import type { OrderItemRecord, OrderRecord } from './records.js';
import { formatReceiptNumber, needsReceiptNumber } from './rules.js';
import { orderWire } from './wire.js';

export interface NewOrder {
  readonly organizationId: string;
  readonly customer: CustomerRecord;
  readonly billingReason: 'purchase' | 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  readonly productId: string | null;
  readonly subscriptionId: string | null;
  readonly checkoutId: string | null;
  readonly discountId: string | null;
  readonly currency: string;
  readonly lines: readonly { label: string; amount: number; priceId: string | null; proration: boolean }[];
  readonly discountAmount: number;
  readonly description: string;
  readonly billingName?: string | null;
  readonly billingAddress?: Address | null;
  readonly metadata?: Record<string, string | number | boolean>;
  readonly customFieldData?: CustomFieldData;
  /** The card charged; the sandbox's charges for paid orders always succeed here. */
  readonly card?: Card | null;
  readonly customerEmail?: string | null;
}

/**
 * Records a paid order (with its receipt number), its payment (when something was charged) and
 * sends `order.created` then `order.paid` — the app grants credits on `order.paid`. Call inside a transaction.
 */
export function recordPaidOrder(ctx: SandboxContext, input: NewOrder): OrderRecord {
  const now = ctx.now();
  const items: OrderItemRecord[] = input.lines.map((line) => ({
    id: newId(), created_at: now, modified_at: null, label: line.label, amount: line.amount, tax_amount: 0,
    proration: line.proration, product_price_id: line.priceId,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  const discount = Math.min(Math.max(0, input.discountAmount), Math.max(0, subtotal));
  const net = Math.max(0, subtotal - discount);
  const order: OrderRecord = withReceiptNumber(ctx, {
    id: newId(), created_at: now, modified_at: null, organization_id: input.organizationId, status: 'paid',
    subtotal_amount: subtotal, discount_amount: discount, net_amount: net, tax_amount: 0, total_amount: net,
    applied_balance_amount: 0, refunded_amount: 0, refunded_tax_amount: 0, currency: input.currency,
    billing_reason: input.billingReason,
    billing_name: input.billingName ?? input.customer.billing_name ?? input.customer.name,
    billing_address: input.billingAddress ?? input.customer.billing_address,
    invoice_number: nextInvoiceNumber(ctx, input.organizationId), receipt_number: null, is_invoice_generated: false,
    customer_id: input.customer.id, product_id: input.productId, discount_id: input.discountId,
    subscription_id: input.subscriptionId, checkout_id: input.checkoutId, metadata: input.metadata ?? {},
    custom_field_data: input.customFieldData ?? {}, items, description: input.description,
  });
  const { orders, payments } = ctx.db;
  orders.put(order);
  if (net > 0) {
    const card = input.card ?? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };
    const payment: PaymentRecord = {
      id: newId(), created_at: now, modified_at: null, organization_id: input.organizationId, status: 'succeeded',
      amount: net, currency: input.currency, method: 'card', method_metadata: { brand: card.brand, last4: card.last4 },
      decline_reason: null, decline_message: null, customer_email: input.customerEmail ?? input.customer.email,
      checkout_id: input.checkoutId, order_id: order.id,
    };
    payments.put(payment);
  }
  const wire = orderWire(ctx, order);
  ctx.emit('order.created', wire, input.organizationId);
  ctx.emit('order.paid', wire, input.organizationId);
  return order;
}

/** Saves new billing details (PATCH on the seller and portal routes) and sends `order.updated`. */
export function saveBillingDetails(ctx: SandboxContext, order: OrderRecord, body: z.output<typeof orderUpdate>): OrderRecord {
  const next: OrderRecord = {
    ...order, modified_at: ctx.now(),
    ...(body.billing_name !== undefined ? { billing_name: body.billing_name } : {}),
    ...(body.billing_address !== undefined ? { billing_address: body.billing_address } : {}),
  };
  return ctx.store.transaction(() => {
    const saved = ctx.db.orders.put(next);
    ctx.emit('order.updated', orderWire(ctx, saved), saved.organization_id);
    return saved;
  });
}

/** An order/invoice number in the provider's style: organization prefix plus a running number. */
export function nextInvoiceNumber(ctx: SandboxContext, organizationId: string): string {
  const count = ctx.db.orders.byIndex('org', organizationId).length + 1;
  return `${organizationId.slice(0, 8).toUpperCase()}-${String(count).padStart(4, '0')}`;
}

/**
 * The order with its receipt number once it is paid: the organization's next one in sequence,
 * given once and kept through refunds and later updates. Call inside the transaction that saves it.
 */
export function withReceiptNumber<T extends OrderRecord>(ctx: SandboxContext, order: T): T {
  if (!needsReceiptNumber(order)) return order;
  const sequence = ctx.db.orders.byIndex('receipted', order.organization_id).length + 1;
  return { ...order, receipt_number: formatReceiptNumber(order.organization_id, sequence) };
}

/** Orders of a subscription are `recurring` in the `product_billing_type` filter, the others `one_time`. */
export const isRecurringOrder = (o: OrderRecord): boolean => o.subscription_id !== null;

/** The sort keys of order lists (seller and portal). */
export const orderSortAccessors = (ctx: SandboxContext) => ({
  created_at: (o: OrderRecord) => o.created_at,
  amount: (o: OrderRecord) => o.total_amount,
  net_amount: (o: OrderRecord) => o.net_amount,
  customer: (o: OrderRecord) => ctx.db.customers.get(o.customer_id)?.email ?? null,
  product: (o: OrderRecord) => (o.product_id === null ? null : (ctx.db.products.get(o.product_id)?.name ?? null)),
  discount: (o: OrderRecord) => (o.discount_id === null ? null : (ctx.db.discounts.get(o.discount_id)?.name ?? null)),
  subscription: (o: OrderRecord) => o.subscription_id,
});
