import type { KeyValueStore } from '../../interface/index.js';

/** Local-storage key of the checkout the browser was last sent to. */
export const PENDING_CHECKOUT_KEY = 'ensemble.pendingCheckout';

/**
 * The checkout the browser was sent to, kept until the visitor is back on /subscribe. The success
 * URL names its checkout; the back link and the browser's back button do not, so this is how the
 * page knows which checkout to read back when someone returns without paying. Without storage a
 * return without payment goes unreported; a paid one still names itself.
 */
export const makeRememberPendingCheckout =
  (deps: { keyValueStore: KeyValueStore }) =>
  (checkoutId: string): void =>
    deps.keyValueStore.set(PENDING_CHECKOUT_KEY, checkoutId);

/** The kept checkout id, once. */
export const makeTakePendingCheckout =
  (deps: { keyValueStore: KeyValueStore }) =>
  (): string | null => {
    const id = deps.keyValueStore.get(PENDING_CHECKOUT_KEY);
    deps.keyValueStore.remove(PENDING_CHECKOUT_KEY);
    return id;
  };
