import type { RefundRecord } from './records.js';

export function refundWire(r: RefundRecord) {
  return {
    id: r.id, created_at: r.created_at, modified_at: r.modified_at, metadata: r.metadata, status: r.status, reason: r.reason,
    amount: r.amount, tax_amount: r.tax_amount, currency: r.currency, organization_id: r.organization_id, order_id: r.order_id,
    subscription_id: r.subscription_id, customer_id: r.customer_id, revoke_benefits: r.revoke_benefits, dispute: null,
  };
}
