import { z } from 'zod';
import { json, named, operation, text } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';
import { subscription, subscriptionUpdate } from '../schemas/subscription.js';

/** Seller subscriptions (the gateway uses list and update); revoke (DELETE) cancels at once. */
export const subscriptionOps = {
  list: operation({
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
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/subscriptions/{id}',
    security: 'accessToken',
    pathParams: z.object({ id: z.string().min(1) }),
    body: subscriptionUpdate,
    bodyKey: 'subscriptionUpdate',
    responses: [json(200, subscription)],
    errors: [...named('ResourceNotFound'), ...named('AlreadyCanceledSubscription', 'NotPermitted'), ...named('SubscriptionLocked')],
  }),
  /** The specs show no result shape: the server streams a CSV file, handed out as its text. */
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
