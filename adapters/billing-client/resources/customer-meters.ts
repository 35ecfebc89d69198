import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';
import { customerMeter } from '../schemas/meter.js';

/** Customer meters: each customer's balance on each meter. */
export const customerMeterOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-meters/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      external_customer_id: ids.nullable().optional(),
      meter_id: ids.nullable().optional(),
      ...pageQuery,
      sorting: sorting([
        'created_at',
        'modified_at',
        'customer_id',
        'customer_name',
        'meter_id',
        'meter_name',
        'consumed_units',
        'credited_units',
        'balance',
      ]),
    }),
    responses: [json(200, listResource(customerMeter))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-meters/{id}',
    security: 'accessToken',
    pathParams: z.object({ id: z.string().min(1) }),
    responses: [json(200, customerMeter)],
    errors: named('ResourceNotFound'),
  }),
};
