import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';
import { portalCustomerMeter } from '../schemas/meter.js';

/** The customer's own meters. */
export const portalMeterOps = {
  list: operation({
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
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/meters/{id}',
    security: 'customerSession',
    pathParams: z.object({ id: z.string().min(1) }),
    responses: [json(200, portalCustomerMeter)],
    errors: named('ResourceNotFound'),
  }),
};
