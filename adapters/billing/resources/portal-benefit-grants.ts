import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, named, operation, type ClientInput } from '../http/operation.js';
import { portalListMethod, withSession, type PortalAuth } from '../http/pagination.js';
import { benefitTypes } from '../schemas/benefit.js';
import { portalBenefitGrant, portalBenefitGrantUpdate } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

/** Customer portal benefit grants (billing part A §7 "Customer portal"). */
const byId = z.object({ id: z.string().min(1) });

export const portalListBenefitGrants = operation({
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
});

export const portalGetBenefitGrant = operation({
  method: 'GET',
  path: '/v1/customer-portal/benefit-grants/{id}',
  security: 'customerSession',
  pathParams: byId,
  responses: [json(200, portalBenefitGrant)],
  errors: named('ResourceNotFound'),
});

export const portalUpdateBenefitGrant = operation({
  method: 'PATCH',
  path: '/v1/customer-portal/benefit-grants/{id}',
  security: 'customerSession',
  pathParams: byId,
  body: portalBenefitGrantUpdate,
  responses: [json(200, portalBenefitGrant)],
  errors: [...named('ResourceNotFound'), ...named('NotPermitted')],
});

export const portalBenefitGrantsResource = (http: HttpClient) => ({
  list: portalListMethod(http, portalListBenefitGrants),
  get: (auth: PortalAuth, id: string, options?: CallOptions) =>
    http.call(portalGetBenefitGrant, { path: { id } }, withSession(auth, options)),
  update: (auth: PortalAuth, id: string, body: ClientInput<typeof portalBenefitGrantUpdate>, options?: CallOptions) =>
    http.call(portalUpdateBenefitGrant, { path: { id }, body }, withSession(auth, options)),
});
