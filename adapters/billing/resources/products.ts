import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';
import { product } from '../schemas/product.js';
import { productBenefitsUpdate, productCreate, productUpdate } from '../schemas/product-write.js';

/** Products (part B §7); the gateway uses `get`. */
export const getProduct = operation({
  method: 'GET',
  path: '/v1/products/{id}',
  security: 'accessToken',
  pathParams: z.object({ id: z.string().min(1) }),
  responses: [json(200, product)],
  errors: [...named('ResourceNotFound')],
});

const byId = z.object({ id: z.string().min(1) });

/** Part B: list, create, update and set benefits; §8: update and set benefits answer 403 NotPermitted. */
export const productOps = {
  list: operation({
    method: 'GET',
    path: '/v1/products/',
    security: 'accessToken',
    query: z.object({
      id: ids.nullable().optional(),
      organization_id: ids.nullable().optional(),
      query: z.string().nullable().optional(),
      is_archived: z.boolean().nullable().optional(),
      is_recurring: z.boolean().nullable().optional(),
      benefit_id: ids.nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'name', 'price_amount_type', 'price_amount']),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, listResource(product))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/products/',
    security: 'accessToken',
    body: productCreate,
    responses: [json(201, product)],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/products/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: productUpdate,
    responses: [json(200, product)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  updateBenefits: operation({
    method: 'POST',
    path: '/v1/products/{id}/benefits',
    security: 'accessToken',
    pathParams: byId,
    body: productBenefitsUpdate,
    responses: [json(200, product)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
};

export const productsResource = (http: HttpClient) => ({
  get: (id: string, options?: CallOptions) => http.call(getProduct, { path: { id } }, options),
  list: listMethod(http, productOps.list),
  create: (body: ClientInput<typeof productCreate>, options?: CallOptions) => http.call(productOps.create, { body }, options),
  update: (id: string, body: ClientInput<typeof productUpdate>, options?: CallOptions) =>
    http.call(productOps.update, { path: { id }, body }, options),
  /** Replaces the product's benefits with exactly these benefit ids. */
  updateBenefits: (id: string, benefits: string[], options?: CallOptions) =>
    http.call(productOps.updateBenefits, { path: { id }, body: { benefits } }, options),
});
