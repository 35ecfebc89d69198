import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, pageQuery, sorting } from '../schemas/list-query.js';
import { organization, organizationCreate, organizationUpdate } from '../schemas/organization.js';

const byId = z.object({ id });

/** Organizations; update answers 403 NotPermitted. */
export const organizationOps = {
  list: operation({
    method: 'GET',
    path: '/v1/organizations/',
    security: 'accessToken',
    query: z.object({ slug: z.string().nullable().optional(), ...pageQuery, sorting: sorting(['created_at', 'slug', 'name']) }),
    responses: [json(200, listResource(organization))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/organizations/',
    security: 'accessToken',
    body: organizationCreate,
    responses: [json(201, organization)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/organizations/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, organization)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/organizations/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: organizationUpdate,
    bodyKey: 'organizationUpdate',
    responses: [json(200, organization)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
};
