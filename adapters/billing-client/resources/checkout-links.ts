import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { checkoutLink, checkoutLinkCreate, checkoutLinkUpdate } from '../schemas/checkout-link.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id: z.string().min(1) });

/** Checkout links. */
export const checkoutLinkOps = {
  list: operation({
    method: 'GET',
    path: '/v1/checkout-links/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      product_id: ids.nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'label', 'success_url', 'allow_discount_codes']),
    }),
    responses: [json(200, listResource(checkoutLink))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/checkout-links/',
    security: 'accessToken',
    body: checkoutLinkCreate,
    responses: [json(201, checkoutLink)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/checkout-links/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, checkoutLink)],
    errors: named('ResourceNotFound'),
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/checkout-links/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: checkoutLinkUpdate,
    bodyKey: 'checkoutLinkUpdate',
    responses: [json(200, checkoutLink)],
    errors: named('ResourceNotFound'),
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/checkout-links/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: named('ResourceNotFound'),
  }),
};
