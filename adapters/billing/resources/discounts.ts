import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { discount } from '../schemas/discount.js';
import { discountCreate, discountUpdate } from '../schemas/discount-write.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';

/** Discounts (part B §7); the gateway uses `get`. */
export const getDiscount = operation({
  method: 'GET',
  path: '/v1/discounts/{id}',
  security: 'accessToken',
  pathParams: z.object({ id: z.string().min(1) }),
  responses: [json(200, discount)],
  errors: [...named('ResourceNotFound')],
});

const byId = z.object({ id: z.string().min(1) });

/** Part B: list, create, update, delete. */
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

export const discountsResource = (http: HttpClient) => ({
  get: (id: string, options?: CallOptions) => http.call(getDiscount, { path: { id } }, options),
  list: listMethod(http, discountOps.list),
  create: (body: ClientInput<typeof discountCreate>, options?: CallOptions) =>
    http.call(discountOps.create, { body }, options),
  update: (id: string, body: ClientInput<typeof discountUpdate>, options?: CallOptions) =>
    http.call(discountOps.update, { path: { id }, body }, options),
  delete: (id: string, options?: CallOptions) => http.call(discountOps.delete, { path: { id } }, options),
});
