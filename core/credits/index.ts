/** The credit balance: prices per use, holds, charges, grants and the ledger. */
export * from './domain/credits.js';
export * from './domain/token-estimate.js';
export * from './domain/usage-pricing.js';
export * from './ports/usage-ledger.js';
export * from './use-cases/get-credit-balance.js';
export * from './use-cases/grant-credits.js';
export * from './use-cases/list-credit-history.js';
export * from './use-cases/credit-holds.js';
