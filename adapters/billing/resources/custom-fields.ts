import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { customField, customFieldCreate, customFieldType, customFieldUpdate } from '../schemas/custom-field.js';
import { id, ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { listMethod } from '../http/pagination.js';
import type { ClientInput } from '../http/operation.js';

const byId = z.object({ id });

/** billing part B §7 "Customers, sessions, custom fields and discounts": the custom-field calls. */
export const customFieldOps = {
  list: operation({
    method: 'GET',
    path: '/v1/custom-fields/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      query: z.string().nullable().optional(),
      type: oneOrMany(customFieldType).nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'slug', 'name', 'type']),
    }),
    responses: [json(200, listResource(customField))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/custom-fields/',
    security: 'accessToken',
    body: customFieldCreate,
    responses: [json(201, customField)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/custom-fields/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, customField)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/custom-fields/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: customFieldUpdate,
    responses: [json(200, customField)],
    errors: [...named('ResourceNotFound')],
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/custom-fields/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound')],
  }),
};

export const customFieldsResource = (http: HttpClient) => ({
  list: listMethod(http, customFieldOps.list),
  create: (body: ClientInput<typeof customFieldCreate>, options?: CallOptions) =>
    http.call(customFieldOps.create, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(customFieldOps.get, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof customFieldUpdate>, options?: CallOptions) =>
    http.call(customFieldOps.update, { path: { id }, body }, options),
  delete: (id: string, options?: CallOptions) => http.call(customFieldOps.delete, { path: { id } }, options),
});
