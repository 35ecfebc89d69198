import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { benefit, benefitCreate, benefitType, benefitUpdate } from '../schemas/benefit.js';
import { benefitGrant } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { ids, metadataFilter, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id: z.string().min(1) });

/** Benefits and their grants, seller side. */
export const benefitOps = {
  list: operation({
    method: 'GET',
    path: '/v1/benefits/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      type: oneOrMany(benefitType).nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'description']),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, listResource(benefit))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/benefits/',
    security: 'accessToken',
    body: benefitCreate,
    responses: [json(201, benefit)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/benefits/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, benefit)],
    errors: named('ResourceNotFound'),
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/benefits/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: benefitUpdate,
    bodyKey: 'benefitUpdate',
    responses: [json(200, benefit)],
    errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/benefits/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
  }),
  grants: operation({
    method: 'GET',
    path: '/v1/benefits/{id}/grants',
    security: 'accessToken',
    pathParams: byId,
    query: z.object({
      is_granted: z.boolean().nullable().optional(),
      customer_id: ids.nullable().optional(),
      ...pageQuery,
    }),
    responses: [json(200, listResource(benefitGrant))],
    errors: named('ResourceNotFound'),
  }),
};
