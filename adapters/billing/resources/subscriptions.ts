import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, named, operation, text, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { id, ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';
import { subscription, subscriptionUpdate } from '../schemas/subscription.js';

/** Seller subscriptions (part B §7); the gateway uses list and update. */
export const listSubscriptions = operation({
  method: 'GET',
  path: '/v1/subscriptions/',
  security: 'accessToken',
  query: z.object({
    organization_id: ids.nullable().optional(),
    product_id: ids.nullable().optional(),
    customer_id: ids.nullable().optional(),
    external_customer_id: ids.nullable().optional(),
    discount_id: ids.nullable().optional(),
    active: z.boolean().nullable().optional(),
    ...pageQuery,
    sorting: sorting(['customer', 'status', 'started_at', 'current_period_end', 'amount', 'product', 'discount']),
    metadata: metadataFilter.nullable().optional(),
  }),
  responses: [json(200, listResource(subscription))],
});

export const updateSubscription = operation({
  method: 'PATCH',
  path: '/v1/subscriptions/{id}',
  security: 'accessToken',
  pathParams: z.object({ id: z.string().min(1) }),
  body: subscriptionUpdate,
  responses: [json(200, subscription)],
  errors: [...named('ResourceNotFound'), ...named('AlreadyCanceledSubscription', 'NotPermitted'), ...named('SubscriptionLocked')],
});

export type SubscriptionUpdateInput = ClientInput<typeof subscriptionUpdate>;

/** Part B: export, get and revoke (DELETE: immediate cancellation, part B §4). */
export const subscriptionOps = {
  /** "Result shape not shown" (part B §7): the server streams a CSV file, handed out as its text. */
  export: operation({
    method: 'GET',
    path: '/v1/subscriptions/export',
    security: 'accessToken',
    query: z.object({ organization_id: ids.nullable().optional() }),
    responses: [text(200, 'text/csv')],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/subscriptions/{id}',
    security: 'accessToken',
    pathParams: z.object({ id }),
    responses: [json(200, subscription)],
    errors: [...named('ResourceNotFound')],
  }),
  revoke: operation({
    method: 'DELETE',
    path: '/v1/subscriptions/{id}',
    security: 'accessToken',
    pathParams: z.object({ id }),
    responses: [json(200, subscription)],
    errors: [...named('ResourceNotFound'), ...named('AlreadyCanceledSubscription', 'NotPermitted')],
  }),
};

export const subscriptionsResource = (http: HttpClient) => ({
  list: listMethod(http, listSubscriptions),
  update: (id: string, body: SubscriptionUpdateInput, options?: CallOptions) =>
    http.call(updateSubscription, { path: { id }, body }, options),
  export: (query: ClientInput<typeof subscriptionOps.export.query> = {}, options?: CallOptions) =>
    http.call(subscriptionOps.export, { query }, options),
  get: (id: string, options?: CallOptions) => http.call(subscriptionOps.get, { path: { id } }, options),
  revoke: (id: string, options?: CallOptions) => http.call(subscriptionOps.revoke, { path: { id } }, options),
});
