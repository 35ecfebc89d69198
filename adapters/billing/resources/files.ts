import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { fileCreate, filePatch, fileRead, fileUpload, fileUploadCompleted } from '../schemas/file.js';
import { id, ids, pageQuery } from '../schemas/list-query.js';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { listMethod } from '../http/pagination.js';
import type { ClientInput } from '../http/operation.js';

const byId = z.object({ id });

/** billing part B §7 "Files"; §8: uploaded, update and delete answer 403 when not authorized. */
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
    responses: [json(200, fileRead)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/files/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: filePatch,
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

export const filesResource = (http: HttpClient) => ({
  list: listMethod(http, fileOps.list),
  create: (body: ClientInput<typeof fileCreate>, options?: CallOptions) => http.call(fileOps.create, { body }, options),
  uploaded: (id: string, body: ClientInput<typeof fileUploadCompleted>, options?: CallOptions) =>
    http.call(fileOps.uploaded, { path: { id }, body }, options),
  update: (id: string, body: ClientInput<typeof filePatch>, options?: CallOptions) =>
    http.call(fileOps.update, { path: { id }, body }, options),
  delete: (id: string, options?: CallOptions) => http.call(fileOps.delete, { path: { id } }, options),
});
