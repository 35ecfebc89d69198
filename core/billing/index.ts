/** The plan and its subscription: checkout, portal, cancel and resume, billing webhooks. */
export * from './domain/billing-event-limits.js';
export * from './domain/billing-events.js';
export * from './domain/billing.js';
export * from './domain/checkout-reports.js';
export * from './domain/pricing.js';
export * from './ports/billing-gateway.js';
export * from './ports/webhook-inbox.js';
export * from './use-cases/cancel-subscription.js';
export * from './use-cases/complete-checkout.js';
export * from './use-cases/get-billing-state.js';
export * from './use-cases/get-checkout-state.js';
export * from './use-cases/handle-billing-webhook.js';
export * from './use-cases/load-plan-offer.js';
export * from './use-cases/open-customer-portal.js';
export * from './use-cases/resume-subscription.js';
export * from './use-cases/start-checkout.js';
export * from './use-cases/pending-checkout.js';
