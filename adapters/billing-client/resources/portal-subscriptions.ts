import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { customerSubscription, customerSubscriptionUpdate } from '../schemas/portal-views.js';
import { id, ids, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id });
const refusals = [...named('ResourceNotFound'), ...named('AlreadyCanceledSubscription', 'NotPermitted')];

/** The customer's own subscriptions, incl. cancel. */
export const portalSubscriptionOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-portal/subscriptions/',
    security: 'customerSession',
    query: z.object({
      organization_id: ids.nullable().optional(),
      product_id: ids.nullable().optional(),
      active: z.boolean().nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['started_at', 'amount', 'status', 'organization', 'product']),
    }),
    responses: [json(200, listResource(customerSubscription))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/subscriptions/{id}',
    security: 'customerSession',
    pathParams: byId,
    responses: [json(200, customerSubscription)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/customer-portal/subscriptions/{id}',
    security: 'customerSession',
    pathParams: byId,
    body: customerSubscriptionUpdate,
    bodyKey: 'customerSubscriptionUpdate',
    responses: [json(200, customerSubscription)],
    errors: refusals,
  }),
  cancel: operation({
    method: 'DELETE',
    path: '/v1/customer-portal/subscriptions/{id}',
    security: 'customerSession',
    pathParams: byId,
    responses: [json(200, customerSubscription)],
    errors: refusals,
  }),
};
