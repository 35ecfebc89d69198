/** Stable UUID4s and timestamps so fixtures read like real provider answers (reference §2). */
export const ORG_ID = '3f9a2c1e-7b4d-4e2a-9c1f-0a8b6d5e4f31';
export const CUSTOMER_ID = '8c2d4e6f-1a3b-4c5d-9e7f-2b4d6f8a0c12';
export const PRODUCT_ID = 'b1e2d3c4-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
export const PRICE_ID = 'c9d8e7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f';
export const SUBSCRIPTION_ID = 'd4c3b2a1-9f8e-4d7c-a6b5-4e3d2c1b0a9f';
export const ORDER_ID = 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9';
export const DISCOUNT_ID = 'f0e1d2c3-b4a5-4968-8776-655443322110';
export const CHECKOUT_ID = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
export const BENEFIT_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5f';
export const METER_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6a';
export const EVENT_ID = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6b';
export const FILE_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7c';
export const LICENSE_KEY_ID = '5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8d';
export const ACTIVATION_ID = '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9e';
export const CUSTOM_FIELD_ID = '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0f';
export const PAYMENT_ID = '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1a';
export const REFUND_ID = '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2b';
export const WEBHOOK_ENDPOINT_ID = 'a0e1f2a3-4b5c-4d6e-9f7a-8b9c0d1e2f3c';
export const WEBHOOK_EVENT_ID = 'b1f2a3b4-5c6d-4e7f-8a8b-9c0d1e2f3a4d';
export const DELIVERY_ID = 'c2a3b4c5-6d7e-4f8a-9b9c-0d1e2f3a4b5e';
export const CHECKOUT_LINK_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const GRANT_ID = '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e';
export const PAYMENT_METHOD_ID = '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f';
export const CUSTOMER_METER_ID = '8d7e6f5a-4b3c-4d2e-9f0a-1b2c3d4e5f6a';

export const CREATED = '2026-03-01T10:15:30.123456Z';
export const MODIFIED = '2026-03-02T08:00:00.000000Z';

/** The list envelope of reference §2: `max_page` follows from the total and the page size. */
export const page = <T>(items: T[], totalCount = items.length, limit = 10) => ({
  items,
  pagination: { total_count: totalCount, max_page: Math.max(1, Math.ceil(totalCount / limit)) },
});
