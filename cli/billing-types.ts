import type { BillingClient } from '@ensemble/billing-client';

/** The data of a successful billing call, and the item type of a list call (types only). */
export type DataOf<F> = F extends (...args: never[]) => Promise<infer R> ? (R extends { success: true; data: infer D } ? D : never) : never;
export type ItemOf<F> = DataOf<F> extends { items: readonly (infer I)[] } ? I : never;

export type Customer = ItemOf<BillingClient['customers']['list']>;
export type CustomerState = DataOf<BillingClient['customers']['getState']>;
export type Subscription = ItemOf<BillingClient['subscriptions']['list']>;
export type Order = ItemOf<BillingClient['orders']['list']>;
export type Refund = ItemOf<BillingClient['refunds']['list']>;
export type Product = ItemOf<BillingClient['products']['list']>;
export type Discount = ItemOf<BillingClient['discounts']['list']>;
export type Checkout = ItemOf<BillingClient['checkouts']['list']>;
export type Delivery = ItemOf<BillingClient['webhooks']['listDeliveries']>;
export type Metrics = DataOf<BillingClient['metrics']['get']>;
