import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { dateTime } from '../schemas/common.js';
import { id, ids, metadataFilter } from '../schemas/list-query.js';
import { aggregationFunctions, meterQuantities } from '../schemas/meter-quantity.js';
import { timeInterval } from '../schemas/metrics.js';

/** A meter's quantities per period (`client.meters`: of the seller's meter calls, the specs show only this one). */
export const meterQuantityOps = {
  quantities: operation({
    method: 'GET',
    path: '/v1/meters/{id}/quantities',
    security: 'accessToken',
    pathParams: z.object({ id }),
    query: z.object({
      start_timestamp: dateTime,
      end_timestamp: dateTime,
      interval: timeInterval,
      customer_id: ids.nullable().optional(),
      external_customer_id: ids.nullable().optional(),
      customer_aggregation_function: z.enum(aggregationFunctions).nullable().optional(),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, meterQuantities)],
    errors: [...named('ResourceNotFound')],
  }),
};
