import type { PaymentRecord } from './records.js';

/** A payment (always a card in the sandbox). */
export function paymentWire(p: PaymentRecord) {
  return {
    id: p.id, created_at: p.created_at, modified_at: p.modified_at, processor: 'stripe' as const, status: p.status,
    amount: p.amount, currency: p.currency, method: p.method, method_metadata: p.method_metadata,
    decline_reason: p.decline_reason, decline_message: p.decline_message, organization_id: p.organization_id,
    checkout_id: p.checkout_id, order_id: p.order_id,
  };
}
