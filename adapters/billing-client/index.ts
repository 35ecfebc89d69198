// The billing provider's (Polar) API client: the package's entry (@ensemble/billing-client).
// Its wire schemas are the subpath @ensemble/billing-client/schemas.
export * from './client.js';
export * from './casing.js';
export * from './result.js';
export * from './webhooks.js';
export * from './http/errors.js';
export * from './http/http-client.js';
export * from './http/pagination.js';
export * from './http/retry.js';
export * from './http/operation.js';
export * from './http/bind.js';
export * from './http/query.js';
