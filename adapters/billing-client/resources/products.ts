import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';
import { product } from '../schemas/product.js';
import { productBenefitsUpdate, productCreate, productUpdate } from '../schemas/product-write.js';

const byId = z.object({ id: z.string().min(1) });

/** Products (the gateway reads the plan with `get`); update and set benefits answer 403 NotPermitted. */
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
  get: operation({
    method: 'GET',
    path: '/v1/products/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, product)],
    errors: [...named('ResourceNotFound')],
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
    bodyKey: 'productUpdate',
    responses: [json(200, product)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  updateBenefits: operation({
    method: 'POST',
    path: '/v1/products/{id}/benefits',
    security: 'accessToken',
    pathParams: byId,
    body: productBenefitsUpdate,
    bodyKey: 'productBenefitsUpdate',
    responses: [json(200, product)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
};
