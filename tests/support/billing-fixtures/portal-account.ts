import { downloadableFileWire } from './files.js';
import { BENEFIT_ID, CREATED, CUSTOMER_ID, PAYMENT_METHOD_ID } from './ids.js';

/** A downloadable as the customer portal lists it: the file with a signed download link. */
export const downloadableWire = (over: Record<string, unknown> = {}) => ({
  id: '9e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b',
  benefit_id: BENEFIT_ID,
  file: {
    ...downloadableFileWire(),
    download: { url: 'https://s3.example.test/download?X-Amz-Signature=abc', headers: {}, expires_at: '2026-03-01T11:16:02Z' },
  },
  ...over,
});

/** A saved card (reference §3 "PaymentMethod"). */
export const cardPaymentMethodWire = (over: Record<string, unknown> = {}) => ({
  id: PAYMENT_METHOD_ID,
  created_at: CREATED,
  modified_at: null,
  processor: 'stripe',
  customer_id: CUSTOMER_ID,
  type: 'card',
  method_metadata: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: null },
  ...over,
});
