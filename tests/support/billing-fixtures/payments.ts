import { CHECKOUT_ID, CREATED, MODIFIED, ORDER_ID, ORG_ID, PAYMENT_ID } from './ids.js';

export const cardPaymentWire = (over: Record<string, unknown> = {}) => ({
  id: PAYMENT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  processor: 'stripe',
  status: 'succeeded',
  amount: 1900,
  currency: 'usd',
  method: 'card',
  decline_reason: null,
  decline_message: null,
  organization_id: ORG_ID,
  checkout_id: CHECKOUT_ID,
  order_id: ORDER_ID,
  method_metadata: { brand: 'visa', last4: '4242' },
  ...over,
});

export const genericPaymentWire = (over: Record<string, unknown> = {}) => {
  const { method_metadata: _dropped, ...rest } = cardPaymentWire({ method: 'us_bank_account', status: 'failed' });
  return { ...rest, decline_reason: 'insufficient_funds', decline_message: 'Your account has insufficient funds.', ...over };
};
