import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { benefitTypes } from '../schemas/benefit.js';
import { portalBenefitGrant, portalBenefitGrantUpdate } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id: z.string().min(1) });

/** The customer's own benefit grants. */
export const portalBenefitGrantOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-portal/benefit-grants/',
    security: 'customerSession',
    query: z.object({
      type: oneOrMany(z.enum(benefitTypes)).nullable().optional(),
      benefit_id: ids.nullable().optional(),
      organization_id: ids.nullable().optional(),
      checkout_id: ids.nullable().optional(),
      order_id: ids.nullable().optional(),
      subscription_id: ids.nullable().optional(),
      ...pageQuery,
      sorting: sorting(['granted_at', 'type', 'organization']),
    }),
    responses: [json(200, listResource(portalBenefitGrant))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/benefit-grants/{id}',
    security: 'customerSession',
    pathParams: byId,
    responses: [json(200, portalBenefitGrant)],
    errors: named('ResourceNotFound'),
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/customer-portal/benefit-grants/{id}',
    security: 'customerSession',
    pathParams: byId,
    body: portalBenefitGrantUpdate,
    bodyKey: 'customerBenefitGrantUpdate',
    responses: [json(200, portalBenefitGrant)],
    errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
  }),
};
