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
