import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { fileCreate, filePatch, fileRead, fileUpload, fileUploadCompleted } from '../schemas/file.js';
import { id, ids, pageQuery } from '../schemas/list-query.js';

const byId = z.object({ id });

/** Files; uploaded, update and delete answer 403 when not authorized. */
export const fileOps = {
  list: operation({
    method: 'GET',
    path: '/v1/files/',
    security: 'accessToken',
    query: z.object({ organization_id: ids.nullable().optional(), ids: ids.nullable().optional(), ...pageQuery }),
    responses: [json(200, listResource(fileRead))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/files/',
    security: 'accessToken',
    body: fileCreate,
    responses: [json(201, fileUpload)],
  }),
  uploaded: operation({
    method: 'POST',
    path: '/v1/files/{id}/uploaded',
    security: 'accessToken',
    pathParams: byId,
    body: fileUploadCompleted,
    bodyKey: 'fileUploadCompleted',
    responses: [json(200, fileRead)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/files/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: filePatch,
    bodyKey: 'filePatch',
    responses: [json(200, fileRead)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  delete: operation({
    method: 'DELETE',
    path: '/v1/files/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
};
