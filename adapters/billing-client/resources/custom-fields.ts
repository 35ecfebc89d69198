import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { customField, customFieldCreate, customFieldType, customFieldUpdate } from '../schemas/custom-field.js';
import { id, ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id });

/** Custom fields, the extra questions a checkout can ask. */
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
    bodyKey: 'customFieldUpdate',
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
