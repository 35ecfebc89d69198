import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { licenseKey, licenseKeyActivation, licenseKeyUpdate, licenseKeyWithActivations } from '../schemas/license-key.js';
import { id, ids, pageQuery } from '../schemas/list-query.js';

const byId = z.object({ id });

/** License keys, seller side; 401 Unauthorized is possible on each. */
export const licenseKeyOps = {
  list: operation({
    method: 'GET',
    path: '/v1/license-keys/',
    security: 'accessToken',
    query: z.object({ organization_id: ids.nullable().optional(), benefit_id: ids.nullable().optional(), ...pageQuery }),
    responses: [json(200, listResource(licenseKey))],
    errors: [...named('ResourceNotFound')],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/license-keys/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, licenseKeyWithActivations)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/license-keys/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: licenseKeyUpdate,
    bodyKey: 'licenseKeyUpdate',
    responses: [json(200, licenseKey)],
    errors: [...named('ResourceNotFound')],
  }),
  getActivation: operation({
    method: 'GET',
    path: '/v1/license-keys/{id}/activations/{activation_id}',
    security: 'accessToken',
    pathParams: z.object({ id, activation_id: id }),
    responses: [json(200, licenseKeyActivation)],
    errors: [...named('ResourceNotFound')],
  }),
};
