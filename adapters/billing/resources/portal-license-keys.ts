import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { portalListMethod, withSession, type PortalAuth } from '../http/pagination.js';
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
 * The customer's license keys: `list` (part A), then get, validate, activate and deactivate (part B).
 */
export const portalListLicenseKeys = operation({
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
});

/**
 * Part B: get needs the customer session; validate, activate and deactivate use the access token only
 * if the client has one (part B §6), so an app can call them with the key alone. §8: 403 NotPermitted
 * when the activation limit is reached.
 */
export const portalLicenseKeyOps = {
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

export const portalLicenseKeysResource = (http: HttpClient) => ({
  list: portalListMethod(http, portalListLicenseKeys),
  get: (auth: PortalAuth, id: string, options?: CallOptions) =>
    http.call(portalLicenseKeyOps.get, { path: { id } }, withSession(auth, options)),
  validate: (body: ClientInput<typeof licenseKeyValidate>, options?: CallOptions) =>
    http.call(portalLicenseKeyOps.validate, { body }, options),
  activate: (body: ClientInput<typeof licenseKeyActivate>, options?: CallOptions) =>
    http.call(portalLicenseKeyOps.activate, { body }, options),
  deactivate: (body: ClientInput<typeof licenseKeyDeactivate>, options?: CallOptions) =>
    http.call(portalLicenseKeyOps.deactivate, { body }, options),
});
