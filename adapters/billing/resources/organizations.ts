import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, pageQuery, sorting } from '../schemas/list-query.js';
import { organization, organizationCreate, organizationUpdate } from '../schemas/organization.js';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { listMethod } from '../http/pagination.js';
import type { ClientInput } from '../http/operation.js';

const byId = z.object({ id });

/** billing part B §7 "Organizations"; §8: update answers 403 NotPermitted. */
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
    responses: [json(200, organization)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
};

export const organizationsResource = (http: HttpClient) => ({
  list: listMethod(http, organizationOps.list),
  create: (body: ClientInput<typeof organizationCreate>, options?: CallOptions) =>
    http.call(organizationOps.create, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(organizationOps.get, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof organizationUpdate>, options?: CallOptions) =>
    http.call(organizationOps.update, { path: { id }, body }, options),
});
