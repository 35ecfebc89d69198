import { named, type RuleResult } from './provider-failure.js';
import { fail, ok } from '../../../../core/shared/result.js';

interface InvoiceableOrder {
  readonly id: string;
  readonly status: string;
  readonly billing_name: string | null;
  readonly billing_address: { readonly country: string } | null;
  readonly is_invoice_generated: boolean;
}

/**
 * Invoice generation (reference §4 "Orders and invoices"): draft and void orders are not eligible
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
