import type { SandboxContext } from '../engine/context.js';
import { namedError, validationError } from '../engine/errors.js';
import type { RuleResult } from '../domain/provider-failure.js';
import { formatReceiptNumber, needsReceiptNumber } from '../domain/receipt-rules.js';
import type { OrderRecord } from './orders/records.js';

/** Turns a refused domain rule into the provider's error answer (thrown, as engine handlers do). */
export function orThrow<T>(result: RuleResult<T>): T {
  if (result.success) return result.data;
  const failure = result.error;
  if (failure.kind === 'named') throw namedError(failure.status, failure.error, failure.detail);
  throw validationError(failure.items);
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

export const isoPlus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
