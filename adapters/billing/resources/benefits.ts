import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { benefit, benefitCreate, benefitType, benefitUpdate } from '../schemas/benefit.js';
import { benefitGrant } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { ids, metadataFilter, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

/** Benefits and their grants, seller side (billing part A §7 "Benefits"). */
const byId = z.object({ id: z.string().min(1) });

export const listBenefits = operation({
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
});

export const createBenefit = operation({
  method: 'POST',
  path: '/v1/benefits/',
  security: 'accessToken',
  body: benefitCreate,
  responses: [json(201, benefit)],
});

export const getBenefit = operation({
  method: 'GET',
  path: '/v1/benefits/{id}',
  security: 'accessToken',
  pathParams: byId,
  responses: [json(200, benefit)],
  errors: named('ResourceNotFound'),
});

export const updateBenefit = operation({
  method: 'PATCH',
  path: '/v1/benefits/{id}',
  security: 'accessToken',
  pathParams: byId,
  body: benefitUpdate,
  responses: [json(200, benefit)],
  errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
});

export const deleteBenefit = operation({
  method: 'DELETE',
  path: '/v1/benefits/{id}',
  security: 'accessToken',
  pathParams: byId,
  responses: [empty(204)],
  errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
});

export const listBenefitGrants = operation({
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
});

export const benefitsResource = (http: HttpClient) => ({
  list: listMethod(http, listBenefits),
  create: (body: ClientInput<typeof benefitCreate>, options?: CallOptions) => http.call(createBenefit, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(getBenefit, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof benefitUpdate>, options?: CallOptions) =>
    http.call(updateBenefit, { path: { id }, body }, options),
  delete: (id: string, options?: CallOptions) => http.call(deleteBenefit, { path: { id } }, options),
  /** `grants({ id, isGranted, customerId, page, limit })`, with `.pages` and `.items`. */
  grants: listMethod(http, listBenefitGrants),
});
