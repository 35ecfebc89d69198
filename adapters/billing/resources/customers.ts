import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { customer, customerState } from '../schemas/customer.js';
import { customerCreate, customerUpdate, customerUpdateExternal } from '../schemas/customer-write.js';
import { id, ids, metadataFilter, pageQuery, sorting } from '../schemas/list-query.js';

/** Customers (part B §7); the gateway uses the state by external id. */
export const getCustomerStateExternal = operation({
  method: 'GET',
  path: '/v1/customers/external/{external_id}/state',
  security: 'accessToken',
  pathParams: z.object({ external_id: z.string().min(1) }),
  responses: [json(200, customerState)],
  errors: [...named('ResourceNotFound')],
});

const byId = z.object({ id });
const byExternalId = z.object({ external_id: id });
const notFound = [...named('ResourceNotFound')];

/** Part B: the other customer calls, by id and by external id (reference §4 "Customers"). */
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
};

export const customersResource = (http: HttpClient) => ({
  getStateExternal: (externalId: string, options?: CallOptions) =>
    http.call(getCustomerStateExternal, { path: { externalId } }, options),
  list: listMethod(http, customerOps.list),
  create: (body: ClientInput<typeof customerCreate>, options?: CallOptions) => http.call(customerOps.create, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(customerOps.get, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof customerUpdate>, options?: CallOptions) =>
    http.call(customerOps.update, { path: { id }, body }, options),
  /** Soft delete: the provider also cancels subscriptions and revokes benefits (reference §4). */
  delete: (id: string, options?: CallOptions) => http.call(customerOps.delete, { path: { id } }, options),
  getState: (id: string, options?: CallOptions) => http.call(customerOps.getState, { path: { id } }, options),
  getExternal: (externalId: string, options?: CallOptions) =>
    http.call(customerOps.getExternal, { path: { externalId } }, options),
  updateExternal: (externalId: string, body: ClientInput<typeof customerUpdateExternal>, options?: CallOptions) =>
    http.call(customerOps.updateExternal, { path: { externalId }, body }, options),
  deleteExternal: (externalId: string, options?: CallOptions) =>
    http.call(customerOps.deleteExternal, { path: { externalId } }, options),
});
