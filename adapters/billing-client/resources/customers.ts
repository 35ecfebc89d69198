import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { customer, customerState } from '../schemas/customer.js';
import { customerCreate, customerUpdate, customerUpdateExternal } from '../schemas/customer-write.js';
import { id, ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id });
const byExternalId = z.object({ external_id: id });
const notFound = [...named('ResourceNotFound')];

/** Customers, by id and by external id (reference §4 "Customers"); the gateway reads the state by external id. */
export const customerOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customers/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      email: z.string().nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'email', 'name']),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, listResource(customer))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/customers/',
    security: 'accessToken',
    body: customerCreate,
    responses: [json(201, customer)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customers/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, customer)],
    errors: notFound,
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/customers/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: customerUpdate,
    bodyKey: 'customerUpdate',
    responses: [json(200, customer)],
    errors: notFound,
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/customers/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: notFound,
  }),
  getState: operation({
    method: 'GET',
    path: '/v1/customers/{id}/state',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, customerState)],
    errors: notFound,
  }),
  getExternal: operation({
    method: 'GET',
    path: '/v1/customers/external/{external_id}',
    security: 'accessToken',
    pathParams: byExternalId,
    responses: [json(200, customer)],
    errors: notFound,
  }),
  updateExternal: operation({
    method: 'PATCH',
    path: '/v1/customers/external/{external_id}',
    security: 'accessToken',
    pathParams: byExternalId,
    body: customerUpdateExternal,
    bodyKey: 'customerUpdateExternalID',
    responses: [json(200, customer)],
    errors: notFound,
  }),
  deleteExternal: operation({
    method: 'DELETE',
    path: '/v1/customers/external/{external_id}',
    security: 'accessToken',
    pathParams: byExternalId,
    responses: [empty(204)],
    errors: notFound,
  }),
  getStateExternal: operation({
    method: 'GET',
    path: '/v1/customers/external/{external_id}/state',
    security: 'accessToken',
    pathParams: byExternalId,
    responses: [json(200, customerState)],
    errors: notFound,
  }),
};
