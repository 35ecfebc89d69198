import { fail, ok } from '../../domain/result.js';
import { named, type RuleResult } from '../../domain/provider-failure.js';

interface InvoiceableOrder {
  readonly id: string;
  readonly status: string;
  readonly billing_name: string | null;
  readonly billing_address: { readonly country: string } | null;
  readonly is_invoice_generated: boolean;
}

/**
 * Invoice generation: draft and void orders are not eligible
 * (409); billing name and address are needed (422); regenerating is accepted and idempotent.
 */
export function checkInvoiceGeneration(order: InvoiceableOrder): RuleResult<void> {
  if (order.status === 'draft' || order.status === 'void') {
    return fail(named(409, 'OrderNotEligibleForInvoice', `Order ${order.id} is not eligible for an invoice: ${order.status}.`));
  }
  if (order.billing_name === null || order.billing_name.trim() === '' || order.billing_address === null) {
    return fail(
      named(422, 'MissingInvoiceBillingDetails', 'Billing name and address are required to generate an invoice.'),
    );
  }
  return ok(undefined);
}

export function checkInvoiceExists(order: InvoiceableOrder): RuleResult<void> {
  return order.is_invoice_generated
    ? ok(undefined)
    : fail(named(404, 'InvoiceDoesNotExist', `No invoice exists for order ${order.id}.`));
}

/** Statuses of an order that has been paid (refunds do not undo the payment, nor its receipt). */
export const PAID_ORDER_STATUSES: readonly string[] = ['paid', 'partially_refunded', 'refunded'];

interface ReceiptableOrder {
  readonly status: string;
  /** Absent on orders stored before the sandbox numbered receipts. */
  readonly receipt_number?: string | null;
}

/** A receipt number is given once, when the order is paid, and never replaced. */
export function needsReceiptNumber(order: ReceiptableOrder): boolean {
  return PAID_ORDER_STATUSES.includes(order.status) && (order.receipt_number ?? null) === null;
}

/**
 * The organization's `sequence`-th receipt: the same organization prefix as invoice numbers, an
 * `R` to tell the two apart, and a running number (`1A2B3C4D-R0001`).
 */
export function formatReceiptNumber(organizationId: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error(`receipt sequence must be a positive integer, got ${sequence}`);
  return `${organizationId.slice(0, 8).toUpperCase()}-R${String(sequence).padStart(4, '0')}`;
}
