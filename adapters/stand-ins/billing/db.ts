import { engineCollections } from './engine/collections.js';
import type { Store } from './engine/store.js';
import { checkoutLinkCollections } from './resources/checkout-links/records.js';
import { checkoutCollections } from './resources/checkouts/records.js';
import { customFieldCollections } from './resources/custom-fields/records.js';
import { fileCollections } from './resources/files/records.js';
import { licenseKeyCollections } from './resources/license-keys/records.js';
import { oauth2Collections } from './resources/oauth2/records.js';
import { orderCollections } from './resources/orders/records.js';
import { paymentCollections } from './resources/payments/records.js';
import { productExtrasCollections } from './resources/products/records.js';
import { refundCollections } from './resources/refunds/records.js';
import { subscriptionCollections } from './resources/subscriptions/records.js';
import { usageCollections } from './resources/usage/records.js';

/**
 * Every collection of the sandbox with its indexes, as `ctx.db`: the engine's own (organizations,
 * tokens, catalog, customers, grants, webhooks) and those each resource declares in its `records.ts`.
 */
export function sandboxCollections(store: Store) {
  return {
    ...engineCollections(store),
    ...checkoutCollections(store),
    ...checkoutLinkCollections(store),
    ...subscriptionCollections(store),
    ...orderCollections(store),
    ...paymentCollections(store),
    ...refundCollections(store),
    ...licenseKeyCollections(store),
    ...usageCollections(store),
    ...fileCollections(store),
    ...customFieldCollections(store),
    ...productExtrasCollections(store),
    ...oauth2Collections(store),
  };
}

export type SandboxCollections = ReturnType<typeof sandboxCollections>;
