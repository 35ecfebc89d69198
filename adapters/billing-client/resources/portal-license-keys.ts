import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import {
  licenseKey,
  licenseKeyActivate,
  licenseKeyActivation,
  licenseKeyDeactivate,
  licenseKeyValidate,
  licenseKeyWithActivations,
  validatedLicenseKey,
} from '../schemas/license-key.js';
import { id, ids, pageQuery } from '../schemas/list-query.js';

/**
 * The customer's license keys: list and get need the customer session; validate, activate and
 * deactivate use the access token only if the client has one, so an app can call them with the key
 * alone. Activation answers 403 NotPermitted when the activation limit is reached.
 */
export const portalLicenseKeyOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-portal/license-keys/',
    security: 'customerSession',
    query: z.object({
      organization_id: ids.nullable().optional(),
      benefit_id: ids.nullable().optional(),
      ...pageQuery,
    }),
    responses: [json(200, listResource(licenseKey))],
    errors: [...named('Unauthorized'), ...named('ResourceNotFound')],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/license-keys/{id}',
    security: 'customerSession',
    pathParams: z.object({ id }),
    responses: [json(200, licenseKeyWithActivations)],
    errors: [...named('ResourceNotFound')],
  }),
  validate: operation({
    method: 'POST',
    path: '/v1/customer-portal/license-keys/validate',
    security: 'optionalAccessToken',
    body: licenseKeyValidate,
    responses: [json(200, validatedLicenseKey)],
    errors: [...named('ResourceNotFound')],
  }),
  activate: operation({
    method: 'POST',
    path: '/v1/customer-portal/license-keys/activate',
    security: 'optionalAccessToken',
    body: licenseKeyActivate,
    responses: [json(200, licenseKeyActivation)],
    errors: [...named('ResourceNotFound', 'NotPermitted')],
  }),
  deactivate: operation({
    method: 'POST',
    path: '/v1/customer-portal/license-keys/deactivate',
    security: 'optionalAccessToken',
    body: licenseKeyDeactivate,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound')],
  }),
};
