import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, named, operation } from '../http/operation.js';
import { portalListMethod, withSession, type PortalAuth } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';
import { portalCustomerMeter } from '../schemas/meter.js';

/** The customer's own meters (billing part A §7). */
export const portalListMeters = operation({
  method: 'GET',
  path: '/v1/customer-portal/meters/',
  security: 'customerSession',
  query: z.object({
    meter_id: ids.nullable().optional(),
    query: z.string().nullable().optional(),
    ...pageQuery,
    sorting: sorting(['created_at', 'modified_at', 'meter_id', 'meter_name', 'consumed_units', 'credited_units', 'balance']),
  }),
  responses: [json(200, listResource(portalCustomerMeter))],
});

export const portalGetMeter = operation({
  method: 'GET',
  path: '/v1/customer-portal/meters/{id}',
  security: 'customerSession',
  pathParams: z.object({ id: z.string().min(1) }),
  responses: [json(200, portalCustomerMeter)],
  errors: named('ResourceNotFound'),
});

export const portalMetersResource = (http: HttpClient) => ({
  list: portalListMethod(http, portalListMeters),
  get: (auth: PortalAuth, id: string, options?: CallOptions) =>
    http.call(portalGetMeter, { path: { id } }, withSession(auth, options)),
});
