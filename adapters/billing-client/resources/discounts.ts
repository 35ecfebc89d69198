import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { discount } from '../schemas/discount.js';
import { discountCreate, discountUpdate } from '../schemas/discount-write.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id: z.string().min(1) });

/** Discounts (the gateway reads the plan's discount with `get`). */
export const discountOps = {
  list: operation({
    method: 'GET',
    path: '/v1/discounts/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'name', 'code', 'redemptions_count']),
    }),
    responses: [json(200, listResource(discount))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/discounts/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, discount)],
    errors: [...named('ResourceNotFound')],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/discounts/',
    security: 'accessToken',
    body: discountCreate,
    responses: [json(201, discount)],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/discounts/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: discountUpdate,
    bodyKey: 'discountUpdate',
    responses: [json(200, discount)],
    errors: [...named('ResourceNotFound')],
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/discounts/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound')],
  }),
};
