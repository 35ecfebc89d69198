// The sandbox's engine and rules, for tests and benchmarks that drive it without HTTP: @ensemble/billing-sandbox/engine.
export { newId } from './engine/ids.js';
export { Store } from './engine/store.js';
export { FolderPersistence } from './engine/persistence.js';
export type { WebhookOptions } from './engine/webhooks.js';
export type { OrderRecord } from './resources/orders/records.js';
export { changeEvents } from './resources/subscriptions/rules.js';
export { grantBenefits } from './resources/benefits/service.js';
export { createCustomer } from './resources/customers/service.js';
export { discountAmount, isRedeemableFor } from './resources/discounts/rules.js';
