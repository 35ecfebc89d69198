import { CREATED, CUSTOMER_ID, ORDER_ID, ORG_ID, REFUND_ID, SUBSCRIPTION_ID } from './ids.js';

export const refundWire = (over: Record<string, unknown> = {}) => ({
  id: REFUND_ID,
  created_at: CREATED,
  modified_at: null,
  metadata: { ticket_id: 'SUP-1042' },
  status: 'succeeded',
  reason: 'customer_request',
  amount: 900,
  tax_amount: 0,
  currency: 'usd',
  organization_id: ORG_ID,
  order_id: ORDER_ID,
  subscription_id: SUBSCRIPTION_ID,
  customer_id: CUSTOMER_ID,
  revoke_benefits: false,
  dispute: null,
  ...over,
});
