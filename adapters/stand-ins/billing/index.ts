// The billing sandbox, a local stand-in of the billing provider's API: the package's entry (@ensemble/billing-sandbox).
// What drives its engine without HTTP (the store, rules, ids) is the subpath @ensemble/billing-sandbox/engine.
export { startSandbox, type StartOptions, type RunningSandbox } from './start-sandbox.js';
export { createSandboxApp, type SandboxOptions, type SandboxApp } from './create-sandbox-app.js';
export { DEFAULT_SEED_PLAN, DEFAULT_WEBHOOK_URL, type SeedInfo, type SeedOptions, type SeedPlanText } from './seed.js';
export { TEST_CARDS, TEST_CONFIRMATION_TOKENS, type Card, type PaymentOutcome } from './engine/test-payments.js';
export { SANDBOX_BANNER } from './pages/html.js';
